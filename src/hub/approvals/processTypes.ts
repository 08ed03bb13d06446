import * as contract from '../../shared/contract/approvals/processTypes'
import { CHANGE_ACTIONS, CHANGE_OBJECT_TYPES, PROCESS_VARIABLES } from '../../shared/rules/approvals/process'
import { route } from '../http/context'
import { author } from '../datahub/saving'
import { newId } from '../store/ids'
import { translateMessage } from '../../../locales'
import { processTypeRepository as types } from './processTypeRepository'
import { processTypeDuplicate, processTypeInUse, stale } from './refusals'
import { approvalsDb } from './tables'

export const processTypeList = route(contract.processTypeList, async (q, call) => types.list(approvalsDb(call.hub.store.db), q))

export const processTypeGet = route(contract.processTypeGet, async ({ id }, call) => types.find(approvalsDb(call.hub.store.db), id))

export const processTypeCreate = route(contract.processTypeCreate, async (input, call) => {
  const db = approvalsDb(call.hub.store.db)
  const who = await author(call)
  if (await types.exists(db, { code: input.code })) throw processTypeDuplicate()
  const id = newId()
  await types.insert(db, { id, ...input, version: 1, created_at: who.at, created_by: who.username, updated_at: who.at, updated_by: who.username })
  return types.find(db, id)
})

export const processTypeUpdate = route(contract.processTypeUpdate, async ({ id, version, ...input }, call) => {
  const db = approvalsDb(call.hub.store.db)
  const who = await author(call)
  const stored = await types.stored(db, id)
  if (stored.version !== version) throw stale()
  if (await types.exists(db, { code: input.code }, id)) throw processTypeDuplicate()
  await types.saveVersioned(db, stored, { ...input, updated_at: who.at, updated_by: who.username }, stale)
  return types.find(db, id)
})

/** Refused while a definition names the type (its list would lose the category silently). */
export const processTypeDelete = route(contract.processTypeDelete, async ({ id }, call) => {
  const db = approvalsDb(call.hub.store.db)
  await types.stored(db, id)
  const used = await db.selectFrom('wf_processes').select('id').where('type_id', '=', id).executeTakeFirst()
  if (used) throw processTypeInUse()
  await types.remove(db, id)
  return null
})

const OPTIONS: Record<string, readonly string[]> = { objectType: CHANGE_OBJECT_TYPES, action: CHANGE_ACTIONS }

/** The variables conditions may test (fixed by the hub: they are what a change request knows). */
export const processVariableList = route(contract.processVariableList, async (_input, call) =>
  PROCESS_VARIABLES.map((v) => ({ code: v.code, name: translateMessage(call.locale, `msg_process_variable_${v.code}`), type: v.type, options: [...(OPTIONS[v.code] ?? [])] })),
)
