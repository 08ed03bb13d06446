import { z } from 'zod'
import { defineEndpoint } from '../../../endpoint'
import { passwordSchema } from '../../../rules/password'
import { checkProxy, employeeRuleShape } from '../../../rules/platform/user'
import { pagedSchema, pageQueryShape } from '../../paging'
import { codeListRule, filterText, idInput, statusInput } from './common'
import { USER_PERMISSION } from './permissions'
import { roleSchema } from './roles'

/**
 * An employee (a user with the administration labels of spec part 2 §3). The list row of the
 * spec (id, username, nickName, orgNames, positionNames, roleNames) plus the edited fields.
 */
export const employeeSchema = z.object({
  id: z.string(),
  username: z.string(),
  nickName: z.string(),
  gender: z.string(),
  email: z.string(),
  mobile: z.string(),
  phone: z.string(),
  /** The employee number identity providers may map by (issue 17); '' for none. */
  employeeNo: z.string(),
  employeeType: z.string(),
  canLogin: z.string(),
  isSys: z.string(),
  isButler: z.string(),
  status: z.string(),
  orgIds: z.array(z.string()),
  orgNames: z.array(z.string()),
  positionIds: z.array(z.string()),
  positionNames: z.array(z.string()),
  roleNames: z.array(z.string()),
  /** roleNames as the English console shows them (a role without an English name: its one name). */
  roleNamesEn: z.array(z.string()).optional(),
  proxyUserId: z.string(),
  proxyUserName: z.string(),
  proxyStart: z.string(),
  proxyEnd: z.string(),
  updatedDate: z.string(),
})
export type Employee = z.infer<typeof employeeSchema>

const base = { area: 'platform', access: 'session', permission: USER_PERMISSION } as const

/** Spec: the employee query (username, pageNum, pageSize, count, orgCodes, roleCodes, positionCodes). */
const employeeQueryShape = {
  ...pageQueryShape,
  /** A keyword: found in the username, the nickname or the employee number. */
  username: filterText,
  /** Spec field; the hub always counts, so it is accepted and ignored. */
  count: z.unknown().optional(),
  orgCodes: codeListRule,
  roleCodes: codeListRule,
  positionCodes: codeListRule,
  status: filterText,
}

export const employeeQuery = defineEndpoint({ ...base, id: 'platform.employee.query', method: 'GET', path: '/employee/query', input: z.object(employeeQueryShape), output: pagedSchema(employeeSchema) })
/** The employee types (dictionary pf_employee_type) as value and labels. */
export const employeeGetType = defineEndpoint({
  ...base,
  id: 'platform.employee.getEmployeeType',
  method: 'GET',
  path: '/employee/getEmployeeType',
  input: z.object({}).optional(),
  output: z.array(z.object({ value: z.string(), labelCn: z.string(), labelEn: z.string() })),
})
export const employeeGetById = defineEndpoint({ ...base, id: 'platform.employee.getById', method: 'GET', path: '/employee/getById', input: idInput, output: employeeSchema })
/** Whether the user may log in to the back office ('1' / '0'). */
export const employeeGetIsLogin = defineEndpoint({ ...base, id: 'platform.employee.getIsLogin', method: 'GET', path: '/employee/getIsLogin', input: idInput, output: z.object({ isLogin: z.string() }) })
export const employeeStatusUpdate = defineEndpoint({ ...base, id: 'platform.employee.status.update', method: 'POST', path: '/employee/status/update', input: statusInput, output: employeeSchema })
/**
 * Sets a new password (the password rule applies) or, without one, a generated one that is
 * answered once. Either way the user's sessions end.
 */
export const employeeResetPassword = defineEndpoint({
  ...base,
  id: 'platform.employee.resetPassword',
  method: 'POST',
  path: '/employee/resetPassword',
  input: z.object({ id: z.string().trim().min(1), password: passwordSchema.optional() }),
  output: z.object({ password: z.string().nullable() }),
})
/** Spec flags "set as administrator" and butler: kind 'sys' also gives or takes the administrator role. */
export const employeeSetSysOrButler = defineEndpoint({
  ...base,
  id: 'platform.employee.setSysOrButler',
  method: 'POST',
  path: '/employee/setSysOrButler',
  input: z.object({ id: z.string().trim().min(1), kind: z.enum(['sys', 'butler']), value: z.enum(['1', '0']) }),
  output: employeeSchema,
})
/**
 * Not in the spec's call list (user creation is "not shown"): POST /employee/create and
 * /employee/update, with the employee rules. A new user gets the password given here.
 */
export const employeeCreate = defineEndpoint({
  ...base,
  id: 'platform.employee.create',
  method: 'POST',
  path: '/employee/create',
  input: z.object({ ...employeeRuleShape, password: passwordSchema }).superRefine(checkProxy),
  output: employeeSchema,
})
export const employeeUpdate = defineEndpoint({
  ...base,
  id: 'platform.employee.update',
  method: 'POST',
  path: '/employee/update',
  input: z.object({ ...employeeRuleShape, id: z.string().min(1) }).superRefine(checkProxy),
  output: employeeSchema,
})

const userRowSchema = z.object({ id: z.string(), username: z.string(), nickName: z.string(), status: z.string() })
export const userQuery = defineEndpoint({
  ...base,
  id: 'platform.user.query',
  method: 'GET',
  path: '/user/query',
  input: z.object({ ...pageQueryShape, username: filterText }),
  output: pagedSchema(userRowSchema),
})
export const userFindByOrg = defineEndpoint({
  ...base,
  id: 'platform.user.findByOrg',
  method: 'GET',
  path: '/user/findByOrg',
  input: z.object({ orgCode: z.string().trim().min(1, 'msg_field_required') }),
  output: z.array(userRowSchema),
})
/** The employee chooser's search (spec: filters organisation, role, position, keyword on username). */
export const userFindByOrgPositionAndRole = defineEndpoint({
  ...base,
  id: 'platform.user.findUserByOrgPositionAndRole',
  method: 'POST',
  path: '/user/findUserByOrgPositionAndRole',
  input: z.object(employeeQueryShape),
  output: pagedSchema(employeeSchema),
})

export const userListRoles = defineEndpoint({
  ...base,
  id: 'platform.userrole.user.listRoles',
  method: 'GET',
  path: '/userrole/user/listRoles',
  input: z.object({ userId: z.string().trim().min(1, 'msg_field_required') }),
  output: z.array(roleSchema),
})
/** Replaces the user's roles: a normal user only, normal roles only (spec §4). */
export const userSetRoles = defineEndpoint({
  ...base,
  id: 'platform.userrole.user.setRoles',
  method: 'POST',
  path: '/userrole/user/setRoles',
  input: z.object({ userId: z.string().trim().min(1, 'msg_field_required'), roleIds: z.array(z.string().min(1)).max(200) }),
  output: z.array(roleSchema),
})

export const userEndpoints = {
  [employeeQuery.id]: employeeQuery,
  [employeeGetType.id]: employeeGetType,
  [employeeGetById.id]: employeeGetById,
  [employeeGetIsLogin.id]: employeeGetIsLogin,
  [employeeStatusUpdate.id]: employeeStatusUpdate,
  [employeeResetPassword.id]: employeeResetPassword,
  [employeeSetSysOrButler.id]: employeeSetSysOrButler,
  [employeeCreate.id]: employeeCreate,
  [employeeUpdate.id]: employeeUpdate,
  [userQuery.id]: userQuery,
  [userFindByOrg.id]: userFindByOrg,
  [userFindByOrgPositionAndRole.id]: userFindByOrgPositionAndRole,
  [userListRoles.id]: userListRoles,
  [userSetRoles.id]: userSetRoles,
}
