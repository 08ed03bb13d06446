import type { Selectable } from 'kysely'
import type { z } from 'zod'
import type * as contract from '../../../shared/contract/platform/apps/clientRouters'
import type { ClientRouter } from '../../../shared/contract/platform/startup'
import { containsText } from '../../store/like'
import { page } from '../../store/paging'
import type { ClientRoutersTable } from '../../store/schema'
import { routerDuplicate, routerNotFound } from './refusals'
import { appsRows, type AppsDb } from './tables'

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

const recordOf = (r: Selectable<ClientRoutersTable>, menuCount: number): contract.ClientRouterRecord => ({
  id: r.id,
  name: r.name,
  path: r.path,
  component: r.component,
  appCode: r.app_code,
  metaData: r.meta_data,
  menuCount,
  updatedDate: r.updated_at,
})

async function records(db: AppsDb, rows: Selectable<ClientRoutersTable>[]): Promise<contract.ClientRouterRecord[]> {
  const counts = await menuCounts(db, rows)
  return rows.map((r) => recordOf(r, counts.get(r.id) ?? 0))
}

const rows = appsRows({ table: 'client_routers', notFound: routerNotFound, duplicate: routerDuplicate })

/** Client routers (the console's pages), answered with how many menu items open them. */
export const clientRouterRepository = {
  ...rows,

  /** The wire record, or the not-found refusal. */
  find: async (db: AppsDb, id: string): Promise<contract.ClientRouterRecord> => (await records(db, [await rows.stored(db, id)]))[0]!,

  /** A page of the routers matching the list's filters, by name. */
  list(db: AppsDb, q: z.output<typeof contract.clientRouterList.input>) {
    let base = rows.from(db)
    if (q.name) base = base.where(containsText('name', q.name))
    if (q.path) base = base.where(containsText('path', q.path))
    if (q.appCode) base = base.where('app_code', '=', q.appCode)
    return page(base.selectAll().orderBy('name'), q, (found) => records(db, found))
  },

  /** Every router by name, as the start-up set answers them (hidden ones too). */
  async all(db: AppsDb): Promise<ClientRouter[]> {
    const found = await rows.from(db).selectAll().orderBy('name').execute()
    return found.map((r) => ({ id: r.id, name: r.name, path: r.path, component: r.component, appCode: r.app_code, metaData: r.meta_data }))
  },
}
