import { z } from 'zod'
import * as contract from '../../../../shared/contract/platform/apps/clientRouters'
import type { ClientRouterRecord } from '../../../../shared/contract/platform/apps/clientRouters'
import { CLIENT_ROUTER_PERMISSION } from '../../../../shared/contract/platform/apps/permissions'
import { clientRouterRuleShape } from '../../../../shared/rules/platform/apps/clientRouter'
import type { ResourceDefinition } from '../../../admin/resource'
import { COLUMN_MIN_WIDTH } from '../../../components/table/tableLayout'

/** Client routers (spec: name, path, page component per application code, metadata JSON). */
export const clientRouterResource: ResourceDefinition<ClientRouterRecord> = {
  entity: 'apps:router_entity',
  endpoints: { list: contract.clientRouterList, create: contract.clientRouterCreate, update: contract.clientRouterUpdate, remove: contract.clientRouterDelete },
  columns: [
    { key: 'name', label: 'apps:router_name' },
    { key: 'path', label: 'apps:router_path', minWidth: COLUMN_MIN_WIDTH.wide },
    { key: 'component', label: 'apps:router_component' },
    { key: 'appCode', label: 'apps:router_app_code', minWidth: COLUMN_MIN_WIDTH.short },
    { key: 'metaData', label: 'apps:router_meta', minWidth: COLUMN_MIN_WIDTH.wide },
    { key: 'menuCount', label: 'apps:router_menu_count', minWidth: COLUMN_MIN_WIDTH.short },
    { key: 'updatedDate', label: 'admin:updated_date', kind: 'date' },
  ],
  filters: [
    { name: 'name', label: 'apps:router_name', widget: 'text' },
    { name: 'path', label: 'apps:router_path', widget: 'text' },
  ],
  fields: [
    { name: 'name', label: 'apps:router_name', widget: 'text', required: true, hint: 'apps:router_name_hint' },
    { name: 'path', label: 'apps:router_path', widget: 'text', required: true },
    { name: 'component', label: 'apps:router_component', widget: 'text', hint: 'apps:router_component_hint' },
    { name: 'appCode', label: 'apps:router_app_code', widget: 'text', hint: 'apps:router_app_code_hint' },
    { name: 'metaData', label: 'apps:router_meta', widget: 'textarea', hint: 'apps:router_meta_hint' },
  ],
  rules: { create: z.object(clientRouterRuleShape) },
  toForm: (row) => ({ name: row?.name ?? '', path: row?.path ?? '', component: row?.component ?? '', appCode: row?.appCode ?? 'common', metaData: row?.metaData ?? '' }),
  toInput: (values, row) => (row ? { ...values, id: row.id } : values),
  permissions: { create: CLIENT_ROUTER_PERMISSION, update: CLIENT_ROUTER_PERMISSION, remove: CLIENT_ROUTER_PERMISSION },
}
