import * as contract from '../../../shared/contract/platform/admin/roles'
import { NORMAL } from '../../../shared/rules/platform/status'
import { route, type CallContext } from '../../http/context'
import { isoNow, newId } from '../../store/ids'
import { roleCodeDuplicate, roleNotNormal, roleSysLocked, userNotNormal } from './refusals'
import { keepAnAdministrator, requireMayActOnUsers, requireRolesWithinOwn } from '../../authority/grants'
import { roleRepository as roles } from './roleRepository'
import { userRepository } from './userRepository'
import { adminDb } from './tables'

export const roleQuery = route(contract.roleQuery, async (q, call) => roles.list(adminDb(call.hub.store.db), q))

export const roleDetail = route(contract.roleDetail, async ({ id }, call) => roles.find(adminDb(call.hub.store.db), id))

export const roleCreate = route(contract.roleCreate, async (input, call) => {
  const db = adminDb(call.hub.store.db)
  const at = isoNow()
  const id = newId()
  if (await roles.exists(db, { role_code: input.roleCode })) throw roleCodeDuplicate()
  await roles.insert(db, { id, role_code: input.roleCode, role_name: input.roleName, role_type: input.roleType, is_sys: '0', status: input.status, created_at: at, updated_at: at })
  return roles.find(db, id)
})

/** A built-in role keeps its code and its normal status: seeding and the administrator rely on both. */
export const roleUpdate = route(contract.roleUpdate, async (input, call) => {
  const db = adminDb(call.hub.store.db)
  const stored = await roles.stored(db, input.id)
  if (stored.is_sys === '1' && (input.roleCode !== stored.role_code || input.status !== stored.status)) throw roleSysLocked()
  // Enabling or disabling a role gives or takes its permissions from all its users.
  if (input.status !== stored.status) await requireRolesWithinOwn(db, call, [input.id])
  if (await roles.exists(db, { role_code: input.roleCode }, input.id)) throw roleCodeDuplicate()
  await roles.update(db, input.id, { role_code: input.roleCode, role_name: input.roleName,
    // A new name is the role's one name in both languages: the seeded English one would be stale.
    ...(input.roleName !== stored.role_name ? { role_name_en: '' } : {}),
    role_type: input.roleType, status: input.status, updated_at: isoNow() })
  return roles.find(db, input.id)
})

/** Built-in roles cannot be deleted; a deleted role's bindings and grants go with it. */
export const roleDelete = route(contract.roleDelete, async ({ id }, call) => {
  const db = adminDb(call.hub.store.db)
  const stored = await roles.stored(db, id)
  if (stored.is_sys === '1') throw roleSysLocked()
  await requireRolesWithinOwn(db, call, [id])
  await roles.remove(db, id)
  return null
})

export const roleStatusUpdate = route(contract.roleStatusUpdate, async ({ id, status }, call) => {
  const db = adminDb(call.hub.store.db)
  const stored = await roles.stored(db, id)
  if (stored.is_sys === '1' && status !== stored.status) throw roleSysLocked()
  if (status !== stored.status) await requireRolesWithinOwn(db, call, [id])
  await roles.update(db, id, { status, updated_at: isoNow() })
  return roles.find(db, id)
})

/** Users bound (or, with `bound` false, normal users not bound) to a role, by username. */
async function roleUsers(call: CallContext, input: { roleId: string; username?: string | undefined; pageNum: number; pageSize: number }, bound: boolean) {
  const db = adminDb(call.hub.store.db)
  await roles.stored(db, input.roleId)
  return roles.users(db, input.roleId, bound, input)
}

export const roleGetRoleUsers = route(contract.roleGetRoleUsers, (input, call) => roleUsers(call, input, true))
export const roleGetUnbindUsers = route(contract.roleGetUnbindUsers, (input, call) => roleUsers(call, input, false))

/**
 * Spec §4: only a normal role can be given users, and only normal users can be given a role.
 * Only by someone who holds all its permissions, to users the caller may act on (authority/grants.ts).
 */
export const roleSaveRoleUser = route(contract.roleSaveRoleUser, async ({ roleId, userIds }, call) => {
  const db = adminDb(call.hub.store.db)
  await db.transaction().execute(async (tx) => {
    const role = await roles.stored(tx, roleId)
    if (role.status !== NORMAL) throw roleNotNormal()
    await requireRolesWithinOwn(tx, call, [roleId])
    const users = await userRepository.from(tx).select(['id', 'status']).where('id', 'in', userIds).execute()
    if (users.length !== new Set(userIds).size || users.some((u) => u.status !== NORMAL)) throw userNotNormal()
    await requireMayActOnUsers(tx, call, userIds)
    await roles.bind(tx, roleId, users.map((u) => u.id))
  })
  return null
})

/** Taken away, like given, only by someone who holds all its permissions; an administrator always remains. */
export const roleDeleteRoleUser = route(contract.roleDeleteRoleUser, async ({ roleId, userIds }, call) => {
  const db = adminDb(call.hub.store.db)
  await roles.stored(db, roleId)
  await requireRolesWithinOwn(db, call, [roleId])
  await requireMayActOnUsers(db, call, userIds)
  await db.transaction().execute(async (tx) => {
    await roles.unbind(tx, roleId, userIds)
    await keepAnAdministrator(tx)
  })
  return null
})
