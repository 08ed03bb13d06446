import * as contract from '../../../shared/contract/platform/apps/modules'
import { route } from '../../http/context'
import { isoNow, newId } from '../../store/ids'
import { applicationRepository as applications } from './applicationRepository'
import { moduleRepository as modules } from './moduleRepository'
import { moduleDuplicate, moduleLocked } from './refusals'
import { appsDb } from './tables'

export const moduleList = route(contract.moduleList, async (q, call) => modules.list(appsDb(call.hub.store.db), q))

export const moduleDetail = route(contract.moduleDetail, async ({ id }, call) => modules.find(appsDb(call.hub.store.db), id))

/** Spec: the modules of the application with this code (none when there is no such application). */
export const moduleListByApp = route(contract.moduleListByApp, async ({ code }, call) => modules.byApp(appsDb(call.hub.store.db), code))

export const moduleCreate = route(contract.moduleCreate, async (input, call) => {
  const db = appsDb(call.hub.store.db)
  await applications.requireCode(db, input.appCode)
  if (await modules.exists(db, { app_code: input.appCode, code: input.code })) throw moduleDuplicate()
  const id = newId()
  const at = isoNow()
  await modules.insert(db, { id, app_code: input.appCode, code: input.code, name: input.name, status: input.status, created_at: at, updated_at: at })
  return modules.find(db, id)
})

/** Code and application are locked once created, like an application's code. */
export const moduleUpdate = route(contract.moduleUpdate, async (input, call) => {
  const db = appsDb(call.hub.store.db)
  const stored = await modules.stored(db, input.id)
  if (stored.app_code !== input.appCode || stored.code !== input.code) throw moduleLocked()
  await modules.update(db, input.id, { name: input.name, status: input.status, updated_at: isoNow() })
  return modules.find(db, input.id)
})

export const moduleDelete = route(contract.moduleDelete, async ({ id }, call) => {
  await modules.remove(appsDb(call.hub.store.db), id)
  return null
})
