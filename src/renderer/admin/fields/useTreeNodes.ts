import { useEffect, useState } from 'react'
import type { TreeNode } from '../../../shared/contract/platform/admin/common'
import type { Endpoint } from '../../../shared/endpoint'
import { callHub } from '../../api/hub'
import type { TreeSource } from '../resource'

/** The nodes of a tree source, loaded once per source (a failure leaves the tree empty). */
export function useTreeNodes(source: TreeSource | undefined): TreeNode[] {
  const [nodes, setNodes] = useState<TreeNode[]>([])
  useEffect(() => {
    if (!source) return
    let live = true
    void callHub(source.endpoint as Endpoint, source.input as never, { quiet: true }).then((r) => {
      if (live && r.ok) setNodes(r.data as TreeNode[])
    })
    return () => {
      live = false
    }
  }, [source])
  return nodes
}
