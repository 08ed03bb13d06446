import type { MenuItem } from '../../../shared/contract/platform/startup'
import { POLLING_MENUS, type UnreadEvent } from './pollingMenus'

/**
 * A menu entry's badge: the polled count whose menuName is the entry's permission code; a group's
 * is the sum of its entries' (each count is on one entry, so nothing is counted twice).
 */
export function badgeOf(item: MenuItem, counts: Partial<Record<UnreadEvent, number>>): number {
  const own = POLLING_MENUS.filter((m) => m.menuName === item.permission).reduce((n, m) => n + (counts[m.eventName] ?? 0), 0)
  return own + (item.children ?? []).reduce((n, c) => n + badgeOf(c, counts), 0)
}

/** The path of the menu entry with this permission code, if the user's menu has it. */
export function pathOf(items: readonly MenuItem[], permission: string): string | null {
  for (const i of items) {
    if (i.permission === permission && i.clientRouter?.path) return i.clientRouter.path
    const below = pathOf(i.children ?? [], permission)
    if (below) return below
  }
  return null
}
