import type { z } from 'zod'
import * as contract from '../../../shared/contract/platform/config/parameters'
import { isBuiltinParameter } from '../../../shared/rules/platform/config/parameter'
import { route } from '../../http/context'
import { bumpDataVersion } from '../../store/dataVersions'
import { isoNow, newId } from '../../store/ids'
import { LOCALE_PARAMETER, makeDefaultLanguage } from './defaultLanguage'
import { parameterRepository } from './parameterRepository'
import { paramBuiltin, paramDuplicate } from './refusals'
import { configDb, hubDb, type ConfigDb } from './tables'

export const parameterQuery = route(contract.parameterQuery, async (q, call) => parameterRepository.list(configDb(call.hub.store.db), q))

export const parameterDetail = route(contract.parameterDetail, async ({ id }, call) => parameterRepository.find(configDb(call.hub.store.db), id))

type ParameterInput = z.output<typeof contract.parameterCreate.input>

/**
 * Create or update one parameter; keys are unique, built-in keys keep their name. Moves the
 * parameter data version, so every console applies it (theme colour, error details…) on its
 * next answer. lang.locale also makes that language the default one (defaultLanguage.ts).
 */
const saveParameter = (db: ConfigDb, id: string | null, input: ParameterInput): Promise<string> => db.transaction().execute((tx) => saveParameterIn(tx, id, input))

/** …in the caller's transaction (promotion's apply saves a whole document in one). */
export async function saveParameterIn(tx: ConfigDb, id: string | null, input: ParameterInput): Promise<string> {
  let renamed = false
  if (id) {
    const row = await parameterRepository.stored(tx, id)
    if (row.parameter_key !== input.parameterKey && isBuiltinParameter(row.parameter_key)) throw paramBuiltin()
    renamed = row.parameter_name !== input.parameterName
  }
  if (await parameterRepository.exists(tx, { parameter_key: input.parameterKey }, id)) throw paramDuplicate()
  if (input.parameterKey === LOCALE_PARAMETER) await makeDefaultLanguage(tx, input.parameterValue)
  const at = isoNow()
  const values = { parameter_key: input.parameterKey, parameter_name: input.parameterName, parameter_value: input.parameterValue, app_code: input.appCode, updated_at: at }
  const saved = id ?? newId()
  // A new name is the parameter's one name in both languages: the seeded English one would be stale.
  if (id) await parameterRepository.update(tx, id, { ...values, ...(renamed ? { parameter_name_en: '' } : {}) })
  else await parameterRepository.insert(tx, { id: saved, ...values, created_at: at })
  await bumpDataVersion(hubDb(tx), 'param')
  return saved
}

export const parameterCreate = route(contract.parameterCreate, async (input, call) => {
  const db = configDb(call.hub.store.db)
  return parameterRepository.find(db, await saveParameter(db, null, input))
})

export const parameterUpdate = route(contract.parameterUpdate, async (input, call) => {
  const db = configDb(call.hub.store.db)
  return parameterRepository.find(db, await saveParameter(db, input.id, input))
})

/** Built-in parameters cannot be removed: the consoles read them (and the seed would bring them back). */
export const parameterRemove = route(contract.parameterRemove, async ({ id }, call) => {
  const db = configDb(call.hub.store.db)
  await db.transaction().execute(async (tx) => {
    const row = await parameterRepository.stored(tx, id)
    if (isBuiltinParameter(row.parameter_key)) throw paramBuiltin()
    await parameterRepository.remove(tx, id)
    await bumpDataVersion(hubDb(tx), 'param')
  })
  return null
})
