import { ResourceListPage } from '../../../admin/ResourceListPage'
import type { PageProps } from '../../pageTypes'
import { dataSourceResource } from './dataSourceResource'

/** Data sources (menu route DataSourceList): a resource definition on the generic list. */
export default function DataSourceListPage(_: PageProps) {
  return <ResourceListPage definition={dataSourceResource} />
}
