import * as contract from '../../shared/contract/platform/pageAccess'
import type { PageAccess } from '../../shared/contract/platform/pageAccess'
import { normalizeMenuPath } from '../../shared/rules/platform/menu'
import { signedIn } from '../http/auth'
import { route } from '../http/context'
import { clientRouterRepository } from './apps/clientRouterRepository'
import { appsDb } from './apps/tables'
import { menuRepository, type MenuRow } from './menuRepository'
import { accountRepository } from './accountRepository'

const key = (path: string) => normalizeMenuPath(path).toLowerCase()
const names = (r: Pick<MenuRow, 'menuNameZh' | 'menuNameEn'>) => ({ menuNameZh: r.menuNameZh, menuNameEn: r.menuNameEn })

/** A hidden client route (no menu item of its own, e.g. RoleResAuthList) at `path`. */
export interface HiddenRouter {
  name: string
  path: string
}

/**
 * Which page `path` is and the permission the user lacks for it, by the rule of
 * visibleMenuTree (menus.ts): an item needs its own permission and those of the sections above
 * it. A hidden client route belongs to the menu page whose path contains it, as the console
 * routes it (renderer/routing/menuRoutes.ts). The first missing permission from the page upwards
 * is named: the one closest to what the user asked for. Null when no page has that path, or
 * when nothing is missing.
 */
export function withheldPage(rows: readonly MenuRow[], routers: readonly HiddenRouter[], permissions: ReadonlySet<string>, path: string): PageAccess | null {
  const target = key(path)
  const paged = rows.filter((r) => r.clientRouter?.path)
  const above = (r: MenuRow) => key(r.clientRouter!.path) !== '/' && target.startsWith(`${key(r.clientRouter!.path)}/`)
  // A hidden route is named by the menu page it belongs to: its router name (RoleResAuthList) means nothing to a user.
  const item =
    paged.find((r) => key(r.clientRouter!.path) === target) ??
    (routers.some((r) => key(r.path) === target) ? paged.filter(above).sort((a, b) => b.clientRouter!.path.length - a.clientRouter!.path.length)[0] : undefined)
  if (!item) return null
  const byId = new Map(rows.map((r) => [r.id, r]))
  for (let at: MenuRow | undefined = item; at; at = at.parentId === null ? undefined : byId.get(at.parentId)) {
    if (at.permission !== null && !permissions.has(at.permission)) return { page: names(item), permission: { code: at.permission, ...names(at) } }
  }
  return null
}

export const pageAccess = route(contract.pageAccess, async ({ path }, call) => {
  const { db } = call.hub.store
  const [rows, routers, permissions] = await Promise.all([
    menuRepository.treeRows(db),
    clientRouterRepository.all(appsDb(db)),
    accountRepository.permissionCodes(db, signedIn(call).userId),
  ])
  return withheldPage(rows, routers, new Set(permissions), path)
})
