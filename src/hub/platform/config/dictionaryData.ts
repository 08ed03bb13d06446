import { containsText } from '../../store/like'
import type { Selectable } from 'kysely'
import type { z } from 'zod'
import * as contract from '../../../shared/contract/platform/config/dictionaryData'
import { route } from '../../http/context'
import { bumpDataVersion } from '../../store/dataVersions'
import { isoNow, newId } from '../../store/ids'
import { dictDataDuplicate, dictDataNotFound, dictTypeNotFound, isUniqueViolation } from './refusals'
import { configDb, hubDb, type ConfigDatabase, type ConfigDb } from './tables'
import { page } from '../../store/paging'
import { findByIdOrRefuse } from '../../store/findOrRefuse'

const toEntry = (r: Selectable<ConfigDatabase['dictionary_data']>): contract.DictionaryData => ({
  id: r.id,
  dictType: r.dict_type,
  dictValue: r.dict_value,
  dictLabelCn: r.dict_label_cn,
  dictLabelEn: r.dict_label_en,
  level: r.dict_level,
  sort: Number(r.sort),
  status: r.status,
  remarks: r.remark ?? '',
  updatedDate: r.updated_at,
})

const SORT_COLUMNS = { sort: 'sort', dictValue: 'dict_value', updatedDate: 'updated_at' } as const

const answer = async (db: ConfigDb, id: string) => toEntry(await findByIdOrRefuse(db, 'dictionary_data', id, dictDataNotFound))

export const dictionaryDataQuery = route(contract.dictionaryDataQuery, async (q, call) => {
  const db = configDb(call.hub.store.db)
  let base = db.selectFrom('dictionary_data')
  if (q.dictType) base = base.where('dict_type', '=', q.dictType)
  if (q.dictValue) base = base.where(containsText('dict_value', q.dictValue))
  if (q.dictLabel) {
    const label = q.dictLabel
    base = base.where((eb) => eb.or([containsText('dict_label_cn', label), containsText('dict_label_en', label)]))
  }
  if (q.status) base = base.where('status', '=', q.status)
  const direction = q.order === -1 ? 'desc' : 'asc'
  const rows = base
    .selectAll()
    .orderBy(SORT_COLUMNS[q.sortBy], direction)
    // A stable order within equal sort keys, so pages never repeat or skip an entry.
    .orderBy('dict_type')
    .orderBy('dict_value')
  return page(rows, q, (found) => found.map(toEntry))
})

export const dictionaryDataDetail = route(contract.dictionaryDataDetail, async ({ id }, call) => answer(configDb(call.hub.store.db), id))

type EntryInput = z.output<typeof contract.dictionaryDataCreate.input>

/** Create or update one entry; the (type, value) pair is unique. Moves the dictionary data version. */
async function saveEntry(db: ConfigDb, id: string | null, input: EntryInput): Promise<string> {
  return db.transaction().execute(async (tx) => {
    if (id && !(await tx.selectFrom('dictionary_data').select('id').where('id', '=', id).executeTakeFirst())) throw dictDataNotFound()
    if (!(await tx.selectFrom('dictionary_types').select('id').where('dict_type', '=', input.dictType).executeTakeFirst())) throw dictTypeNotFound()
    let clash = tx.selectFrom('dictionary_data').select('id').where('dict_type', '=', input.dictType).where('dict_value', '=', input.dictValue)
    if (id) clash = clash.where('id', '!=', id)
    if (await clash.executeTakeFirst()) throw dictDataDuplicate()
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
    try {
      if (id) await tx.updateTable('dictionary_data').set(values).where('id', '=', id).execute()
      else await tx.insertInto('dictionary_data').values({ id: saved, ...values, created_at: at }).execute()
    } catch (err) {
      if (isUniqueViolation(err)) throw dictDataDuplicate()
      throw err
    }
    await bumpDataVersion(hubDb(tx), 'dict')
    return saved
  })
}

export const dictionaryDataCreate = route(contract.dictionaryDataCreate, async (input, call) => {
  const db = configDb(call.hub.store.db)
  return answer(db, await saveEntry(db, null, input))
})

export const dictionaryDataUpdate = route(contract.dictionaryDataUpdate, async (input, call) => {
  const db = configDb(call.hub.store.db)
  return answer(db, await saveEntry(db, input.id, input))
})

/** Spec: dictionary data has a status update; only status-1 entries reach /dictionaryData/all. */
export const dictionaryDataStatus = route(contract.dictionaryDataStatus, async ({ id, status }, call) => {
  const db = configDb(call.hub.store.db)
  await db.transaction().execute(async (tx) => {
    const result = await tx.updateTable('dictionary_data').set({ status, updated_at: isoNow() }).where('id', '=', id).executeTakeFirst()
    if (Number(result.numUpdatedRows) === 0) throw dictDataNotFound()
    await bumpDataVersion(hubDb(tx), 'dict')
  })
  return answer(db, id)
})
