import { z } from 'zod'
import * as contract from '../../../../shared/contract/platform/apps/apis'
import type { AppApi } from '../../../../shared/contract/platform/apps/apis'
import { API_PERMISSION } from '../../../../shared/contract/platform/apps/permissions'
import { API_METHODS, apiRuleShape } from '../../../../shared/rules/platform/apps/api'
import { ENABLED_DICTIONARY } from '../../../../shared/rules/platform/apps/common'
import type { Option, ResourceDefinition } from '../../../admin/resource'
import { applicationSource, groupSource } from './sources'
import { COLUMN_MIN_WIDTH } from '../../../components/table/tableLayout'

/** Methods are shown as they are (GET, POST…): the keys exist in both locales with the same text. */
const methodOptions: readonly Option[] = API_METHODS.map((m) => ({ value: m, label: `apps:method_${m}` }))

/** Application APIs (spec §3: code, name, method, endpoint, group), of the chosen application ('' for all). */
export const apiResource = (appCode: string): ResourceDefinition<AppApi> => ({
  entity: 'apps:api_entity',
  endpoints: { list: contract.apiList, create: contract.apiCreate, update: contract.apiUpdate, remove: contract.apiDelete },
  listInput: (filters, page) => ({ ...filters, ...page, ...(appCode ? { appCode } : {}) }),
  columns: [
    { key: 'appName', label: 'apps:application' },
    { key: 'code', label: 'apps:api_code' },
    { key: 'name', label: 'apps:api_name' },
    { key: 'method', label: 'apps:api_method', minWidth: COLUMN_MIN_WIDTH.short },
    { key: 'endpoint', label: 'apps:api_endpoint', minWidth: COLUMN_MIN_WIDTH.wide },
    { key: 'groupName', label: 'apps:api_group' },
    { key: 'status', label: 'admin:col_status', dictType: ENABLED_DICTIONARY },
  ],
  filters: [
    { name: 'code', label: 'apps:api_code', widget: 'text' },
    { name: 'name', label: 'apps:api_name', widget: 'text' },
  ],
  fields: [
    { name: 'appCode', label: 'apps:application', widget: 'remoteSelect', remote: applicationSource, required: true, lockedOnEdit: true },
    { name: 'code', label: 'apps:api_code', widget: 'text', required: true, lockedOnEdit: true, hint: 'apps:api_code_hint' },
    { name: 'name', label: 'apps:api_name', widget: 'text', required: true },
    { name: 'method', label: 'apps:api_method', widget: 'select', options: methodOptions, required: true },
    { name: 'endpoint', label: 'apps:api_endpoint', widget: 'text', required: true, hint: 'apps:api_endpoint_hint' },
    // The chosen application's groups (all groups, named with their application, when none is chosen).
    { name: 'groupId', label: 'apps:api_group', widget: 'remoteSelect', remote: groupSource(appCode) },
    { name: 'status', label: 'admin:col_status', widget: 'radio', dictType: ENABLED_DICTIONARY },
  ],
  rules: { create: z.object(apiRuleShape) },
  toForm: (row) => ({
    appCode: row?.appCode ?? appCode,
    code: row?.code ?? '',
    name: row?.name ?? '',
    method: row?.method ?? 'GET',
    endpoint: row?.endpoint ?? '',
    groupId: row?.groupId ?? '',
    status: row?.status ?? '1',
  }),
  toInput: (values, row) => (row ? { ...values, id: row.id } : values),
  permissions: { create: API_PERMISSION, update: API_PERMISSION, remove: API_PERMISSION },
})
