import type { z } from 'zod'
import * as contract from '../../../shared/contract/platform/config/dictionaryTypes'
import { route } from '../../http/context'
import { bumpDataVersion } from '../../store/dataVersions'
import { isoNow, newId } from '../../store/ids'
import { dictionaryTypeRepository as types } from './dictionaryTypeRepository'
import { dictTypeDuplicate, dictTypeLocked } from './refusals'
import { configDb, hubDb, type ConfigDb } from './tables'

export const dictionaryTypeQuery = route(contract.dictionaryTypeQuery, async (q, call) => types.list(configDb(call.hub.store.db), q))

export const dictionaryTypeDetail = route(contract.dictionaryTypeDetail, async ({ id }, call) => types.find(configDb(call.hub.store.db), id))

/** Every change moves the dictionary data version: a disabled type hides its entries from the selects. */
type TypeInput = z.output<typeof contract.dictionaryTypeCreate.input>

/** A new type in the caller's transaction (the create below, promotion's apply); the type must be free. Its id. */
export async function createDictionaryTypeIn(tx: ConfigDb, input: TypeInput): Promise<string> {
  const id = newId()
  if (await types.exists(tx, { dict_type: input.dictType })) throw dictTypeDuplicate()
  const at = isoNow()
  await types.insert(tx, { id, dict_type: input.dictType, dict_name: input.dictName, remark: input.remarks, status: input.status, created_at: at, updated_at: at })
  await bumpDataVersion(hubDb(tx), 'dict')
  return id
}

/** The type itself cannot change: entries refer to it (and consoles' screens bind to it by name). */
export async function updateDictionaryTypeIn(tx: ConfigDb, id: string, input: TypeInput): Promise<void> {
  const row = await types.stored(tx, id)
  if (row.dict_type !== input.dictType) throw dictTypeLocked()
  await types.update(tx, id, { dict_name: input.dictName, ...(input.dictName !== row.dict_name ? { dict_name_en: '' } : {}), remark: input.remarks, status: input.status, updated_at: isoNow() })
  await bumpDataVersion(hubDb(tx), 'dict')
}

export const dictionaryTypeCreate = route(contract.dictionaryTypeCreate, async (input, call) => {
  const db = configDb(call.hub.store.db)
  const id = await db.transaction().execute((tx) => createDictionaryTypeIn(tx, input))
  return types.find(db, id)
})

export const dictionaryTypeUpdate = route(contract.dictionaryTypeUpdate, async (input, call) => {
  const db = configDb(call.hub.store.db)
  await db.transaction().execute((tx) => updateDictionaryTypeIn(tx, input.id, input))
  return types.find(db, input.id)
})
