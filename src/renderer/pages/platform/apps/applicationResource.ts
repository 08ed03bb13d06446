import { z } from 'zod'
import * as contract from '../../../../shared/contract/platform/apps/applications'
import type { Application } from '../../../../shared/contract/platform/apps/applications'
import { APPLICATION_PERMISSION } from '../../../../shared/contract/platform/apps/permissions'
import { APPLICATION_TYPE_DICTIONARY, applicationRuleShape } from '../../../../shared/rules/platform/apps/application'
import { ENABLED_DICTIONARY } from '../../../../shared/rules/platform/apps/common'
import type { ResourceDefinition } from '../../../admin/resource'
import { COLUMN_MIN_WIDTH } from '../../../components/table/tableLayout'

/** Applications (spec part 2 §3: code, name, type, stakeholder, phone, email, route path). */
export const applicationResource: ResourceDefinition<Application> = {
  entity: 'apps:app_entity',
  endpoints: { list: contract.applicationList, create: contract.applicationCreate, update: contract.applicationUpdate, remove: contract.applicationDelete },
  columns: [
    { key: 'code', label: 'apps:app_code' },
    { key: 'name', label: 'apps:app_name' },
    { key: 'appType', label: 'apps:app_type', dictType: APPLICATION_TYPE_DICTIONARY },
    { key: 'stakeholder', label: 'apps:stakeholder' },
    { key: 'stakeholderPhone', label: 'apps:stakeholder_phone' },
    { key: 'routePath', label: 'apps:route_path', minWidth: COLUMN_MIN_WIDTH.wide },
    { key: 'status', label: 'admin:col_status', dictType: ENABLED_DICTIONARY },
    { key: 'updatedDate', label: 'admin:updated_date', kind: 'date' },
  ],
  filters: [
    { name: 'code', label: 'apps:app_code', widget: 'text' },
    { name: 'name', label: 'apps:app_name', widget: 'text' },
    { name: 'appType', label: 'apps:app_type', widget: 'dictionary', dictType: APPLICATION_TYPE_DICTIONARY },
  ],
  fields: [
    // Spec: the code is locked once created (modules, APIs, producers and consumers refer to it).
    { name: 'code', label: 'apps:app_code', widget: 'text', required: true, lockedOnEdit: true, hint: 'apps:app_code_hint' },
    { name: 'name', label: 'apps:app_name', widget: 'text', required: true },
    { name: 'appType', label: 'apps:app_type', widget: 'dictionary', dictType: APPLICATION_TYPE_DICTIONARY, required: true },
    { name: 'stakeholder', label: 'apps:stakeholder', widget: 'text' },
    { name: 'stakeholderPhone', label: 'apps:stakeholder_phone', widget: 'text' },
    { name: 'stakeholderEmail', label: 'apps:stakeholder_email', widget: 'text' },
    // Where its API sits at the gateway: consumers look up their request URI by it (applicationApiPath).
    { name: 'routePath', label: 'apps:route_path', widget: 'text', hint: 'apps:route_path_hint' },
    { name: 'status', label: 'admin:col_status', widget: 'radio', dictType: ENABLED_DICTIONARY },
  ],
  rules: { create: z.object(applicationRuleShape) },
  toForm: (row) => ({
    code: row?.code ?? '',
    name: row?.name ?? '',
    appType: row?.appType ?? '0',
    stakeholder: row?.stakeholder ?? '',
    stakeholderPhone: row?.stakeholderPhone ?? '',
    stakeholderEmail: row?.stakeholderEmail ?? '',
    routePath: row?.routePath ?? '',
    status: row?.status ?? '1',
  }),
  toInput: (values, row) => (row ? { ...values, id: row.id } : values),
  permissions: { create: APPLICATION_PERMISSION, update: APPLICATION_PERMISSION, remove: APPLICATION_PERMISSION },
}
