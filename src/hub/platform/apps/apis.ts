import type { z } from 'zod'
import * as contract from '../../../shared/contract/platform/apps/apis'
import { route } from '../../http/context'
import { isoNow, newId } from '../../store/ids'
import { apiGroupRepository as groups } from './apiGroupRepository'
import { apiRepository as apis } from './apiRepository'
import { applicationRepository as applications } from './applicationRepository'
import { apiDuplicate, apiLocked, groupNotFound } from './refusals'
import { appsDb, type AppsDb } from './tables'

export const apiList = route(contract.apiList, async (q, call) => apis.list(appsDb(call.hub.store.db), q))

export const apiDetail = route(contract.apiDetail, async ({ id }, call) => apis.find(appsDb(call.hub.store.db), id))

type ApiInput = z.output<typeof contract.apiCreate.input>

/**
 * The application must exist and the group (when named) belong to it; the code, and the method
 * with the endpoint, must be new within the application (spec: duplicate API refused).
 */
async function check(db: AppsDb, input: ApiInput, id: string | null): Promise<void> {
  await applications.requireCode(db, input.appCode)
  if (input.groupId && !(await groups.exists(db, { id: input.groupId, app_code: input.appCode }))) throw groupNotFound()
  if (await apis.clashes(db, input, id)) throw apiDuplicate()
}

const columns = (input: ApiInput, at: string) => ({
  name: input.name,
  method: input.method,
  endpoint: input.endpoint,
  group_id: input.groupId || null,
  status: input.status,
  updated_at: at,
})

export const apiCreate = route(contract.apiCreate, async (input, call) => {
  const db = appsDb(call.hub.store.db)
  await check(db, input, null)
  const id = newId()
  const at = isoNow()
  await apis.insert(db, { id, app_code: input.appCode, code: input.code, ...columns(input, at), created_at: at })
  return apis.find(db, id)
})

/** Code and application are locked once created; name, method, endpoint, group and status change. */
export const apiUpdate = route(contract.apiUpdate, async (input, call) => {
  const db = appsDb(call.hub.store.db)
  const stored = await apis.stored(db, input.id)
  if (stored.app_code !== input.appCode || stored.code !== input.code) throw apiLocked()
  await check(db, input, input.id)
  await apis.update(db, input.id, columns(input, isoNow()))
  return apis.find(db, input.id)
})

export const apiDelete = route(contract.apiDelete, async ({ id }, call) => {
  await apis.remove(appsDb(call.hub.store.db), id)
  return null
})
