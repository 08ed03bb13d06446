import type { TreeNode } from '../../../shared/contract/platform/admin/common'
import type { Endpoint } from '../../../shared/endpoint'
import { useHubQuery } from '../../api/query'
import type { TreeSource } from '../resource'

/** Before the first answer (or without a source): one empty list, not a new one each render. */
const NO_NODES: TreeNode[] = []

/**
 * The nodes of a tree source, loaded once per source (a failure leaves the tree empty), and
 * whether the hub has answered: an empty tree then means there is nothing to choose.
 */
export function useTreeSource(source: TreeSource | undefined): { nodes: TreeNode[]; loaded: boolean } {
  const { data, error } = useHubQuery(source?.endpoint as Endpoint | undefined, source?.input as never, { quiet: true })
  return { nodes: (data as TreeNode[] | undefined) ?? NO_NODES, loaded: data !== undefined || error !== undefined }
}

/** The nodes of a tree source (see useTreeSource). */
export const useTreeNodes = (source: TreeSource | undefined): TreeNode[] => useTreeSource(source).nodes
