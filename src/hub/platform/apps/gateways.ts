import type { z } from 'zod'
import * as contract from '../../../shared/contract/platform/apps/gateways'
import { route, type CallContext } from '../../http/context'
import { isoNow, newId } from '../../store/ids'
import { gatewayRepository as gateways } from './gatewayRepository'
import { gatewayDuplicate } from './refusals'
import { reloadRoutes } from './routeTable'
import { appsDb, type AppsDb, type GatewayKind } from './tables'

/** Internal and external routes share one table and these handlers; `kind` keeps them apart. */
const db = (call: CallContext) => appsDb(call.hub.store.db)

const listAll = (kind: GatewayKind) => async (_input: unknown, call: CallContext) => gateways.allOf(db(call), kind)

const list = (kind: GatewayKind) => async (q: z.output<typeof contract.internalList.input>, call: CallContext) => gateways.listOf(db(call), kind, q)

export type RouteInput = z.output<typeof contract.externalCreate.input> & { prefix?: string }

/**
 * A path forwards to one service: it must be new across both kinds. Runs in whatever database
 * or transaction it is given (promotion's apply saves a whole document in one).
 */
export async function saveGatewayRoute(d: AppsDb, kind: GatewayKind, id: string | null, input: RouteInput): Promise<string> {
  if (id) await gateways.findOf(d, kind, id)
  if (await gateways.exists(d, { path: input.path }, id)) throw gatewayDuplicate()
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
  if (id) {
    await gateways.update(d, id, values)
    return id
  }
  const created = newId()
  await gateways.insert(d, { id: created, kind, ...values, created_at: at })
  return created
}

const create = (kind: GatewayKind) => async (input: RouteInput, call: CallContext) => gateways.findOf(db(call), kind, await saveGatewayRoute(db(call), kind, null, input))
const update = (kind: GatewayKind) => async (input: RouteInput & { id: string }, call: CallContext) => gateways.findOf(db(call), kind, await saveGatewayRoute(db(call), kind, input.id, input))
const remove = (kind: GatewayKind) => async ({ id }: { id: string }, call: CallContext) => {
  await gateways.removeOf(db(call), kind, id)
  return null
}

export const internalListAll = route(contract.internalListAll, listAll('internal'))
export const internalList = route(contract.internalList, list('internal'))
export const internalGet = route(contract.internalGet, async ({ id }, call) => gateways.findOf(db(call), 'internal', id))
export const internalCreate = route(contract.internalCreate, create('internal'))
export const internalUpdate = route(contract.internalUpdate, update('internal'))
export const internalDelete = route(contract.internalDelete, remove('internal'))
export const internalStatus = route(contract.internalStatus, async ({ id, status }, call) => {
  await gateways.findOf(db(call), 'internal', id)
  await gateways.update(db(call), id, { status, updated_at: isoNow() })
  return gateways.findOf(db(call), 'internal', id)
})

export const externalListAll = route(contract.externalListAll, listAll('external'))
export const externalList = route(contract.externalList, list('external'))
export const externalGet = route(contract.externalGet, async ({ id }, call) => gateways.findOf(db(call), 'external', id))
export const externalCreate = route(contract.externalCreate, create('external'))
export const externalUpdate = route(contract.externalUpdate, update('external'))
export const externalDelete = route(contract.externalDelete, remove('external'))

export const refreshRoute = route(contract.refreshRoute, async (_input, call) => {
  const live = await reloadRoutes(call.hub.store, db(call))
  return { count: live.length, routes: live.map(({ kind, path, prefix, targetService }) => ({ kind, path, prefix, targetService })) }
})
