import { ResourceListPage } from '../../../admin/ResourceListPage'
import type { PageProps } from '../../pageTypes'
import { gatewayExternalResource } from './gatewayExternalResource'
import { RefreshRoutesButton } from './RefreshRoutesButton'

/** External gateway routes (menu route GatewayExternalList). */
export default function GatewayExternalListPage(_: PageProps) {
  return <ResourceListPage definition={gatewayExternalResource} header={<RefreshRoutesButton />} />
}
