import { ResourceListPage } from '../../../admin/ResourceListPage'
import type { PageProps } from '../../pageTypes'
import { clientRouterResource } from './clientRouterResource'

/** Client router settings (menu route ClientRouterList). */
export default function ClientRouterListPage(_: PageProps) {
  return <ResourceListPage definition={clientRouterResource} />
}
