import type { Kysely } from 'kysely'
import type { MenuItem } from '../../shared/contract/platform/startup'
import type { HubDatabase } from '../store/schema'

export type MenuRow = Omit<MenuItem, 'children'>

export async function loadMenuRows(db: Kysely<HubDatabase>): Promise<MenuRow[]> {
  const rows = await db
    .selectFrom('menus')
    .leftJoin('client_routers', 'client_routers.id', 'menus.client_router_id')
    .select([
      'menus.id',
      'menus.parent_id',
      'menus.menu_name_zh',
      'menus.menu_name_en',
      'menus.icon',
      'menus.permission',
      'menus.weight',
      'menus.type',
      'menus.app_code',
      'menus.component',
      'menus.meta_data',
      'menus.params',
      'client_routers.path',
    ])
    .execute()
  return rows.map((r) => ({
    id: r.id,
    parentId: r.parent_id,
    menuNameZh: r.menu_name_zh,
    menuNameEn: r.menu_name_en,
    icon: r.icon,
    permission: r.permission,
    weight: Number(r.weight),
    type: r.type,
    appCode: r.app_code,
    component: r.component,
    metaData: r.meta_data,
    params: r.params,
    clientRouter: r.path === null ? null : { path: r.path },
  }))
}

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
