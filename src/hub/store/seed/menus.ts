import type { Insertable, Kysely } from 'kysely'
import { isoNow, seedId } from '../ids'
import type { ClientRoutersTable, HubDatabase, MenusTable } from '../schema'
import { hiddenRoutes, menuTree, type MenuNode } from './menuTree'

/** Spec: route metadata is a JSON string, defaulting to keepAlive false. */
export const DEFAULT_META_DATA = JSON.stringify({ keepAlive: false })

/** Siblings are weighted 10, 20, 30… so an administrator can slot items in between. */
const WEIGHT_STEP = 10

const routerRow = (route: string, path: string, appCode: string, at: string): Insertable<ClientRoutersTable> => ({
  id: seedId('router', route),
  name: route,
  path,
  component: route,
  app_code: appCode,
  meta_data: DEFAULT_META_DATA,
  created_at: at,
  updated_at: at,
})

function flatten(nodes: readonly MenuNode[], parentId: string | null, appCode: string, at: string) {
  const menus: Insertable<MenusTable>[] = []
  const routers: Insertable<ClientRoutersTable>[] = []
  nodes.forEach((node, index) => {
    const id = seedId('menu', node.key)
    if (node.page) routers.push(routerRow(node.page.route, node.page.path, appCode, at))
    menus.push({
      id,
      parent_id: parentId,
      menu_name_zh: node.zh,
      menu_name_en: node.en,
      icon: node.icon,
      permission: node.permission,
      weight: (index + 1) * WEIGHT_STEP,
      type: node.page ? 'menu' : 'catalog',
      app_code: appCode,
      component: node.page?.route ?? null,
      meta_data: DEFAULT_META_DATA,
      params: null,
      client_router_id: null,
      created_at: at,
      updated_at: at,
    })
    const below = flatten(node.children ?? [], id, appCode, at)
    menus.push(...below.menus)
    routers.push(...below.routers)
  })
  return { menus, routers }
}

/**
 * Adds the seeded menu items and client routes that are missing. Existing rows are left as an
 * administrator may have edited them; a deleted seeded item comes back on the next start (to
 * hide one, take its permission away from the roles). Parents come before children, for the
 * foreign key.
 */
export async function seedMenus(db: Kysely<HubDatabase>): Promise<void> {
  const at = isoNow()
  const routers: Insertable<ClientRoutersTable>[] = hiddenRoutes.map((r) => routerRow(r.route, r.path, r.appCode, at))
  const menus: Insertable<MenusTable>[] = []
  menuTree.forEach((module, index) => {
    const rows = flatten([module], null, module.appCode, at)
    rows.menus[0]!.weight = (index + 1) * WEIGHT_STEP
    menus.push(...rows.menus)
    routers.push(...rows.routers)
  })
  await db.insertInto('client_routers').values(routers).onConflict((oc) => oc.doNothing()).execute()
  // Link to the route by name: an administrator may have recreated a route under a new id.
  const existing = await db.selectFrom('client_routers').select(['id', 'name']).execute()
  const routerIds = new Map(existing.map((r) => [r.name, r.id]))
  for (const m of menus) m.client_router_id = m.component ? (routerIds.get(m.component) ?? null) : null
  await db.insertInto('menus').values(menus).onConflict((oc) => oc.doNothing()).execute()
}
