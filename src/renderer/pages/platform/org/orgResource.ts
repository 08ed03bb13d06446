import { z } from 'zod'
import * as contract from '../../../../shared/contract/platform/admin/orgs'
import type { Org } from '../../../../shared/contract/platform/admin/orgs'
import { ORG_PERMISSION } from '../../../../shared/contract/platform/admin/permissions'
import { orgRuleShape } from '../../../../shared/rules/platform/org'
import { STATUS_DICTIONARY } from '../../../../shared/rules/platform/status'
import type { TreeNode } from '../../../../shared/contract/platform/admin/common'
import type { ResourceDefinition, TreeResource, TreeSource } from '../../../admin/resource'
import { userChoices } from '../../../admin/sources/users'

export const orgTreeSource: TreeSource = { endpoint: contract.orgListTree, input: {} }

/**
 * The organisation form as a resource (spec part 2 §3: code, name, type, city, sort, parent).
 * The tree screen (OrgListPage) shows the list; this definition drives its create / edit dialog.
 * The person in charge is picked among the users (admin/sources/users).
 */
export const orgResource: ResourceDefinition<Org> = {
  entity: 'admin:org_entity',
  endpoints: { list: contract.orgSearchList, create: contract.orgCreate, update: contract.orgUpdate, remove: contract.orgDelete },
  columns: [
    { key: 'orgCode', label: 'admin:org_code' },
    { key: 'orgName', label: 'admin:org_name' },
  ],
  fields: [
    { name: 'orgCode', label: 'admin:org_code', widget: 'text', required: true },
    { name: 'orgName', label: 'admin:org_name', widget: 'text', required: true },
    { name: 'orgType', label: 'admin:org_type', widget: 'dictionary', dictType: 'pf_org_type' },
    { name: 'city', label: 'admin:org_city', widget: 'text' },
    { name: 'sort', label: 'admin:org_sort', widget: 'number' },
    { name: 'managerId', label: 'admin:org_manager', widget: 'remoteSelect', remote: userChoices },
    { name: 'parentId', label: 'admin:org_parent', widget: 'tree', tree: orgTreeSource },
    { name: 'status', label: 'admin:col_status', widget: 'radio', dictType: STATUS_DICTIONARY },
  ],
  rules: { create: z.object(orgRuleShape) },
  toForm: (row) => ({
    orgCode: row?.orgCode ?? '',
    orgName: row?.orgName ?? '',
    orgType: row?.orgType ?? '',
    city: row?.city ?? '',
    sort: String(row?.sort ?? 0),
    managerId: row?.managerId ?? '',
    parentId: row?.parentId ?? '',
    status: row?.status ?? '1',
  }),
  toInput: (values, row) => (row ? { ...values, id: row.id } : values),
  permissions: { create: ORG_PERMISSION, update: ORG_PERMISSION, remove: ORG_PERMISSION },
  transfer: 'org',
}

/** The organisation tree, narrowed by a name or code keyword; deleting one deletes its branch. */
export const orgTree: TreeResource<TreeNode, Org> = {
  resource: orgResource,
  tree: { endpoint: contract.orgListTree, input: (keyword) => (keyword ? { orgName: keyword } : {}) },
  deleteConfirm: 'admin:org_delete_confirm',
}
