import { ResourceListPage } from '../../../admin/ResourceListPage'
import type { PageProps } from '../../pageTypes'
import { authenticationResource } from './authenticationResource'

/** API authentication (menu route AuthenticationList): a resource definition on the generic list. */
export default function AuthenticationListPage(_: PageProps) {
  return <ResourceListPage definition={authenticationResource} />
}
