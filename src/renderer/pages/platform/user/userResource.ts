import { KeyResetRegular, PeopleTeamRegular, ShieldPersonRegular } from '@fluentui/react-icons'
import { z } from 'zod'
import * as contract from '../../../../shared/contract/platform/admin/users'
import type { Employee } from '../../../../shared/contract/platform/admin/users'
import { orgSelectAsOrgTree } from '../../../../shared/contract/platform/admin/orgs'
import { USER_PERMISSION } from '../../../../shared/contract/platform/admin/permissions'
import { passwordSchema } from '../../../../shared/rules/password'
import { checkProxy, employeeRuleShape } from '../../../../shared/rules/platform/user'
import { STATUS_DICTIONARY } from '../../../../shared/rules/platform/status'
import type { ResourceDefinition, TreeSource } from '../../../admin/resource'
import { userChoices } from '../../../admin/sources/users'
import { positionTree } from '../position/positionResource'
import { createElement } from 'react'
import { LocalNames } from '../../../components/LocalName'

const orgTree: TreeSource = { endpoint: orgSelectAsOrgTree }

export interface UserActions {
  resetPassword: (user: Employee) => void
  editRoles: (user: Employee) => void
  toggleAdmin: (user: Employee) => void
}

/** The users screen (spec part 2 §3 user labels; §5 username 5-20 letters or digits, unique). */
export function userResource(actions: UserActions): ResourceDefinition<Employee> {
  return {
    entity: 'admin:user_entity',
    endpoints: { list: contract.employeeQuery, create: contract.employeeCreate, update: contract.employeeUpdate, status: contract.employeeStatusUpdate },
    status: { field: 'status', on: '1', off: '0' },
    columns: [
      { key: 'username', label: 'admin:username' },
      { key: 'nickName', label: 'admin:nick_name' },
      { key: 'employeeType', label: 'admin:employee_type', dictType: 'pf_employee_type' },
      { key: 'orgNames', label: 'admin:user_orgs', kind: 'list' },
      { key: 'positionNames', label: 'admin:user_positions', kind: 'list' },
      { key: 'roleNames', label: 'admin:user_roles', render: (r) => createElement(LocalNames, { zh: r.roleNames, en: r.roleNamesEn }) },
      { key: 'isSys', label: 'admin:user_is_sys', dictType: 'sys_yes_no' },
    ],
    filters: [
      { name: 'username', label: 'admin:username', widget: 'text' },
      { name: 'status', label: 'admin:col_status', widget: 'dictionary', dictType: STATUS_DICTIONARY },
    ],
    fields: [
      { name: 'username', label: 'admin:username', widget: 'text', required: true },
      { name: 'nickName', label: 'admin:nick_name', widget: 'text', required: true },
      { name: 'password', label: 'admin:password', widget: 'password', required: true, only: 'create', hint: 'admin:password_hint' },
      { name: 'gender', label: 'admin:gender', widget: 'radio', dictType: 'sys_user_sex' },
      { name: 'email', label: 'admin:email', widget: 'text' },
      { name: 'mobile', label: 'admin:mobile', widget: 'text' },
      { name: 'phone', label: 'admin:phone', widget: 'text' },
      // What identity providers may match the user by (issue 17), beside the employee type.
      { name: 'employeeNo', label: 'admin:employee_no', widget: 'text', hint: 'admin:employee_no_hint' },
      { name: 'employeeType', label: 'admin:employee_type', widget: 'dictionary', dictType: 'pf_employee_type' },
      { name: 'canLogin', label: 'admin:can_login', widget: 'radio', dictType: 'sys_yes_no' },
      { name: 'status', label: 'admin:col_status', widget: 'radio', dictType: STATUS_DICTIONARY },
      { name: 'orgIds', label: 'admin:user_orgs', widget: 'treeMulti', tree: orgTree, empty: 'admin:user_orgs_empty' },
      { name: 'positionIds', label: 'admin:user_positions', widget: 'treeMulti', tree: positionTree, empty: 'admin:user_positions_empty' },
      { name: 'proxyUserId', label: 'admin:proxy_user', widget: 'remoteSelect', remote: userChoices },
      { name: 'proxyStart', label: 'admin:proxy_start', widget: 'date', visible: (v) => v.proxyUserId !== '' },
      { name: 'proxyEnd', label: 'admin:proxy_end', widget: 'date', visible: (v) => v.proxyUserId !== '' },
    ],
    rules: { create: z.object({ ...employeeRuleShape, password: passwordSchema }).superRefine(checkProxy), update: z.object(employeeRuleShape).superRefine(checkProxy) },
    toForm: (row) => ({
      username: row?.username ?? '',
      nickName: row?.nickName ?? '',
      ...(row ? {} : { password: '' }),
      gender: row?.gender ?? '',
      email: row?.email ?? '',
      mobile: row?.mobile ?? '',
      phone: row?.phone ?? '',
      employeeNo: row?.employeeNo ?? '',
      employeeType: row?.employeeType ?? '',
      canLogin: row?.canLogin ?? '1',
      status: row?.status ?? '1',
      orgIds: row?.orgIds ?? [],
      positionIds: row?.positionIds ?? [],
      proxyUserId: row?.proxyUserId ?? '',
      proxyStart: row?.proxyStart ?? '',
      proxyEnd: row?.proxyEnd ?? '',
    }),
    toInput: (values, row) => (row ? { ...values, id: row.id } : values),
    permissions: { create: USER_PERMISSION, update: USER_PERMISSION, status: USER_PERMISSION },
    rowActions: [
      { key: 'roles', label: 'admin:user_set_roles', icon: createElement(PeopleTeamRegular), permission: USER_PERMISSION, run: (row) => actions.editRoles(row) },
      // Resetting a password and the administrator flag are rare: in the row's ⋯ menu (issue 23).
      { key: 'reset', label: 'admin:user_reset_password', icon: createElement(KeyResetRegular), permission: USER_PERMISSION, overflow: true, run: (row) => actions.resetPassword(row) },
      {
        key: 'admin',
        label: 'admin:user_toggle_admin',
        icon: createElement(ShieldPersonRegular),
        permission: USER_PERMISSION,
        overflow: true,
        run: (row) => actions.toggleAdmin(row),
      },
    ],
    transfer: 'user',
  }
}
