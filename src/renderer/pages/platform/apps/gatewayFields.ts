import { AUTH_TYPES, SERVICE_TYPES } from '../../../../shared/rules/platform/apps/gateway'
import { ENABLED_DICTIONARY } from '../../../../shared/rules/platform/apps/common'
import type { GatewayRoute } from '../../../../shared/contract/platform/apps/gateways'
import type { ColumnDef, FieldDef, FormValues, Option } from '../../../admin/resource'
import { i18n } from '../../../i18n'
import { COLUMN_MIN_WIDTH } from '../../../components/table/tableLayout'

/** What the internal and external route screens share: service and auth types, target, status. */
export const serviceTypeOptions: readonly Option[] = SERVICE_TYPES.map((v) => ({ value: v, label: `apps:service_type_${v}` }))
export const authTypeOptions: readonly Option[] = AUTH_TYPES.map((v) => ({ value: v, label: `apps:auth_type_${v}` }))

export const sharedColumns: readonly ColumnDef<GatewayRoute>[] = [
  { key: 'targetService', label: 'apps:gateway_target', minWidth: COLUMN_MIN_WIDTH.wide },
  { key: 'serviceType', label: 'apps:gateway_service_type', render: (r) => i18n.t(`apps:service_type_${r.serviceType}`, { defaultValue: r.serviceType }) },
  { key: 'authType', label: 'apps:gateway_auth_type', render: (r) => i18n.t(`apps:auth_type_${r.authType}`, { defaultValue: r.authType }) },
]

export const sharedFields: readonly FieldDef[] = [
  { name: 'targetService', label: 'apps:gateway_target', widget: 'text', required: true, hint: 'apps:gateway_target_hint' },
  { name: 'serviceType', label: 'apps:gateway_service_type', widget: 'select', options: serviceTypeOptions, required: true },
  { name: 'authType', label: 'apps:gateway_auth_type', widget: 'select', options: authTypeOptions, required: true },
]

export const sharedForm = (row?: GatewayRoute): FormValues => ({
  targetService: row?.targetService ?? '',
  serviceType: row?.serviceType ?? 'http',
  authType: row?.authType ?? 'none',
  status: row?.status ?? '1',
})

export const statusField: FieldDef = { name: 'status', label: 'admin:col_status', widget: 'radio', dictType: ENABLED_DICTIONARY }
