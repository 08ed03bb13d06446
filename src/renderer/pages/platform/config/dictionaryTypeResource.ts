import { z } from 'zod'
import * as contract from '../../../../shared/contract/platform/config/dictionaryTypes'
import type { DictionaryType } from '../../../../shared/contract/platform/config/dictionaryTypes'
import { DICTIONARY_TYPE_PERMISSION } from '../../../../shared/contract/platform/config/permissions'
import { dictionaryTypeRuleShape, dictionaryTypeUpdateShape } from '../../../../shared/rules/platform/config/dictionary'
import type { ResourceDefinition } from '../../../admin/resource'
import { createElement } from 'react'
import { LocalName } from '../../../components/LocalName'

/** Spec §3 dictionary status values: sys_status (1 enabled, 0 disabled). */
export const DICT_STATUS = 'sys_status'

/** Dictionary types (spec part 2 §3 labels: type, name, remarks; status on the type). */
export const dictionaryTypeResource: ResourceDefinition<DictionaryType> = {
  entity: 'config:dict_type_entity',
  endpoints: { list: contract.dictionaryTypeQuery, get: contract.dictionaryTypeDetail, create: contract.dictionaryTypeCreate, update: contract.dictionaryTypeUpdate },
  columns: [
    { key: 'dictType', label: 'config:dict_type' },
    { key: 'dictName', label: 'config:dict_name', render: (r) => createElement(LocalName, { zh: r.dictName, en: r.dictNameEn }) },
    { key: 'remarks', label: 'config:remarks' },
    { key: 'status', label: 'admin:col_status', dictType: DICT_STATUS },
    { key: 'updatedDate', label: 'admin:updated_date', kind: 'date' },
  ],
  filters: [
    { name: 'dictType', label: 'config:dict_type', widget: 'text' },
    { name: 'dictName', label: 'config:dict_name', widget: 'text' },
    { name: 'status', label: 'admin:col_status', widget: 'dictionary', dictType: DICT_STATUS },
  ],
  fields: [
    // Entries and screens refer to the type by name: it cannot change once created.
    { name: 'dictType', label: 'config:dict_type', widget: 'text', required: true, lockedOnEdit: true, hint: 'config:dict_type_hint' },
    { name: 'dictName', label: 'config:dict_name', widget: 'text', required: true },
    { name: 'status', label: 'admin:col_status', widget: 'dictionary', dictType: DICT_STATUS },
    { name: 'remarks', label: 'config:remarks', widget: 'textarea' },
  ],
  rules: { create: z.object(dictionaryTypeRuleShape), update: z.object(dictionaryTypeUpdateShape) },
  toForm: (row) => ({ dictType: row?.dictType ?? '', dictName: row?.dictName ?? '', status: row?.status ?? '1', remarks: row?.remarks ?? '' }),
  toInput: (values, row) => (row ? { ...values, id: row.id } : values),
  permissions: { create: DICTIONARY_TYPE_PERMISSION, update: DICTIONARY_TYPE_PERMISSION },
}
