import type { Selectable } from 'kysely'
import type { z } from 'zod'
import type * as contract from '../../../shared/contract/platform/config/dictionaryTypes'
import { containsText } from '../../store/like'
import type { DictionaryTypesTable } from '../../store/schema'
import { dictTypeDuplicate, dictTypeNotFound } from './refusals'
import { configRepository, type ConfigDb } from './tables'

const toType = (r: Selectable<DictionaryTypesTable>): contract.DictionaryType => ({
  id: r.id,
  dictType: r.dict_type,
  dictName: r.dict_name,
  dictNameEn: r.dict_name_en,
  remarks: r.remark ?? '',
  status: r.status,
  updatedDate: r.updated_at,
})

const repository = configRepository({ table: 'dictionary_types', toRecord: toType, notFound: dictTypeNotFound, duplicate: dictTypeDuplicate })

/** Dictionary types: stored by their type name (unique), answered as the contract's records. */
export const dictionaryTypeRepository = {
  ...repository,

  /** A page of the types matching the list's filters, by type name. */
  list(db: ConfigDb, q: z.output<typeof contract.dictionaryTypeQuery.input>) {
    let base = repository.from(db)
    if (q.dictType) base = base.where(containsText('dict_type', q.dictType))
    if (q.dictName) base = base.where(containsText('dict_name', q.dictName))
    if (q.status) base = base.where('status', '=', q.status)
    return repository.page(base.selectAll().orderBy('dict_type'), q)
  },
}
