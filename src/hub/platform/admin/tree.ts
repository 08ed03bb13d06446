import type { TreeNode } from '../../../shared/contract/platform/admin/common'
import { NORMAL } from '../../../shared/rules/platform/status'
import { childNormal, parentAbnormal, parentInvalid } from './refusals'

/** What the tree rules need of an organisation or position row. */
export interface TreeRow {
  id: string
  parent_id: string | null
  status: string
}

/** A record named by its code, as an import finds codes and parents. */
export interface CodedRow {
  id: string
  code: string
  status: string
}

/** Ids of `id` and everything below it. */
export function branchIds(rows: readonly TreeRow[], id: string): Set<string> {
  const out = new Set([id])
  let grew = true
  while (grew) {
    grew = false
    for (const r of rows) {
      if (r.parent_id && out.has(r.parent_id) && !out.has(r.id)) {
        out.add(r.id)
        grew = true
      }
    }
  }
  return out
}

/**
 * Spec part 2 §4: a child cannot be set normal while its parent is abnormal; a parent cannot
 * be set abnormal while a child is normal. A node cannot move under itself or its own branch.
 * `id` is null for a new node.
 */
export function checkTreeChange(rows: readonly TreeRow[], change: { id: string | null; parentId: string | null; status: string }): void {
  const parent = change.parentId ? rows.find((r) => r.id === change.parentId) : null
  if (change.parentId && !parent) throw parentInvalid()
  if (change.id && change.parentId && branchIds(rows, change.id).has(change.parentId)) throw parentInvalid()
  if (change.status === NORMAL && parent && parent.status !== NORMAL) throw parentAbnormal()
  if (change.id && change.status !== NORMAL && rows.some((r) => r.parent_id === change.id && r.status === NORMAL)) throw childNormal()
}

/** Rows → nested nodes, siblings in the rows' order; rows whose parent is missing become roots. */
export function buildTree<R extends TreeRow>(rows: readonly R[], toNode: (row: R) => Omit<TreeNode, 'children' | 'parentId'>): TreeNode[] {
  const ids = new Set(rows.map((r) => r.id))
  const byParent = new Map<string | null, R[]>()
  for (const r of rows) {
    const key = r.parent_id && ids.has(r.parent_id) ? r.parent_id : null
    byParent.set(key, [...(byParent.get(key) ?? []), r])
  }
  const build = (parentId: string | null, seen: Set<string>): TreeNode[] =>
    (byParent.get(parentId) ?? [])
      .filter((r) => !seen.has(r.id))
      .map((r) => ({ ...toNode(r), parentId, children: build(r.id, new Set([...seen, r.id])) }))
  return build(null, new Set())
}

/** The nodes that match, with their ancestors (a filtered tree keeps the path to each match). */
export function filterTree(nodes: readonly TreeNode[], match: (n: TreeNode) => boolean): TreeNode[] {
  return nodes.flatMap((n) => {
    const children = filterTree(n.children, match)
    return match(n) || children.length > 0 ? [{ ...n, children }] : []
  })
}
