import type { TreeNode } from '../../../shared/contract/platform/admin/common'
import type { Endpoint } from '../../../shared/endpoint'
import { useHubQuery } from '../../api/query'
import type { TreeSource } from '../resource'

/** Before the first answer (or without a source): one empty list, not a new one each render. */
const NO_NODES: TreeNode[] = []

/** The nodes of a tree source, loaded once per source (a failure leaves the tree empty). */
export function useTreeNodes(source: TreeSource | undefined): TreeNode[] {
  const { data } = useHubQuery(source?.endpoint as Endpoint | undefined, source?.input as never, { quiet: true })
  return (data as TreeNode[] | undefined) ?? NO_NODES
}
