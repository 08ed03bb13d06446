import { containsText } from '../../store/like'
import type { Selectable } from 'kysely'
import * as contract from '../../../shared/contract/platform/config/dictionaryTypes'
import { route } from '../../http/context'
import { bumpDataVersion } from '../../store/dataVersions'
import { isoNow, newId } from '../../store/ids'
import type { DictionaryTypesTable } from '../../store/schema'
import { dictTypeDuplicate, dictTypeLocked, dictTypeNotFound, isUniqueViolation } from './refusals'
import { configDb, hubDb, type ConfigDb } from './tables'
import { page } from '../../store/paging'
import { findByIdOrRefuse, findOrRefuse } from '../../store/findOrRefuse'

const toType = (r: Selectable<DictionaryTypesTable>): contract.DictionaryType => ({
  id: r.id,
  dictType: r.dict_type,
  dictName: r.dict_name,
  dictNameEn: r.dict_name_en,
  remarks: r.remark ?? '',
  status: r.status,
  updatedDate: r.updated_at,
})

const answer = async (db: ConfigDb, id: string) => toType(await findByIdOrRefuse(db, 'dictionary_types', id, dictTypeNotFound))

export const dictionaryTypeQuery = route(contract.dictionaryTypeQuery, async ({ pageNum, pageSize, dictType, dictName, status }, call) => {
  const db = configDb(call.hub.store.db)
  let base = db.selectFrom('dictionary_types')
  if (dictType) base = base.where(containsText('dict_type', dictType))
  if (dictName) base = base.where(containsText('dict_name', dictName))
  if (status) base = base.where('status', '=', status)
  return page(base.selectAll().orderBy('dict_type'), { pageNum, pageSize }, (rows) => rows.map(toType))
})

export const dictionaryTypeDetail = route(contract.dictionaryTypeDetail, async ({ id }, call) => answer(configDb(call.hub.store.db), id))

/** Every change moves the dictionary data version: a disabled type hides its entries from the selects. */
export const dictionaryTypeCreate = route(contract.dictionaryTypeCreate, async (input, call) => {
  const db = configDb(call.hub.store.db)
  const id = newId()
  await db.transaction().execute(async (tx) => {
    if (await tx.selectFrom('dictionary_types').select('id').where('dict_type', '=', input.dictType).executeTakeFirst()) throw dictTypeDuplicate()
    const at = isoNow()
    try {
      await tx
        .insertInto('dictionary_types')
        .values({ id, dict_type: input.dictType, dict_name: input.dictName, remark: input.remarks, status: input.status, created_at: at, updated_at: at })
        .execute()
    } catch (err) {
      if (isUniqueViolation(err)) throw dictTypeDuplicate()
      throw err
    }
    await bumpDataVersion(hubDb(tx), 'dict')
  })
  return answer(db, id)
})

/** The type itself cannot change: entries refer to it (and consoles' screens bind to it by name). */
export const dictionaryTypeUpdate = route(contract.dictionaryTypeUpdate, async (input, call) => {
  const db = configDb(call.hub.store.db)
  await db.transaction().execute(async (tx) => {
    const row = await findOrRefuse(tx.selectFrom('dictionary_types').select(['id', 'dict_type', 'dict_name']).where('id', '=', input.id), dictTypeNotFound)
    if (row.dict_type !== input.dictType) throw dictTypeLocked()
    await tx.updateTable('dictionary_types').set({ dict_name: input.dictName, ...(input.dictName !== row.dict_name ? { dict_name_en: '' } : {}), remark: input.remarks, status: input.status, updated_at: isoNow() }).where('id', '=', input.id).execute()
    await bumpDataVersion(hubDb(tx), 'dict')
  })
  return answer(db, input.id)
})
