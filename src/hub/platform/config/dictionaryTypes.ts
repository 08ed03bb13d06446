import * as contract from '../../../shared/contract/platform/config/dictionaryTypes'
import { route } from '../../http/context'
import { bumpDataVersion } from '../../store/dataVersions'
import { isoNow, newId } from '../../store/ids'
import { dictionaryTypeRepository as types } from './dictionaryTypeRepository'
import { dictTypeDuplicate, dictTypeLocked } from './refusals'
import { configDb, hubDb } from './tables'

export const dictionaryTypeQuery = route(contract.dictionaryTypeQuery, async (q, call) => types.list(configDb(call.hub.store.db), q))

export const dictionaryTypeDetail = route(contract.dictionaryTypeDetail, async ({ id }, call) => types.find(configDb(call.hub.store.db), id))

/** Every change moves the dictionary data version: a disabled type hides its entries from the selects. */
export const dictionaryTypeCreate = route(contract.dictionaryTypeCreate, async (input, call) => {
  const db = configDb(call.hub.store.db)
  const id = newId()
  await db.transaction().execute(async (tx) => {
    if (await types.exists(tx, { dict_type: input.dictType })) throw dictTypeDuplicate()
    const at = isoNow()
    await types.insert(tx, { id, dict_type: input.dictType, dict_name: input.dictName, remark: input.remarks, status: input.status, created_at: at, updated_at: at })
    await bumpDataVersion(hubDb(tx), 'dict')
  })
  return types.find(db, id)
})

/** The type itself cannot change: entries refer to it (and consoles' screens bind to it by name). */
export const dictionaryTypeUpdate = route(contract.dictionaryTypeUpdate, async (input, call) => {
  const db = configDb(call.hub.store.db)
  await db.transaction().execute(async (tx) => {
    const row = await types.stored(tx, input.id)
    if (row.dict_type !== input.dictType) throw dictTypeLocked()
    await types.update(tx, input.id, { dict_name: input.dictName, ...(input.dictName !== row.dict_name ? { dict_name_en: '' } : {}), remark: input.remarks, status: input.status, updated_at: isoNow() })
    await bumpDataVersion(hubDb(tx), 'dict')
  })
  return types.find(db, input.id)
})
