import * as contract from '../../../../shared/contract/platform/apps/gateways'
import type { GatewayRoute } from '../../../../shared/contract/platform/apps/gateways'
import { GATEWAY_INTERNAL_PERMISSION } from '../../../../shared/contract/platform/apps/permissions'
import type { ResourceDefinition } from '../../../admin/resource'
import { sharedColumns, sharedFields, sharedForm } from './gatewayFields'
import { COLUMN_MIN_WIDTH } from '../../../components/table/tableLayout'

/** Internal gateway routes (spec §5: the path starts with the prefix, the prefix with /inner); a status switch. */
export const gatewayInternalResource: ResourceDefinition<GatewayRoute> = {
  entity: 'apps:gateway_internal_entity',
  changeControl: 'gatewayInternal',
  endpoints: { list: contract.internalList, create: contract.internalCreate, update: contract.internalUpdate, remove: contract.internalDelete, status: contract.internalStatus },
  status: { field: 'status', on: '1', off: '0' },
  columns: [{ key: 'path', label: 'apps:gateway_path', minWidth: COLUMN_MIN_WIDTH.wide }, { key: 'prefix', label: 'apps:gateway_prefix' }, ...sharedColumns, { key: 'updatedDate', label: 'admin:updated_date', kind: 'date' }],
  filters: [{ name: 'path', label: 'apps:gateway_path', widget: 'text' }],
  fields: [
    { name: 'prefix', label: 'apps:gateway_prefix', widget: 'text', required: true, hint: 'apps:gateway_prefix_hint' },
    { name: 'path', label: 'apps:gateway_path', widget: 'text', required: true, hint: 'apps:gateway_path_hint' },
    ...sharedFields,
  ],
  rules: { create: contract.internalCreate.input },
  toForm: (row) => ({ path: row?.path ?? '/inner/', prefix: row?.prefix ?? '/inner', ...sharedForm(row) }),
  toInput: (values, row) => (row ? { ...values, id: row.id } : values),
  permissions: { create: GATEWAY_INTERNAL_PERMISSION, update: GATEWAY_INTERNAL_PERMISSION, remove: GATEWAY_INTERNAL_PERMISSION, status: GATEWAY_INTERNAL_PERMISSION },
}
