import { ResourceListPage } from '../../../admin/ResourceListPage'
import type { PageProps } from '../../pageTypes'
import { langTypeResource } from './langTypeResource'

/** Menu route LangTypeList: a resource definition on the generic list. */
export default function LangTypeListPage(_: PageProps) {
  return <ResourceListPage definition={langTypeResource} />
}
