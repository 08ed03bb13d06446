import { z } from 'zod'
import * as contract from '../../../../shared/contract/platform/apps/modules'
import type { AppModule } from '../../../../shared/contract/platform/apps/modules'
import { MODULE_PERMISSION } from '../../../../shared/contract/platform/apps/permissions'
import { moduleRuleShape } from '../../../../shared/rules/platform/apps/application'
import { ENABLED_DICTIONARY } from '../../../../shared/rules/platform/apps/common'
import type { ResourceDefinition } from '../../../admin/resource'
import { applicationSource } from './sources'

/** Application modules (spec §3: code, name), of the application chosen above the list ('' for all). */
export const moduleResource = (appCode: string): ResourceDefinition<AppModule> => ({
  entity: 'apps:module_entity',
  endpoints: { list: contract.moduleList, create: contract.moduleCreate, update: contract.moduleUpdate, remove: contract.moduleDelete },
  listInput: (filters, page) => ({ ...filters, ...page, ...(appCode ? { appCode } : {}) }),
  columns: [
    { key: 'appName', label: 'apps:application' },
    { key: 'code', label: 'apps:module_code' },
    { key: 'name', label: 'apps:module_name' },
    { key: 'status', label: 'admin:col_status', dictType: ENABLED_DICTIONARY },
    { key: 'updatedDate', label: 'admin:updated_date', kind: 'date' },
  ],
  filters: [
    { name: 'code', label: 'apps:module_code', widget: 'text' },
    { name: 'name', label: 'apps:module_name', widget: 'text' },
  ],
  fields: [
    { name: 'appCode', label: 'apps:application', widget: 'remoteSelect', remote: applicationSource, required: true, lockedOnEdit: true },
    { name: 'code', label: 'apps:module_code', widget: 'text', required: true, lockedOnEdit: true },
    { name: 'name', label: 'apps:module_name', widget: 'text', required: true },
    { name: 'status', label: 'admin:col_status', widget: 'radio', dictType: ENABLED_DICTIONARY },
  ],
  rules: { create: z.object(moduleRuleShape) },
  toForm: (row) => ({ appCode: row?.appCode ?? appCode, code: row?.code ?? '', name: row?.name ?? '', status: row?.status ?? '1' }),
  toInput: (values, row) => (row ? { ...values, id: row.id } : values),
  permissions: { create: MODULE_PERMISSION, update: MODULE_PERMISSION, remove: MODULE_PERMISSION },
})
