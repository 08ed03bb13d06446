import * as contract from '../../../shared/contract/platform/admin/roles'
import { NORMAL } from '../../../shared/rules/platform/status'
import { route, type CallContext } from '../../http/context'
import { isoNow, newId } from '../../store/ids'
import { containsText } from '../../store/like'
import { isUniqueViolation, roleCodeDuplicate, roleNotNormal, roleSysLocked, userNotNormal } from './refusals'
import { keepAnAdministrator, requireRolesWithinOwn } from './privileges'
import { requireRole, roleFromRow, userRowOf } from './roleRows'
import { adminDb } from './tables'
import { page } from '../../store/paging'

/** Spec: roles are listed sorted by roleCode, a page at a time. */
export const roleQuery = route(contract.roleQuery, async ({ pageNum, pageSize, roleCode, roleName, status }, call) => {
  const db = adminDb(call.hub.store.db)
  let base = db.selectFrom('roles')
  if (roleCode) base = base.where(containsText('role_code', roleCode))
  if (roleName) base = base.where(containsText('role_name', roleName))
  if (status) base = base.where('status', '=', status)
  return page(base.selectAll().orderBy('role_code'), { pageNum, pageSize }, (rows) => rows.map(roleFromRow))
})

export const roleDetail = route(contract.roleDetail, async ({ id }, call) => roleFromRow(await requireRole(adminDb(call.hub.store.db), id)))

export const roleCreate = route(contract.roleCreate, async (input, call) => {
  const db = adminDb(call.hub.store.db)
  const at = isoNow()
  const id = newId()
  if (await db.selectFrom('roles').select('id').where('role_code', '=', input.roleCode).executeTakeFirst()) throw roleCodeDuplicate()
  try {
    await db
      .insertInto('roles')
      .values({ id, role_code: input.roleCode, role_name: input.roleName, role_type: input.roleType, is_sys: '0', status: input.status, created_at: at, updated_at: at })
      .execute()
  } catch (err) {
    if (isUniqueViolation(err)) throw roleCodeDuplicate()
    throw err
  }
  return roleFromRow(await requireRole(db, id))
})

/** A built-in role keeps its code and its normal status: seeding and the administrator rely on both. */
export const roleUpdate = route(contract.roleUpdate, async (input, call) => {
  const db = adminDb(call.hub.store.db)
  const stored = await requireRole(db, input.id)
  if (stored.is_sys === '1' && (input.roleCode !== stored.role_code || input.status !== stored.status)) throw roleSysLocked()
  // Enabling or disabling a role gives or takes its permissions from all its users.
  if (input.status !== stored.status) await requireRolesWithinOwn(db, call, [input.id])
  const clash = await db.selectFrom('roles').select('id').where('role_code', '=', input.roleCode).where('id', '!=', input.id).executeTakeFirst()
  if (clash) throw roleCodeDuplicate()
  try {
    await db
      .updateTable('roles')
      // A new name is the role's one name in both languages: the seeded English one would be stale.
      .set({ role_code: input.roleCode, role_name: input.roleName, ...(input.roleName !== stored.role_name ? { role_name_en: '' } : {}), role_type: input.roleType, status: input.status, updated_at: isoNow() })
      .where('id', '=', input.id)
      .execute()
  } catch (err) {
    if (isUniqueViolation(err)) throw roleCodeDuplicate()
    throw err
  }
  return roleFromRow(await requireRole(db, input.id))
})

/** Built-in roles cannot be deleted; a deleted role's bindings and grants go with it. */
export const roleDelete = route(contract.roleDelete, async ({ id }, call) => {
  const db = adminDb(call.hub.store.db)
  const stored = await requireRole(db, id)
  if (stored.is_sys === '1') throw roleSysLocked()
  await requireRolesWithinOwn(db, call, [id])
  await db.deleteFrom('roles').where('id', '=', id).execute()
  return null
})

export const roleStatusUpdate = route(contract.roleStatusUpdate, async ({ id, status }, call) => {
  const db = adminDb(call.hub.store.db)
  const stored = await requireRole(db, id)
  if (stored.is_sys === '1' && status !== stored.status) throw roleSysLocked()
  if (status !== stored.status) await requireRolesWithinOwn(db, call, [id])
  await db.updateTable('roles').set({ status, updated_at: isoNow() }).where('id', '=', id).execute()
  return roleFromRow(await requireRole(db, id))
})

/** Users bound (or, with `bound` false, normal users not bound) to a role, by username. */
async function roleUsers(call: CallContext, input: { roleId: string; username?: string | undefined; pageNum: number; pageSize: number }, bound: boolean) {
  const db = adminDb(call.hub.store.db)
  await requireRole(db, input.roleId)
  const members = db.selectFrom('user_roles').select('user_id').where('role_id', '=', input.roleId)
  let base = db.selectFrom('users').where('id', bound ? 'in' : 'not in', members)
  if (!bound) base = base.where('status', '=', NORMAL)
  if (input.username) base = base.where(containsText('username', input.username))
  return page(base.select(['id', 'username', 'name', 'status']).orderBy('username'), input, (rows) => rows.map(userRowOf))
}

export const roleGetRoleUsers = route(contract.roleGetRoleUsers, (input, call) => roleUsers(call, input, true))
export const roleGetUnbindUsers = route(contract.roleGetUnbindUsers, (input, call) => roleUsers(call, input, false))

/**
 * Spec §4: only a normal role can be given users, and only normal users can be given a role.
 * Only by someone who holds all its permissions (privileges.ts).
 */
export const roleSaveRoleUser = route(contract.roleSaveRoleUser, async ({ roleId, userIds }, call) => {
  const db = adminDb(call.hub.store.db)
  await db.transaction().execute(async (tx) => {
    const role = await requireRole(tx, roleId)
    if (role.status !== NORMAL) throw roleNotNormal()
    await requireRolesWithinOwn(tx, call, [roleId])
    const users = await tx.selectFrom('users').select(['id', 'status']).where('id', 'in', userIds).execute()
    if (users.length !== new Set(userIds).size || users.some((u) => u.status !== NORMAL)) throw userNotNormal()
    await tx
      .insertInto('user_roles')
      .values(users.map((u) => ({ user_id: u.id, role_id: roleId })))
      .onConflict((oc) => oc.doNothing())
      .execute()
  })
  return null
})

/** Taken away, like given, only by someone who holds all its permissions; an administrator always remains. */
export const roleDeleteRoleUser = route(contract.roleDeleteRoleUser, async ({ roleId, userIds }, call) => {
  const db = adminDb(call.hub.store.db)
  await requireRole(db, roleId)
  await requireRolesWithinOwn(db, call, [roleId])
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('user_roles').where('role_id', '=', roleId).where('user_id', 'in', userIds).execute()
    await keepAnAdministrator(tx)
  })
  return null
})
