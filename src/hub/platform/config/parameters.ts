import { containsText } from '../../store/like'
import type { Selectable } from 'kysely'
import type { z } from 'zod'
import * as contract from '../../../shared/contract/platform/config/parameters'
import { isBuiltinParameter } from '../../../shared/rules/platform/config/parameter'
import { route } from '../../http/context'
import { bumpDataVersion } from '../../store/dataVersions'
import { isoNow, newId } from '../../store/ids'
import type { ParametersTable } from '../../store/schema'
import { LOCALE_PARAMETER, makeDefaultLanguage } from './defaultLanguage'
import { isUniqueViolation, paramBuiltin, paramDuplicate, paramNotFound } from './refusals'
import { configDb, hubDb, type ConfigDb } from './tables'
import { page } from '../../store/paging'
import { findByIdOrRefuse, findOrRefuse } from '../../store/findOrRefuse'

const toRow = (r: Selectable<ParametersTable>): contract.ParameterRow => ({
  id: r.id,
  parameterKey: r.parameter_key,
  parameterName: r.parameter_name,
  parameterNameEn: r.parameter_name_en,
  parameterValue: r.parameter_value,
  appCode: r.app_code,
  updatedDate: r.updated_at,
})

const answer = async (db: ConfigDb, id: string) => toRow(await findByIdOrRefuse(db, 'parameters', id, paramNotFound))

export const parameterQuery = route(contract.parameterQuery, async ({ pageNum, pageSize, parameterKey, parameterName, appCode }, call) => {
  const db = configDb(call.hub.store.db)
  let base = db.selectFrom('parameters')
  if (parameterKey) base = base.where(containsText('parameter_key', parameterKey))
  if (parameterName) base = base.where(containsText('parameter_name', parameterName))
  if (appCode) base = base.where('app_code', '=', appCode)
  return page(base.selectAll().orderBy('parameter_key'), { pageNum, pageSize }, (rows) => rows.map(toRow))
})

export const parameterDetail = route(contract.parameterDetail, async ({ id }, call) => answer(configDb(call.hub.store.db), id))

type ParameterInput = z.output<typeof contract.parameterCreate.input>

/**
 * Create or update one parameter; keys are unique, built-in keys keep their name. Moves the
 * parameter data version, so every console applies it (theme colour, error details…) on its
 * next answer. lang.locale also makes that language the default one (defaultLanguage.ts).
 */
async function saveParameter(db: ConfigDb, id: string | null, input: ParameterInput): Promise<string> {
  return db.transaction().execute(async (tx) => {
    let renamed = false
    if (id) {
      const row = await findOrRefuse(tx.selectFrom('parameters').select(['id', 'parameter_key', 'parameter_name']).where('id', '=', id), paramNotFound)
      if (row.parameter_key !== input.parameterKey && isBuiltinParameter(row.parameter_key)) throw paramBuiltin()
      renamed = row.parameter_name !== input.parameterName
    }
    let clash = tx.selectFrom('parameters').select('id').where('parameter_key', '=', input.parameterKey)
    if (id) clash = clash.where('id', '!=', id)
    if (await clash.executeTakeFirst()) throw paramDuplicate()
    if (input.parameterKey === LOCALE_PARAMETER) await makeDefaultLanguage(tx, input.parameterValue)
    const at = isoNow()
    const values = { parameter_key: input.parameterKey, parameter_name: input.parameterName, parameter_value: input.parameterValue, app_code: input.appCode, updated_at: at }
    const saved = id ?? newId()
    try {
      // A new name is the parameter's one name in both languages: the seeded English one would be stale.
      if (id) await tx.updateTable('parameters').set({ ...values, ...(renamed ? { parameter_name_en: '' } : {}) }).where('id', '=', id).execute()
      else await tx.insertInto('parameters').values({ id: saved, ...values, created_at: at }).execute()
    } catch (err) {
      if (isUniqueViolation(err)) throw paramDuplicate()
      throw err
    }
    await bumpDataVersion(hubDb(tx), 'param')
    return saved
  })
}

export const parameterCreate = route(contract.parameterCreate, async (input, call) => {
  const db = configDb(call.hub.store.db)
  return answer(db, await saveParameter(db, null, input))
})

export const parameterUpdate = route(contract.parameterUpdate, async (input, call) => {
  const db = configDb(call.hub.store.db)
  return answer(db, await saveParameter(db, input.id, input))
})

/** Built-in parameters cannot be removed: the consoles read them (and the seed would bring them back). */
export const parameterRemove = route(contract.parameterRemove, async ({ id }, call) => {
  const db = configDb(call.hub.store.db)
  await db.transaction().execute(async (tx) => {
    const row = await findOrRefuse(tx.selectFrom('parameters').select('parameter_key').where('id', '=', id), paramNotFound)
    if (isBuiltinParameter(row.parameter_key)) throw paramBuiltin()
    await tx.deleteFrom('parameters').where('id', '=', id).execute()
    await bumpDataVersion(hubDb(tx), 'param')
  })
  return null
})
