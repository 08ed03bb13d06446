import * as contract from '../../../shared/contract/platform/apps/apis'
import { route } from '../../http/context'
import { isoNow, newId } from '../../store/ids'
import { apiGroupRepository as groups } from './apiGroupRepository'
import { apiRepository as apis } from './apiRepository'
import { applicationRepository as applications } from './applicationRepository'
import { groupDuplicate, groupInUse, groupLocked } from './refusals'
import { appsDb } from './tables'

export const apiGroupList = route(contract.apiGroupList, async (q, call) => groups.list(appsDb(call.hub.store.db), q))

export const apiGroupListAll = route(contract.apiGroupListAll, async (input, call) => groups.listAll(appsDb(call.hub.store.db), input?.appCode))

export const apiGroupDetail = route(contract.apiGroupDetail, async ({ id }, call) => groups.find(appsDb(call.hub.store.db), id))

export const apiGroupCreate = route(contract.apiGroupCreate, async (input, call) => {
  const db = appsDb(call.hub.store.db)
  await applications.requireCode(db, input.appCode)
  if (await groups.exists(db, { app_code: input.appCode, code: input.code })) throw groupDuplicate()
  const id = newId()
  const at = isoNow()
  await groups.insert(db, { id, app_code: input.appCode, code: input.code, name: input.name, created_at: at, updated_at: at })
  return groups.find(db, id)
})

/** Code and application are locked once created (APIs of the group belong to that application). */
export const apiGroupUpdate = route(contract.apiGroupUpdate, async (input, call) => {
  const db = appsDb(call.hub.store.db)
  const stored = await groups.stored(db, input.id)
  if (stored.app_code !== input.appCode || stored.code !== input.code) throw groupLocked()
  await groups.update(db, input.id, { name: input.name, updated_at: isoNow() })
  return groups.find(db, input.id)
})

/** Refused while APIs are in the group: move or delete them first. */
export const apiGroupDelete = route(contract.apiGroupDelete, async ({ id }, call) => {
  const db = appsDb(call.hub.store.db)
  await db.transaction().execute(async (tx) => {
    await groups.stored(tx, id)
    if (await apis.exists(tx, { group_id: id })) throw groupInUse()
    await groups.remove(tx, id)
  })
  return null
})
