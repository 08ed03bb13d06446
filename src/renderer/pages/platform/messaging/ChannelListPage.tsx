import { ResourceListPage } from '../../../admin/ResourceListPage'
import type { PageProps } from '../../pageTypes'
import { channelResource } from './channelResource'

/** Message channels (menu route ChannelList): a resource definition on the generic list. */
export default function ChannelListPage(_: PageProps) {
  return <ResourceListPage definition={channelResource} />
}
