import { ResourceListPage } from '../../../admin/ResourceListPage'
import { TreeResourcePage } from '../../../admin/TreeResourcePage'
import { useLinkModel } from '../../../admin/choosers/linkModel'
import type { PageProps } from '../../pageTypes'
import { positionResource, positionTreeTable } from './positionResource'

/**
 * Positions (menu route PositionList): a tree table when the link model (user.link.model) is 1,
 * else the paged list; both edit through the same resource definition.
 */
export default function PositionListPage(_: PageProps) {
  return useLinkModel() === '1' ? <TreeResourcePage definition={positionTreeTable} /> : <ResourceListPage definition={positionResource} />
}
