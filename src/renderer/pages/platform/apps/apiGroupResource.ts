import { z } from 'zod'
import * as contract from '../../../../shared/contract/platform/apps/apis'
import type { ApiGroup } from '../../../../shared/contract/platform/apps/apis'
import { API_GROUP_PERMISSION } from '../../../../shared/contract/platform/apps/permissions'
import { apiGroupRuleShape } from '../../../../shared/rules/platform/apps/api'
import type { ResourceDefinition } from '../../../admin/resource'
import { applicationSource } from './sources'
import { COLUMN_MIN_WIDTH } from '../../../components/table/tableLayout'

/** API groups (code and name per application), of the chosen application ('' for all). */
export const apiGroupResource = (appCode: string): ResourceDefinition<ApiGroup> => ({
  entity: 'apps:group_entity',
  endpoints: { list: contract.apiGroupList, create: contract.apiGroupCreate, update: contract.apiGroupUpdate, remove: contract.apiGroupDelete },
  listInput: (filters, page) => ({ ...filters, ...page, ...(appCode ? { appCode } : {}) }),
  columns: [
    { key: 'appName', label: 'apps:application' },
    { key: 'code', label: 'apps:group_code' },
    { key: 'name', label: 'apps:group_name' },
    { key: 'apiCount', label: 'apps:group_api_count', minWidth: COLUMN_MIN_WIDTH.short },
    { key: 'updatedDate', label: 'admin:updated_date', kind: 'date' },
  ],
  filters: [
    { name: 'code', label: 'apps:group_code', widget: 'text' },
    { name: 'name', label: 'apps:group_name', widget: 'text' },
  ],
  fields: [
    { name: 'appCode', label: 'apps:application', widget: 'remoteSelect', remote: applicationSource, required: true, lockedOnEdit: true },
    { name: 'code', label: 'apps:group_code', widget: 'text', required: true, lockedOnEdit: true },
    { name: 'name', label: 'apps:group_name', widget: 'text', required: true },
  ],
  rules: { create: z.object(apiGroupRuleShape) },
  toForm: (row) => ({ appCode: row?.appCode ?? appCode, code: row?.code ?? '', name: row?.name ?? '' }),
  toInput: (values, row) => (row ? { ...values, id: row.id } : values),
  permissions: { create: API_GROUP_PERMISSION, update: API_GROUP_PERMISSION, remove: API_GROUP_PERMISSION },
})
