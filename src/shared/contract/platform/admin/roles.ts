import { z } from 'zod'
import { defineEndpoint } from '../../../endpoint'
import { roleRuleShape } from '../../../rules/platform/role'
import { pagedSchema, pageQueryShape } from '../../paging'
import { menuItemSchema } from '../startup'
import { filterText, idInput, idsShape, statusInput, treeNodeSchema } from './common'
import { ROLE_PERMISSION } from './permissions'

/** Spec part 2 §3: role row id, roleCode, roleName, isSys (sys_yes_no), status (sys_role_status), updatedDate. */
export const roleSchema = z.object({
  id: z.string(),
  roleCode: z.string(),
  roleName: z.string(),
  /** The built-in roles' English name (the console shows it in English); '' for roles people made. */
  roleNameEn: z.string().optional(),
  roleType: z.string(),
  isSys: z.string(),
  status: z.string(),
  updatedDate: z.string(),
})
export type Role = z.infer<typeof roleSchema>

/** A user as role membership lists show it. */
export const roleUserSchema = z.object({ id: z.string(), username: z.string(), nickName: z.string(), status: z.string() })

const base = { area: 'platform', access: 'session', permission: ROLE_PERMISSION } as const

/** Spec: roles are queried sorted by roleCode, with pageNum and pageSize; content[] and totalElements. */
export const roleQuery = defineEndpoint({
  ...base,
  id: 'platform.role.query',
  method: 'GET',
  path: '/role/query',
  input: z.object({ ...pageQueryShape, roleCode: filterText, roleName: filterText, status: filterText }),
  output: pagedSchema(roleSchema),
})

export const roleDetail = defineEndpoint({ ...base, id: 'platform.role.detail', method: 'GET', path: '/role/detail/{id}', input: idInput, output: roleSchema })

export const roleCreate = defineEndpoint({ ...base, id: 'platform.role.create', method: 'POST', path: '/role/create', input: z.object(roleRuleShape), output: roleSchema })

export const roleUpdate = defineEndpoint({
  ...base,
  id: 'platform.role.update',
  method: 'POST',
  path: '/role/update',
  input: z.object(roleRuleShape).extend({ id: z.string().min(1) }),
  output: roleSchema,
})

/** Spec: GET /role/delete. Built-in roles (isSys '1') cannot be deleted. */
export const roleDelete = defineEndpoint({ ...base, id: 'platform.role.delete', method: 'GET', path: '/role/delete', input: idInput, output: z.null() })

export const roleStatusUpdate = defineEndpoint({ ...base, id: 'platform.role.status.update', method: 'POST', path: '/role/status/update', input: statusInput, output: roleSchema })

const roleUsersQuery = z.object({ ...pageQueryShape, roleId: z.string().trim().min(1, 'msg_field_required'), username: filterText })

/** Users bound to the role. */
export const roleGetRoleUsers = defineEndpoint({ ...base, id: 'platform.role.getRoleUsers', method: 'GET', path: '/role/getRoleUsers', input: roleUsersQuery, output: pagedSchema(roleUserSchema) })

/** Normal-status users not bound to the role: the only ones that may be given it (spec §4). */
export const roleGetUnbindUsers = defineEndpoint({ ...base, id: 'platform.role.getUnbindUsers', method: 'GET', path: '/role/getUnbindUsers', input: roleUsersQuery, output: pagedSchema(roleUserSchema) })

/** The organisation tree a role's users are picked from (spec: "an organisation tree is available for a role"). */
export const roleGetOrgTree = defineEndpoint({ ...base, id: 'platform.role.getOrgTree', method: 'GET', path: '/role/getOrgTree', input: z.object({ roleId: z.string().optional() }).optional(), output: z.array(treeNodeSchema) })

const roleUsersInput = z.object({ roleId: z.string().trim().min(1, 'msg_field_required'), userIds: idsShape.ids })
/** Gives the role to users: only a normal role, only normal users (spec §4). */
export const roleSaveRoleUser = defineEndpoint({ ...base, id: 'platform.role.saveRoleUser', method: 'POST', path: '/role/saveRoleUser', input: roleUsersInput, output: z.null() })
export const roleDeleteRoleUser = defineEndpoint({ ...base, id: 'platform.role.deleteRoleUser', method: 'POST', path: '/role/deleteRoleUser', input: roleUsersInput, output: z.null() })

/**
 * Role authorisation (route RoleResAuthList). The spec names the screen but not its calls, so
 * these two are ours: the whole menu tree with the role's granted codes, and saving the codes.
 */
export const roleResAuthGet = defineEndpoint({
  ...base,
  id: 'platform.role.resAuth.get',
  method: 'GET',
  path: '/role/resAuth/get',
  input: z.object({ roleId: z.string().trim().min(1, 'msg_field_required') }),
  output: z.object({ role: roleSchema, menus: z.array(menuItemSchema), permissions: z.array(z.string()) }),
})
export const roleResAuthSave = defineEndpoint({
  ...base,
  id: 'platform.role.resAuth.save',
  method: 'POST',
  path: '/role/resAuth/save',
  input: z.object({ roleId: z.string().trim().min(1, 'msg_field_required'), permissions: z.array(z.string().min(1).max(100)).max(2000) }),
  output: z.object({ permissions: z.array(z.string()) }),
})

export const roleEndpoints = {
  [roleQuery.id]: roleQuery,
  [roleDetail.id]: roleDetail,
  [roleCreate.id]: roleCreate,
  [roleUpdate.id]: roleUpdate,
  [roleDelete.id]: roleDelete,
  [roleStatusUpdate.id]: roleStatusUpdate,
  [roleGetRoleUsers.id]: roleGetRoleUsers,
  [roleGetUnbindUsers.id]: roleGetUnbindUsers,
  [roleGetOrgTree.id]: roleGetOrgTree,
  [roleSaveRoleUser.id]: roleSaveRoleUser,
  [roleDeleteRoleUser.id]: roleDeleteRoleUser,
  [roleResAuthGet.id]: roleResAuthGet,
  [roleResAuthSave.id]: roleResAuthSave,
}
