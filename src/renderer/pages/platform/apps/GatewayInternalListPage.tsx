import { ResourceListPage } from '../../../admin/ResourceListPage'
import type { PageProps } from '../../pageTypes'
import { gatewayInternalResource } from './gatewayInternalResource'
import { RefreshRoutesButton } from './RefreshRoutesButton'

/** Internal gateway routes (menu route GatewayInternalList). */
export default function GatewayInternalListPage(_: PageProps) {
  return <ResourceListPage definition={gatewayInternalResource} header={<RefreshRoutesButton />} />
}
