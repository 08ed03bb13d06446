import type { z } from 'zod'
import type { MenuRecord } from '../../../shared/contract/platform/admin/menus'
import * as contract from '../../../shared/contract/platform/admin/menus'
import type { Kysely } from 'kysely'
import { route } from '../../http/context'
import { isoNow } from '../../store/ids'
import type { HubDatabase } from '../../store/schema'
import { menuRepository as menus } from '../menuRepository'
import { menuNotFound, parentInvalid, routerDuplicate } from './refusals'
import { branchIds } from './tree'

type HubDb = Kysely<HubDatabase>

/** Flat records → tree, siblings by weight (the order `records` gives). */
function nest(flat: MenuRecord[]): MenuRecord[] {
  const ids = new Set(flat.map((m) => m.id))
  const build = (parentId: string): MenuRecord[] =>
    flat.filter((m) => (m.parentId && ids.has(m.parentId) ? m.parentId : '') === parentId).map((m) => ({ ...m, children: build(m.id) }))
  return build('')
}

async function one(db: HubDb, id: string): Promise<MenuRecord> {
  const found = (await menus.records(db)).find((m) => m.id === id)
  if (!found) throw menuNotFound()
  return found
}

export const menuListAll = route(contract.menuListAll, async (_input, call) => nest(await menus.records(call.hub.store.db)))
export const menuDetail = route(contract.menuDetail, async ({ id }, call) => one(call.hub.store.db, id))

type MenuInput = z.output<typeof contract.menuCreate.input>

/**
 * Saves the item and, for a page, its client route (named by the router name, at the href).
 * A router name belongs to one menu item: it is also the page the console opens.
 */
async function saveMenu(db: HubDb, id: string | null, input: MenuInput): Promise<string> {
  return db.transaction().execute(async (tx) => {
    const rows = await menus.outline(tx)
    if (id && !rows.some((r) => r.id === id)) throw menuNotFound()
    const parentId = input.parentId || null
    if (parentId && !rows.some((r) => r.id === parentId)) throw parentInvalid()
    if (id && parentId && branchIds(rows.map((r) => ({ ...r, status: '1' })), id).has(parentId)) throw parentInvalid()
    const page = input.type === 'menu'
    if (page && rows.some((r) => r.id !== id && r.component === input.routerName)) throw routerDuplicate()
    const at = isoNow()
    const routerId = page ? await menus.savePageRouter(tx, { name: input.routerName, path: input.href, appCode: input.appCode || 'common' }, at) : null
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
    if (!id) return menus.create(tx, values)
    await menus.update(tx, id, values)
    return id
  })
}

export const menuCreate = route(contract.menuCreate, async (input, call) => one(call.hub.store.db, await saveMenu(call.hub.store.db, null, input)))
export const menuUpdate = route(contract.menuUpdate, async (input, call) => one(call.hub.store.db, await saveMenu(call.hub.store.db, input.id, input)))

/** The item and everything below it (the foreign key cascades to the children). */
export const menuDelete = route(contract.menuDelete, async ({ id }, call) => {
  await menus.remove(call.hub.store.db, id)
  return null
})
