import type { MenuItem } from '../../../../shared/contract/platform/startup'

/**
 * Ticking menus in the role authorisation screen. The hub shows a user a menu item only when
 * every item above it is granted too (a catalog is the way to its pages), so ticking an item
 * also ticks its ancestors and everything below it; unticking takes it and everything below.
 */
export function descendantsOf(item: MenuItem): string[] {
  return item.children.flatMap((c) => [...(c.permission ? [c.permission] : []), ...descendantsOf(c)])
}

/** The permission codes on the path from a root to the item with `code`, that item excluded. */
export function ancestorsOf(menus: readonly MenuItem[], code: string, path: string[] = []): string[] | null {
  for (const m of menus) {
    if (m.permission === code) return path
    const below = ancestorsOf(m.children, code, m.permission ? [...path, m.permission] : path)
    if (below) return below
  }
  return null
}

export function toggleGrant(menus: readonly MenuItem[], granted: ReadonlySet<string>, item: MenuItem, on: boolean): Set<string> {
  const next = new Set(granted)
  const branch = [...(item.permission ? [item.permission] : []), ...descendantsOf(item)]
  if (on) for (const code of [...(item.permission ? ancestorsOf(menus, item.permission) ?? [] : []), ...branch]) next.add(code)
  else for (const code of branch) next.delete(code)
  return next
}

/** 'mixed' when only part of the branch below a granted item is granted. */
export function grantState(item: MenuItem, granted: ReadonlySet<string>): boolean | 'mixed' {
  const own = item.permission ? granted.has(item.permission) : false
  const below = descendantsOf(item)
  if (!own) return false
  return below.every((c) => granted.has(c)) ? true : 'mixed'
}
