import type { Selectable } from 'kysely'
import type { z } from 'zod'
import type * as contract from '../../../shared/contract/platform/config/dictionaryData'
import type { DictionaryEntry } from '../../../shared/contract/platform/startup'
import { containsText } from '../../store/like'
import { dictDataDuplicate, dictDataNotFound } from './refusals'
import { configRepository, type ConfigDatabase, type ConfigDb } from './tables'

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

const repository = configRepository({ table: 'dictionary_data', toRecord: toEntry, notFound: dictDataNotFound, duplicate: dictDataDuplicate })

/** Dictionary entries: one per (type, value), answered as the contract's records. */
export const dictionaryDataRepository = {
  ...repository,

  /** A page of the entries matching the list's filters, in the order asked for. */
  list(db: ConfigDb, q: z.output<typeof contract.dictionaryDataQuery.input>) {
    let base = repository.from(db)
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
    return repository.page(rows, q)
  },

  /** The active entries of one type, by sort (a select's options). */
  activeOfType: (db: ConfigDb, dictType: string) =>
    repository.from(db).select(['dict_value', 'dict_label_cn', 'dict_label_en']).where('dict_type', '=', dictType).where('status', '=', '1').orderBy('sort').execute(),

  /**
   * Spec: only status-1 entries feed the selects, and a disabled type hides all its entries;
   * by type, then sort, as the start-up set answers them.
   */
  async active(db: ConfigDb): Promise<DictionaryEntry[]> {
    const found = await db
      .selectFrom('dictionary_data')
      .innerJoin('dictionary_types', 'dictionary_types.dict_type', 'dictionary_data.dict_type')
      .select(['dictionary_data.dict_type', 'dict_value', 'dict_label_cn', 'dict_label_en', 'dictionary_data.status', 'sort'])
      .where('dictionary_data.status', '=', '1')
      .where('dictionary_types.status', '=', '1')
      .orderBy('dictionary_data.dict_type')
      .orderBy('sort')
      .execute()
    return found.map((r) => ({
      dictType: r.dict_type,
      dictValue: r.dict_value,
      dictLabelCn: r.dict_label_cn,
      dictLabelEn: r.dict_label_en,
      status: r.status,
      sort: Number(r.sort),
    }))
  },
}
