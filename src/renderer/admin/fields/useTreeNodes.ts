import { useEffect, useState } from 'react'
import type { TreeNode } from '../../../shared/contract/platform/admin/common'
import type { Endpoint } from '../../../shared/endpoint'
import { callHub } from '../../api/hub'
import type { TreeSource } from '../resource'

/**
 * The nodes of a tree source, loaded once per source (a failure leaves the tree empty), and
 * whether the hub has answered: an empty tree then means there is nothing to choose.
 */
export function useTreeSource(source: TreeSource | undefined): { nodes: TreeNode[]; loaded: boolean } {
  const [state, setState] = useState<{ nodes: TreeNode[]; loaded: boolean }>({ nodes: [], loaded: false })
  useEffect(() => {
    if (!source) return
    let live = true
    void callHub(source.endpoint as Endpoint, source.input as never, { quiet: true }).then((r) => {
      if (live) setState((s) => ({ nodes: r.ok ? (r.data as TreeNode[]) : s.nodes, loaded: true }))
    })
    return () => {
      live = false
    }
  }, [source])
  return state
}

/** The nodes of a tree source (see useTreeSource). */
export const useTreeNodes = (source: TreeSource | undefined): TreeNode[] => useTreeSource(source).nodes
