import { containsText } from '../../store/like'
import type { Selectable } from 'kysely'
import type { z } from 'zod'
import * as contract from '../../../shared/contract/platform/apps/gateways'
import type { GatewayRoute } from '../../../shared/contract/platform/apps/gateways'
import { route, type CallContext } from '../../http/context'
import { isoNow, newId } from '../../store/ids'
import { gatewayDuplicate, gatewayNotFound, isUniqueViolation } from './refusals'
import { reloadRoutes } from './routeTable'
import { appsDb, type AppsDb, type GatewayKind, type GatewayRoutesTable } from './tables'
import { page } from '../../store/paging'
import { findOrRefuse } from '../../store/findOrRefuse'

/** Internal and external routes share one table and these handlers; `kind` keeps them apart. */
const routeOf = (r: Selectable<GatewayRoutesTable>): GatewayRoute => ({
  id: r.id,
  path: r.path,
  prefix: r.prefix,
  targetService: r.target_service,
  serviceType: r.service_type,
  authType: r.auth_type,
  status: r.status,
  updatedDate: r.updated_at,
})

const db = (call: CallContext) => appsDb(call.hub.store.db)

async function one(d: AppsDb, kind: GatewayKind, id: string): Promise<GatewayRoute> {
  const row = await findOrRefuse(d.selectFrom('gateway_routes').selectAll().where('kind', '=', kind).where('id', '=', id), gatewayNotFound)
  return routeOf(row)
}

const listAll = (kind: GatewayKind) => async (_input: unknown, call: CallContext) =>
  (await db(call).selectFrom('gateway_routes').selectAll().where('kind', '=', kind).orderBy('path').execute()).map(routeOf)

const list = (kind: GatewayKind) => async ({ pageNum, pageSize, path, status }: z.output<typeof contract.internalList.input>, call: CallContext) => {
  let base = db(call).selectFrom('gateway_routes').where('kind', '=', kind)
  if (path) base = base.where(containsText('path', path))
  if (status) base = base.where('status', '=', status)
  return page(base.selectAll().orderBy('path'), { pageNum, pageSize }, (rows) => rows.map(routeOf))
}

type RouteInput = z.output<typeof contract.externalCreate.input> & { prefix?: string }

/** A path forwards to one service: it must be new across both kinds. */
async function save(d: AppsDb, kind: GatewayKind, id: string | null, input: RouteInput): Promise<string> {
  if (id) await one(d, kind, id)
  let clash = d.selectFrom('gateway_routes').select('id').where('path', '=', input.path)
  if (id) clash = clash.where('id', '!=', id)
  if (await clash.executeTakeFirst()) throw gatewayDuplicate()
  const at = isoNow()
  const values = {
    path: input.path,
    prefix: input.prefix ?? '',
    target_service: input.targetService,
    service_type: input.serviceType,
    auth_type: input.authType,
    status: input.status,
    updated_at: at,
  }
  try {
    if (id) {
      await d.updateTable('gateway_routes').set(values).where('id', '=', id).execute()
      return id
    }
    const created = newId()
    await d.insertInto('gateway_routes').values({ id: created, kind, ...values, created_at: at }).execute()
    return created
  } catch (err) {
    if (isUniqueViolation(err)) throw gatewayDuplicate()
    throw err
  }
}

const create = (kind: GatewayKind) => async (input: RouteInput, call: CallContext) => one(db(call), kind, await save(db(call), kind, null, input))
const update = (kind: GatewayKind) => async (input: RouteInput & { id: string }, call: CallContext) => one(db(call), kind, await save(db(call), kind, input.id, input))
const remove = (kind: GatewayKind) => async ({ id }: { id: string }, call: CallContext) => {
  const result = await db(call).deleteFrom('gateway_routes').where('kind', '=', kind).where('id', '=', id).executeTakeFirst()
  if (Number(result.numDeletedRows) === 0) throw gatewayNotFound()
  return null
}

export const internalListAll = route(contract.internalListAll, listAll('internal'))
export const internalList = route(contract.internalList, list('internal'))
export const internalGet = route(contract.internalGet, async ({ id }, call) => one(db(call), 'internal', id))
export const internalCreate = route(contract.internalCreate, create('internal'))
export const internalUpdate = route(contract.internalUpdate, update('internal'))
export const internalDelete = route(contract.internalDelete, remove('internal'))
export const internalStatus = route(contract.internalStatus, async ({ id, status }, call) => {
  await one(db(call), 'internal', id)
  await db(call).updateTable('gateway_routes').set({ status, updated_at: isoNow() }).where('id', '=', id).execute()
  return one(db(call), 'internal', id)
})

export const externalListAll = route(contract.externalListAll, listAll('external'))
export const externalList = route(contract.externalList, list('external'))
export const externalGet = route(contract.externalGet, async ({ id }, call) => one(db(call), 'external', id))
export const externalCreate = route(contract.externalCreate, create('external'))
export const externalUpdate = route(contract.externalUpdate, update('external'))
export const externalDelete = route(contract.externalDelete, remove('external'))

export const refreshRoute = route(contract.refreshRoute, async (_input, call) => {
  const live = await reloadRoutes(call.hub.store, db(call))
  return { count: live.length, routes: live.map(({ kind, path, prefix, targetService }) => ({ kind, path, prefix, targetService })) }
})
