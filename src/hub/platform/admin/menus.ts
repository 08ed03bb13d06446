import type { z } from 'zod'
import type { MenuRecord } from '../../../shared/contract/platform/admin/menus'
import * as contract from '../../../shared/contract/platform/admin/menus'
import { route } from '../../http/context'
import { isoNow, newId } from '../../store/ids'
import { DEFAULT_META_DATA } from '../../store/seed/menus'
import { menuNotFound, parentInvalid, routerDuplicate } from './refusals'
import { adminDb, type AdminDb } from './tables'
import { branchIds } from './tree'
import { findOrRefuse } from '../../store/findOrRefuse'

/** Every menu row with its client route's path, as the editor sees it. */
async function records(db: AdminDb): Promise<MenuRecord[]> {
  const rows = await db
    .selectFrom('menus')
    .leftJoin('client_routers', 'client_routers.id', 'menus.client_router_id')
    .select(['menus.id', 'menus.parent_id', 'menus.menu_name_zh', 'menus.menu_name_en', 'menus.icon', 'menus.permission', 'menus.weight', 'menus.type', 'menus.app_code', 'menus.component', 'menus.params', 'client_routers.path'])
    .orderBy('menus.weight')
    .orderBy('menus.id')
    .execute()
  return rows.map((r) => ({
    id: r.id,
    parentId: r.parent_id ?? '',
    menuNameZh: r.menu_name_zh,
    menuNameEn: r.menu_name_en,
    href: r.path ?? '',
    icon: r.icon ?? '',
    permission: r.permission ?? '',
    weight: Number(r.weight),
    type: r.type,
    appCode: r.app_code,
    routerName: r.component ?? '',
    params: r.params ?? '',
    children: [],
  }))
}

/** Flat records → tree, siblings by weight (the order `records` gives). */
function nest(flat: MenuRecord[]): MenuRecord[] {
  const ids = new Set(flat.map((m) => m.id))
  const build = (parentId: string): MenuRecord[] =>
    flat.filter((m) => (m.parentId && ids.has(m.parentId) ? m.parentId : '') === parentId).map((m) => ({ ...m, children: build(m.id) }))
  return build('')
}

async function one(db: AdminDb, id: string): Promise<MenuRecord> {
  const found = (await records(db)).find((m) => m.id === id)
  if (!found) throw menuNotFound()
  return found
}

export const menuListAll = route(contract.menuListAll, async (_input, call) => nest(await records(adminDb(call.hub.store.db))))
export const menuDetail = route(contract.menuDetail, async ({ id }, call) => one(adminDb(call.hub.store.db), id))

type MenuInput = z.output<typeof contract.menuCreate.input>

/**
 * Saves the item and, for a page, its client route (named by the router name, at the href).
 * A router name belongs to one menu item: it is also the page the console opens.
 */
async function saveMenu(db: AdminDb, id: string | null, input: MenuInput): Promise<string> {
  return db.transaction().execute(async (tx) => {
    const rows = await tx.selectFrom('menus').select(['id', 'parent_id', 'component']).execute()
    if (id && !rows.some((r) => r.id === id)) throw menuNotFound()
    const parentId = input.parentId || null
    if (parentId && !rows.some((r) => r.id === parentId)) throw parentInvalid()
    if (id && parentId && branchIds(rows.map((r) => ({ ...r, status: '1' })), id).has(parentId)) throw parentInvalid()
    const page = input.type === 'menu'
    if (page && rows.some((r) => r.id !== id && r.component === input.routerName)) throw routerDuplicate()
    const at = isoNow()
    let routerId: string | null = null
    if (page) {
      const existing = await tx.selectFrom('client_routers').select('id').where('name', '=', input.routerName).executeTakeFirst()
      routerId = existing?.id ?? newId()
      const router = { path: input.href, component: input.routerName, app_code: input.appCode || 'common', updated_at: at }
      if (existing) await tx.updateTable('client_routers').set(router).where('id', '=', routerId).execute()
      else await tx.insertInto('client_routers').values({ id: routerId, name: input.routerName, meta_data: DEFAULT_META_DATA, created_at: at, ...router }).execute()
    }
    const values = {
      parent_id: parentId,
      menu_name_zh: input.menuNameZh,
      menu_name_en: input.menuNameEn,
      icon: input.icon || null,
      permission: input.permission || null,
      weight: input.weight,
      type: input.type,
      app_code: input.appCode || 'common',
      component: page ? input.routerName : null,
      params: input.params || null,
      client_router_id: routerId,
      updated_at: at,
    }
    if (id) {
      await tx.updateTable('menus').set(values).where('id', '=', id).execute()
      return id
    }
    const created = newId()
    await tx.insertInto('menus').values({ id: created, ...values, meta_data: DEFAULT_META_DATA, created_at: at }).execute()
    return created
  })
}

export const menuCreate = route(contract.menuCreate, async (input, call) => {
  const db = adminDb(call.hub.store.db)
  return one(db, await saveMenu(db, null, input))
})
export const menuUpdate = route(contract.menuUpdate, async (input, call) => {
  const db = adminDb(call.hub.store.db)
  return one(db, await saveMenu(db, input.id, input))
})

/** The item and everything below it (the foreign key cascades to the children). */
export const menuDelete = route(contract.menuDelete, async ({ id }, call) => {
  const db = adminDb(call.hub.store.db)
  await findOrRefuse(db.selectFrom('menus').select('id').where('id', '=', id), menuNotFound)
  await db.deleteFrom('menus').where('id', '=', id).execute()
  return null
})
