import { containsText } from '../../store/like'
import type { Selectable } from 'kysely'
import type { z } from 'zod'
import * as contract from '../../../shared/contract/platform/apps/clientRouters'
import type { ClientRouterRecord } from '../../../shared/contract/platform/apps/clientRouters'
import { DEFAULT_ROUTER_META } from '../../../shared/rules/platform/apps/clientRouter'
import { route } from '../../http/context'
import { isoNow, newId } from '../../store/ids'
import type { ClientRoutersTable } from '../../store/schema'
import { isUniqueViolation, routerDuplicate, routerInUse, routerNotFound, routerRenameInUse } from './refusals'
import { appsDb, type AppsDb } from './tables'
import { page } from '../../store/paging'
import { findByIdOrRefuse } from '../../store/findOrRefuse'

/** Menu items opening a router: linked by id, or (seeded before the link was made) by its name. */
async function menuCounts(db: AppsDb, rows: { id: string; name: string }[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>()
  if (rows.length === 0) return counts
  const menus = await db
    .selectFrom('menus')
    .select(['client_router_id', 'component'])
    .where((eb) => eb.or([eb('client_router_id', 'in', rows.map((r) => r.id)), eb('component', 'in', rows.map((r) => r.name))]))
    .execute()
  for (const r of rows) counts.set(r.id, menus.filter((m) => m.client_router_id === r.id || m.component === r.name).length)
  return counts
}

const recordOf = (r: Selectable<ClientRoutersTable>, menuCount: number): ClientRouterRecord => ({
  id: r.id,
  name: r.name,
  path: r.path,
  component: r.component,
  appCode: r.app_code,
  metaData: r.meta_data,
  menuCount,
  updatedDate: r.updated_at,
})

async function records(db: AppsDb, rows: Selectable<ClientRoutersTable>[]): Promise<ClientRouterRecord[]> {
  const counts = await menuCounts(db, rows)
  return rows.map((r) => recordOf(r, counts.get(r.id) ?? 0))
}

async function answer(db: AppsDb, id: string): Promise<ClientRouterRecord> {
  const row = await findByIdOrRefuse(db, 'client_routers', id, routerNotFound)
  return (await records(db, [row]))[0]!
}

export const clientRouterList = route(contract.clientRouterList, async ({ pageNum, pageSize, name, path, appCode }, call) => {
  const db = appsDb(call.hub.store.db)
  let base = db.selectFrom('client_routers')
  if (name) base = base.where(containsText('name', name))
  if (path) base = base.where(containsText('path', path))
  if (appCode) base = base.where('app_code', '=', appCode)
  return page(base.selectAll().orderBy('name'), { pageNum, pageSize }, (rows) => records(db, rows))
})

export const clientRouterDetail = route(contract.clientRouterDetail, async ({ id }, call) => answer(appsDb(call.hub.store.db), id))

type RouterInput = z.output<typeof contract.clientRouterCreate.input>

/** Spec: metadata is a JSON string, falling back to keepAlive false; the page key falls back to the name. */
const columns = (input: RouterInput, at: string) => ({
  name: input.name,
  path: input.path,
  component: input.component || input.name,
  app_code: input.appCode || 'common',
  meta_data: input.metaData || DEFAULT_ROUTER_META,
  updated_at: at,
})

async function nameTaken(db: AppsDb, name: string, id: string | null): Promise<boolean> {
  let q = db.selectFrom('client_routers').select('id').where('name', '=', name)
  if (id) q = q.where('id', '!=', id)
  return (await q.executeTakeFirst()) !== undefined
}

export const clientRouterCreate = route(contract.clientRouterCreate, async (input, call) => {
  const db = appsDb(call.hub.store.db)
  if (await nameTaken(db, input.name, null)) throw routerDuplicate()
  const id = newId()
  const at = isoNow()
  try {
    await db.insertInto('client_routers').values({ id, ...columns(input, at), created_at: at }).execute()
  } catch (err) {
    if (isUniqueViolation(err)) throw routerDuplicate()
    throw err
  }
  return answer(db, id)
})

/** A menu names its page by the router's name: renaming a router in use would orphan the menu item. */
export const clientRouterUpdate = route(contract.clientRouterUpdate, async (input, call) => {
  const db = appsDb(call.hub.store.db)
  const stored = await answer(db, input.id)
  if (stored.name !== input.name && stored.menuCount > 0) throw routerRenameInUse()
  if (await nameTaken(db, input.name, input.id)) throw routerDuplicate()
  try {
    await db.updateTable('client_routers').set(columns(input, isoNow())).where('id', '=', input.id).execute()
  } catch (err) {
    if (isUniqueViolation(err)) throw routerDuplicate()
    throw err
  }
  return answer(db, input.id)
})

/** Refused while a menu item opens the router (chosen over unlinking: the item would open nothing). */
export const clientRouterDelete = route(contract.clientRouterDelete, async ({ id }, call) => {
  const db = appsDb(call.hub.store.db)
  const stored = await answer(db, id)
  if (stored.menuCount > 0) throw routerInUse()
  await db.deleteFrom('client_routers').where('id', '=', id).execute()
  return null
})
