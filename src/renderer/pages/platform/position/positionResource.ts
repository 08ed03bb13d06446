import { z } from 'zod'
import * as contract from '../../../../shared/contract/platform/admin/positions'
import type { Position } from '../../../../shared/contract/platform/admin/positions'
import { POSITION_PERMISSION } from '../../../../shared/contract/platform/admin/permissions'
import { positionRuleShape } from '../../../../shared/rules/platform/position'
import { STATUS_DICTIONARY } from '../../../../shared/rules/platform/status'
import type { TreeNode } from '../../../../shared/contract/platform/admin/common'
import type { ResourceDefinition, TreeSource, TreeTableResource } from '../../../admin/resource'
import { COLUMN_MIN_WIDTH } from '../../../components/table/tableLayout'

/** Every position as a tree (no organisation filter): the parent choices. */
export const positionTree: TreeSource = { endpoint: contract.positionByOrgCodes, input: { orgCodes: [] } }

/** The positions screen (spec part 2 §3 labels: code, name, sequence, description, parent position). */
export const positionResource: ResourceDefinition<Position> = {
  entity: 'admin:position_entity',
  endpoints: { list: contract.positionList, get: contract.positionDetail, create: contract.positionCreate, update: contract.positionUpdate, remove: contract.positionDelete },
  columns: [
    { key: 'code', label: 'admin:position_code' },
    { key: 'name', label: 'admin:position_name' },
    { key: 'sequence', label: 'admin:position_sequence', minWidth: COLUMN_MIN_WIDTH.number },
    { key: 'parentName', label: 'admin:position_parent' },
    { key: 'orgCodes', label: 'admin:position_orgs', kind: 'list' },
    { key: 'status', label: 'admin:col_status', dictType: STATUS_DICTIONARY },
    { key: 'updatedDate', label: 'admin:updated_date', kind: 'date' },
  ],
  filters: [
    { name: 'code', label: 'admin:position_code', widget: 'text' },
    { name: 'name', label: 'admin:position_name', widget: 'text' },
    { name: 'orgCodes', label: 'admin:position_org_code', widget: 'text' },
  ],
  fields: [
    { name: 'code', label: 'admin:position_code', widget: 'text', required: true },
    { name: 'name', label: 'admin:position_name', widget: 'text', required: true },
    { name: 'sequence', label: 'admin:position_sequence', widget: 'number', hint: 'admin:position_sequence_hint' },
    { name: 'parentId', label: 'admin:position_parent', widget: 'tree', tree: positionTree },
    { name: 'description', label: 'admin:position_description', widget: 'textarea' },
    { name: 'status', label: 'admin:col_status', widget: 'radio', dictType: STATUS_DICTIONARY },
  ],
  rules: { create: z.object(positionRuleShape) },
  toForm: (row) => ({
    code: row?.code ?? '',
    name: row?.name ?? '',
    sequence: String(row?.sequence ?? 0),
    parentId: row?.parentId ?? '',
    description: row?.description ?? '',
    status: row?.status ?? '1',
  }),
  toInput: (values, row) => (row ? { ...values, id: row.id } : values),
  permissions: { create: POSITION_PERMISSION, update: POSITION_PERMISSION, remove: POSITION_PERMISSION },
  // Spec §9: the position table offers 5, 10, 20, 30, 40 rows.
  pageSizes: [5, 10, 20, 30, 40],
  transfer: 'position',
}

/**
 * Positions as a tree table (spec: a tree when the link model is 1): every position under its
 * parent; deleting one moves its children up to its parent, as the hub does. The form is the
 * list's, so the rules and fields are the same.
 */
export const positionTreeTable: TreeTableResource<TreeNode, Position> = {
  resource: positionResource,
  tree: { endpoint: positionTree.endpoint, input: () => positionTree.input },
  columns: [
    { key: 'name', label: 'admin:position_name' },
    { key: 'code', label: 'admin:position_code' },
    { key: 'status', label: 'admin:col_status', dictType: STATUS_DICTIONARY },
  ],
  addChildLabel: 'admin:org_add_child',
}
