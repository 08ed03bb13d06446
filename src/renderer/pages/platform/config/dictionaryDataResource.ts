import { z } from 'zod'
import * as contract from '../../../../shared/contract/platform/config/dictionaryData'
import type { DictionaryData } from '../../../../shared/contract/platform/config/dictionaryData'
import { dictionaryTypeQuery, type DictionaryType } from '../../../../shared/contract/platform/config/dictionaryTypes'
import { DICTIONARY_DATA_PERMISSION } from '../../../../shared/contract/platform/config/permissions'
import { dictionaryDataRuleShape, DICT_LEVELS } from '../../../../shared/rules/platform/config/dictionary'
import { MAX_PAGE_SIZE } from '../../../../shared/contract/paging'
import type { RemoteSource, ResourceDefinition } from '../../../admin/resource'
import { DICT_STATUS } from './dictionaryTypeResource'
import { pickName } from '../../../components/LocalName'
import { currentLocale } from '../../../i18n'

/** Every dictionary type as a choice (type code and name). */
export const dictionaryTypes: RemoteSource = {
  endpoint: dictionaryTypeQuery,
  input: { pageNum: 1, pageSize: MAX_PAGE_SIZE },
  options: (data) => (data as { content: DictionaryType[] }).content.map((t) => ({ value: t.dictType, label: `${pickName(currentLocale(), t.dictName, t.dictNameEn)} (${t.dictType})` })),
}

const levelOptions = DICT_LEVELS.map((l) => ({ value: l, label: `config:dict_level_${l || 'none'}` }))

/**
 * Dictionary entries (spec: type, value, labels Chinese and English, level, sort, remarks), with
 * the status switch of /dictionaryData/status/update and a filter by type. Only enabled entries
 * reach the consoles' selects, which refetch after each change (data version 'dict').
 */
export const dictionaryDataResource: ResourceDefinition<DictionaryData> = {
  entity: 'config:dict_data_entity',
  endpoints: { list: contract.dictionaryDataQuery, get: contract.dictionaryDataDetail, create: contract.dictionaryDataCreate, update: contract.dictionaryDataUpdate, status: contract.dictionaryDataStatus },
  // Spec: the lists sort by an entry's sort order.
  listInput: (filters, page) => ({ ...filters, ...page, sortBy: 'sort', order: 1 }),
  status: { field: 'status', on: '1', off: '0' },
  columns: [
    { key: 'dictType', label: 'config:dict_type' },
    { key: 'dictValue', label: 'config:dict_value' },
    { key: 'dictLabelCn', label: 'config:dict_label_cn' },
    { key: 'dictLabelEn', label: 'config:dict_label_en' },
    { key: 'level', label: 'config:dict_level' },
    { key: 'sort', label: 'config:dict_sort' },
    { key: 'updatedDate', label: 'admin:updated_date', kind: 'date' },
  ],
  filters: [
    { name: 'dictType', label: 'config:dict_type', widget: 'text' },
    { name: 'dictValue', label: 'config:dict_value', widget: 'text' },
    { name: 'dictLabel', label: 'config:dict_label', widget: 'text' },
    { name: 'status', label: 'admin:col_status', widget: 'dictionary', dictType: DICT_STATUS },
  ],
  fields: [
    { name: 'dictType', label: 'config:dict_type', widget: 'remoteSelect', remote: dictionaryTypes, required: true },
    { name: 'dictValue', label: 'config:dict_value', widget: 'text', required: true },
    { name: 'dictLabelCn', label: 'config:dict_label_cn', widget: 'text', required: true },
    { name: 'dictLabelEn', label: 'config:dict_label_en', widget: 'text' },
    { name: 'level', label: 'config:dict_level', widget: 'select', options: levelOptions },
    { name: 'sort', label: 'config:dict_sort', widget: 'number' },
    { name: 'status', label: 'admin:col_status', widget: 'dictionary', dictType: DICT_STATUS },
    { name: 'remarks', label: 'config:remarks', widget: 'textarea' },
  ],
  rules: { create: z.object(dictionaryDataRuleShape) },
  toForm: (row) => ({
    dictType: row?.dictType ?? '',
    dictValue: row?.dictValue ?? '',
    dictLabelCn: row?.dictLabelCn ?? '',
    dictLabelEn: row?.dictLabelEn ?? '',
    level: row?.level ?? '',
    sort: String(row?.sort ?? 0),
    status: row?.status ?? '1',
    remarks: row?.remarks ?? '',
  }),
  toInput: (values, row) => (row ? { ...values, id: row.id } : values),
  permissions: { create: DICTIONARY_DATA_PERMISSION, update: DICTIONARY_DATA_PERMISSION, status: DICTIONARY_DATA_PERMISSION },
}
