import { ResourceListPage } from '../../../admin/ResourceListPage'
import type { PageProps } from '../../pageTypes'
import { applicationResource } from './applicationResource'

/** Applications (menu route ApplicationList). */
export default function ApplicationListPage(_: PageProps) {
  return <ResourceListPage definition={applicationResource} />
}
