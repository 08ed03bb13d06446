import type { z } from 'zod'
import * as contract from '../../../shared/contract/platform/apps/applications'
import { route } from '../../http/context'
import { isoNow, newId } from '../../store/ids'
import { apiGroupRepository } from './apiGroupRepository'
import { apiRepository } from './apiRepository'
import { applicationRepository as applications } from './applicationRepository'
import { moduleRepository } from './moduleRepository'
import { appCodeLocked, appDuplicate, appInUse } from './refusals'
import { appsDb } from './tables'

export const applicationListAll = route(contract.applicationListAll, async (input, call) => applications.listAll(appsDb(call.hub.store.db), input))

export const applicationList = route(contract.applicationList, async (q, call) => applications.list(appsDb(call.hub.store.db), q))

export const applicationGet = route(contract.applicationGet, async ({ id }, call) => applications.find(appsDb(call.hub.store.db), id))

type ApplicationInput = z.output<typeof contract.applicationCreate.input>

const columns = (input: ApplicationInput, at: string) => ({
  name: input.name,
  app_type: input.appType,
  stakeholder: input.stakeholder,
  stakeholder_phone: input.stakeholderPhone,
  stakeholder_email: input.stakeholderEmail,
  route_path: input.routePath,
  status: input.status,
  updated_at: at,
})

export const applicationCreate = route(contract.applicationCreate, async (input, call) => {
  const db = appsDb(call.hub.store.db)
  if (await applications.exists(db, { code: input.code })) throw appDuplicate()
  const id = newId()
  const at = isoNow()
  // A unique index refuses a save that raced past the check above (appDuplicate too).
  await applications.insert(db, { id, code: input.code, ...columns(input, at), created_at: at })
  return applications.find(db, id)
})

/** The code is locked once created: modules, APIs, producers and consumers refer to it. */
export const applicationUpdate = route(contract.applicationUpdate, async (input, call) => {
  const db = appsDb(call.hub.store.db)
  const stored = await applications.stored(db, input.id)
  if (stored.code !== input.code) throw appCodeLocked()
  await applications.update(db, input.id, columns(input, isoNow()))
  return applications.find(db, input.id)
})

/** Refused while modules, APIs or API groups belong to the application: remove those first. */
export const applicationDelete = route(contract.applicationDelete, async ({ id }, call) => {
  const db = appsDb(call.hub.store.db)
  await db.transaction().execute(async (tx) => {
    const row = await applications.stored(tx, id)
    for (const parts of [moduleRepository, apiRepository, apiGroupRepository]) {
      if (await parts.exists(tx, { app_code: row.code })) throw appInUse()
    }
    await applications.remove(tx, id)
  })
  return null
})
