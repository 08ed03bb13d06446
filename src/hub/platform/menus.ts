import type { MenuItem } from '../../shared/contract/platform/startup'
import type { MenuRow } from './menuRepository'

// The rows the tree is built from are the repository's; the menus' tests name them from here.
export type { MenuRow }

/**
 * The menu tree a user may see: an item needs its permission code (or none); a catalog is
 * kept only when something below it is visible, so nobody meets an empty section. Siblings are
 * sorted by weight, then by id for a stable order. Rows whose parent is missing are unreachable
 * and left out.
 */
export function visibleMenuTree(rows: readonly MenuRow[], permissions: ReadonlySet<string>): MenuItem[] {
  const byParent = new Map<string | null, MenuRow[]>()
  for (const row of rows) byParent.set(row.parentId, [...(byParent.get(row.parentId) ?? []), row])
  const build = (parentId: string | null): MenuItem[] =>
    (byParent.get(parentId) ?? [])
      .filter((row) => row.permission === null || permissions.has(row.permission))
      .sort((a, b) => a.weight - b.weight || a.id.localeCompare(b.id))
      .flatMap((row) => {
        const children = build(row.id)
        return row.type === 'catalog' && children.length === 0 ? [] : [{ ...row, children }]
      })
  return build(null)
}
