import { z } from 'zod'
import * as contract from '../../../../shared/contract/approvals/processTypes'
import type { ProcessType } from '../../../../shared/contract/approvals/processTypes'
import { PROCESS_TYPE_PERMISSION } from '../../../../shared/contract/approvals/permissions'
import type { ResourceDefinition } from '../../../admin/resource'
import { COLUMN_MIN_WIDTH } from '../../../components/table/tableLayout'

/**
 * Process types (issue 19; the spec shows only the calls): the administrator's categories of
 * processes, a code and a name, sorted. The hub refuses deleting a type a definition still uses.
 */
export const processTypeResource: ResourceDefinition<ProcessType> = {
  entity: 'workflow:type_entity',
  endpoints: { list: contract.processTypeList, get: contract.processTypeGet, create: contract.processTypeCreate, update: contract.processTypeUpdate, remove: contract.processTypeDelete },
  columns: [
    { key: 'code', label: 'workflow:type_code', minWidth: COLUMN_MIN_WIDTH.short },
    { key: 'name', label: 'workflow:type_name' },
    { key: 'sort', label: 'workflow:type_sort', minWidth: COLUMN_MIN_WIDTH.number },
    { key: 'remark', label: 'workflow:remark' },
    { key: 'updatedAt', label: 'admin:updated_date', kind: 'date' },
  ],
  filters: [{ name: 'name', label: 'workflow:type_filter', widget: 'text' }],
  fields: [
    { name: 'code', label: 'workflow:type_code', widget: 'text', required: true, lockedOnEdit: true },
    { name: 'name', label: 'workflow:type_name', widget: 'text', required: true },
    { name: 'sort', label: 'workflow:type_sort', widget: 'number' },
    { name: 'remark', label: 'workflow:remark', widget: 'textarea' },
  ],
  rules: { create: z.object(contract.processTypeInputShape) },
  toForm: (row) => ({ code: row?.code ?? '', name: row?.name ?? '', sort: String(row?.sort ?? 0), remark: row?.remark ?? '' }),
  toInput: (values, row) => (row ? { ...values, id: row.id, version: row.version } : values),
  permissions: { create: PROCESS_TYPE_PERMISSION, update: PROCESS_TYPE_PERMISSION, remove: PROCESS_TYPE_PERMISSION },
}
