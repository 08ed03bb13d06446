import * as contract from '../../../../shared/contract/platform/apps/gateways'
import type { GatewayRoute } from '../../../../shared/contract/platform/apps/gateways'
import { GATEWAY_EXTERNAL_PERMISSION } from '../../../../shared/contract/platform/apps/permissions'
import { ENABLED_DICTIONARY } from '../../../../shared/rules/platform/apps/common'
import type { ResourceDefinition } from '../../../admin/resource'
import { sharedColumns, sharedFields, sharedForm, statusField } from './gatewayFields'
import { COLUMN_MIN_WIDTH } from '../../../components/table/tableLayout'

/** External gateway routes (spec §5: the path starts with /outer). No status call: the form sets it. */
export const gatewayExternalResource: ResourceDefinition<GatewayRoute> = {
  entity: 'apps:gateway_external_entity',
  changeControl: 'gatewayExternal',
  endpoints: { list: contract.externalList, create: contract.externalCreate, update: contract.externalUpdate, remove: contract.externalDelete },
  columns: [
    { key: 'path', label: 'apps:gateway_path', minWidth: COLUMN_MIN_WIDTH.wide },
    ...sharedColumns,
    { key: 'status', label: 'admin:col_status', dictType: ENABLED_DICTIONARY },
    { key: 'updatedDate', label: 'admin:updated_date', kind: 'date' },
  ],
  filters: [{ name: 'path', label: 'apps:gateway_path', widget: 'text' }],
  fields: [{ name: 'path', label: 'apps:gateway_path', widget: 'text', required: true, hint: 'apps:gateway_outer_hint' }, ...sharedFields, statusField],
  rules: { create: contract.externalCreate.input },
  toForm: (row) => ({ path: row?.path ?? '/outer/', ...sharedForm(row) }),
  toInput: (values, row) => (row ? { ...values, id: row.id } : values),
  permissions: { create: GATEWAY_EXTERNAL_PERMISSION, update: GATEWAY_EXTERNAL_PERMISSION, remove: GATEWAY_EXTERNAL_PERMISSION },
}
