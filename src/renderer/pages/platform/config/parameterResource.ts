import * as contract from '../../../../shared/contract/platform/config/parameters'
import type { ParameterRow } from '../../../../shared/contract/platform/config/parameters'
import { PARAMETER_PERMISSION } from '../../../../shared/contract/platform/config/permissions'
import { parameterFormSchema } from '../../../../shared/rules/platform/config/parameter'
import type { ResourceDefinition } from '../../../admin/resource'
import { createElement } from 'react'
import { LocalName } from '../../../components/LocalName'

/**
 * System parameters (spec labels: key, name, value, application). The consoles apply theme.color,
 * error.log and the others on their next answer (data version 'param'); this console too, right
 * after saving, since the save's own answer carries the new version.
 */
export const parameterResource: ResourceDefinition<ParameterRow> = {
  entity: 'config:param_entity',
  endpoints: { list: contract.parameterQuery, get: contract.parameterDetail, create: contract.parameterCreate, update: contract.parameterUpdate, remove: contract.parameterRemove },
  columns: [
    { key: 'parameterKey', label: 'config:param_key' },
    { key: 'parameterName', label: 'config:param_name', render: (r) => createElement(LocalName, { zh: r.parameterName, en: r.parameterNameEn }) },
    { key: 'parameterValue', label: 'config:param_value' },
    { key: 'appCode', label: 'config:param_app' },
    { key: 'updatedDate', label: 'admin:updated_date', kind: 'date' },
  ],
  filters: [
    { name: 'parameterKey', label: 'config:param_key', widget: 'text' },
    { name: 'parameterName', label: 'config:param_name', widget: 'text' },
    { name: 'appCode', label: 'config:param_app', widget: 'text' },
  ],
  fields: [
    { name: 'parameterKey', label: 'config:param_key', widget: 'text', required: true },
    { name: 'parameterName', label: 'config:param_name', widget: 'text', required: true },
    { name: 'parameterValue', label: 'config:param_value', widget: 'text', hint: 'config:param_value_hint' },
    { name: 'appCode', label: 'config:param_app', widget: 'text', required: true },
  ],
  rules: { create: parameterFormSchema },
  toForm: (row) => ({ parameterKey: row?.parameterKey ?? '', parameterName: row?.parameterName ?? '', parameterValue: row?.parameterValue ?? '', appCode: row?.appCode ?? 'common' }),
  toInput: (values, row) => (row ? { ...values, id: row.id } : values),
  permissions: { create: PARAMETER_PERMISSION, update: PARAMETER_PERMISSION, remove: PARAMETER_PERMISSION },
}
