import type { z } from 'zod'
import * as contract from '../../../shared/contract/platform/config/dictionaryData'
import { route } from '../../http/context'
import { bumpDataVersion } from '../../store/dataVersions'
import { isoNow, newId } from '../../store/ids'
import { dictionaryDataRepository as entries } from './dictionaryDataRepository'
import { dictionaryTypeRepository as types } from './dictionaryTypeRepository'
import { dictDataDuplicate, dictTypeNotFound } from './refusals'
import { configDb, hubDb, type ConfigDb } from './tables'

export const dictionaryDataQuery = route(contract.dictionaryDataQuery, async (q, call) => entries.list(configDb(call.hub.store.db), q))

export const dictionaryDataDetail = route(contract.dictionaryDataDetail, async ({ id }, call) => entries.find(configDb(call.hub.store.db), id))

type EntryInput = z.output<typeof contract.dictionaryDataCreate.input>

/** Create or update one entry; the (type, value) pair is unique. Moves the dictionary data version. */
const saveEntry = (db: ConfigDb, id: string | null, input: EntryInput): Promise<string> => db.transaction().execute((tx) => saveEntryIn(tx, id, input))

/** …in the caller's transaction (promotion's apply saves a whole document in one). */
export async function saveEntryIn(tx: ConfigDb, id: string | null, input: EntryInput): Promise<string> {
  if (id) await entries.stored(tx, id)
  if (!(await types.exists(tx, { dict_type: input.dictType }))) throw dictTypeNotFound()
  if (await entries.exists(tx, { dict_type: input.dictType, dict_value: input.dictValue }, id)) throw dictDataDuplicate()
  const at = isoNow()
  const values = {
    dict_type: input.dictType,
    dict_value: input.dictValue,
    dict_label_cn: input.dictLabelCn,
    dict_label_en: input.dictLabelEn,
    dict_level: input.level,
    sort: input.sort,
    status: input.status,
    remark: input.remarks,
    updated_at: at,
  }
  const saved = id ?? newId()
  if (id) await entries.update(tx, id, values)
  else await entries.insert(tx, { id: saved, ...values, created_at: at })
  await bumpDataVersion(hubDb(tx), 'dict')
  return saved
}

export const dictionaryDataCreate = route(contract.dictionaryDataCreate, async (input, call) => {
  const db = configDb(call.hub.store.db)
  return entries.find(db, await saveEntry(db, null, input))
})

export const dictionaryDataUpdate = route(contract.dictionaryDataUpdate, async (input, call) => {
  const db = configDb(call.hub.store.db)
  return entries.find(db, await saveEntry(db, input.id, input))
})

/** Spec: dictionary data has a status update; only status-1 entries reach /dictionaryData/all. */
export const dictionaryDataStatus = route(contract.dictionaryDataStatus, async ({ id, status }, call) => {
  const db = configDb(call.hub.store.db)
  await db.transaction().execute(async (tx) => {
    await entries.update(tx, id, { status, updated_at: isoNow() })
    await bumpDataVersion(hubDb(tx), 'dict')
  })
  return entries.find(db, id)
})
