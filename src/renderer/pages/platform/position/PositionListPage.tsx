import { ResourceListPage } from '../../../admin/ResourceListPage'
import { useLinkModel } from '../../../admin/choosers/linkModel'
import type { PageProps } from '../../pageTypes'
import { positionResource } from './positionResource'
import { PositionTree } from './PositionTree'

/**
 * Positions (menu route PositionList): a tree table when the link model (user.link.model) is 1,
 * else the paged list; both edit through the same resource definition.
 */
export default function PositionListPage(_: PageProps) {
  return useLinkModel() === '1' ? <PositionTree /> : <ResourceListPage definition={positionResource} />
}
