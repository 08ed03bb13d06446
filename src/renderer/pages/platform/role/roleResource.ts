import { ApprovalsAppRegular, PeopleRegular, ShieldKeyholeRegular } from '@fluentui/react-icons'
import { PROCESS_PERMISSION } from '../../../../shared/contract/approvals/permissions'
import * as contract from '../../../../shared/contract/platform/admin/roles'
import type { Role } from '../../../../shared/contract/platform/admin/roles'
import { ROLE_PERMISSION } from '../../../../shared/contract/platform/admin/permissions'
import { roleFormSchema } from '../../../../shared/rules/platform/role'
import { STATUS_DICTIONARY } from '../../../../shared/rules/platform/status'
import type { ResourceDefinition } from '../../../admin/resource'
import { sessionStore } from '../../../state/session'
import { createElement } from 'react'
import { LocalName } from '../../../components/LocalName'

/** Spec: the role permission screen is the route RoleResAuthList with query roleId, roleCode, roleName. */
export const ROLE_AUTH_ROUTE = 'RoleResAuthList'
export const roleAuthQuery = (role: Pick<Role, 'id' | 'roleCode' | 'roleName'>): string =>
  `?${new URLSearchParams({ roleId: role.id, roleCode: role.roleCode, roleName: role.roleName }).toString()}`
/**
 * Where the authorisation screen opens: the path of the client route RoleResAuthList (a hidden
 * route, routed under the roles page), or in place on the roles page when the hub has no such
 * route (RoleListPage shows the screen for the same query).
 */
export const roleAuthHref = (role: Pick<Role, 'id' | 'roleCode' | 'roleName'>): string =>
  (sessionStore.get().clientRouters.find((r) => r.name === ROLE_AUTH_ROUTE)?.path ?? '') + roleAuthQuery(role)

/** The roles screen as a resource (spec part 2 §3 role row; §5 code and name rules). */
export function roleResource(openUsers: (role: Role) => void, openApproval: (role: Role) => void = () => {}): ResourceDefinition<Role> {
  return {
    entity: 'admin:role_entity',
    endpoints: {
      list: contract.roleQuery,
      create: contract.roleCreate,
      update: contract.roleUpdate,
      remove: contract.roleDelete,
      status: contract.roleStatusUpdate,
    },
    status: { field: 'status', on: '1', off: '0' },
    columns: [
      { key: 'roleCode', label: 'admin:role_code' },
      { key: 'roleName', label: 'admin:role_name', render: (r) => createElement(LocalName, { zh: r.roleName, en: r.roleNameEn }) },
      { key: 'roleType', label: 'admin:role_type' },
      { key: 'isSys', label: 'admin:role_is_sys', dictType: 'sys_yes_no' },
      { key: 'updatedDate', label: 'admin:updated_date', kind: 'date' },
    ],
    filters: [
      { name: 'roleCode', label: 'admin:role_code', widget: 'text' },
      { name: 'roleName', label: 'admin:role_name', widget: 'text' },
      { name: 'status', label: 'admin:col_status', widget: 'dictionary', dictType: STATUS_DICTIONARY },
    ],
    fields: [
      { name: 'roleCode', label: 'admin:role_code', widget: 'text', required: true },
      { name: 'roleName', label: 'admin:role_name', widget: 'text', required: true },
      { name: 'roleType', label: 'admin:role_type', widget: 'text' },
      { name: 'status', label: 'admin:col_status', widget: 'radio', dictType: STATUS_DICTIONARY },
    ],
    rules: { create: roleFormSchema },
    toForm: (row) => ({ roleCode: row?.roleCode ?? '', roleName: row?.roleName ?? '', roleType: row?.roleType ?? '', status: row?.status ?? '1' }),
    toInput: (values, row) => (row ? { ...values, id: row.id } : values),
    permissions: { create: ROLE_PERMISSION, update: ROLE_PERMISSION, remove: ROLE_PERMISSION, status: ROLE_PERMISSION },
    rowActions: [
      {
        key: 'auth',
        label: 'admin:role_auth',
        icon: createElement(ShieldKeyholeRegular),
        permission: ROLE_PERMISSION,
        run: (row, ctx) => ctx.navigate(roleAuthHref(row)),
      },
      { key: 'users', label: 'admin:role_users', icon: createElement(PeopleRegular), permission: ROLE_PERMISSION, run: (row) => openUsers(row) },
      // Issue 19: whether the role's changes of hub configuration need approval, and by which process.
      { key: 'approval', label: 'workflow:role_approval', icon: createElement(ApprovalsAppRegular), permission: PROCESS_PERMISSION, overflow: true, run: (row) => openApproval(row) },
    ],
    transfer: 'role',
  }
}
