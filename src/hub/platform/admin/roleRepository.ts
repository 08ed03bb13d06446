import type { Selectable } from 'kysely'
import type { z } from 'zod'
import type * as contract from '../../../shared/contract/platform/admin/roles'
import { NORMAL } from '../../../shared/rules/platform/status'
import { containsText } from '../../store/like'
import { ADMIN_ROLE } from '../../store/seed/roles'
import { page, type PageRequest } from '../../store/paging'
import { roleCodeDuplicate, roleNotFound } from './refusals'
import { adminRepository, type AdminDatabase, type AdminDb } from './tables'
import type { CodedRow } from './tree'

export type RoleRow = Selectable<AdminDatabase['roles']>

export const roleFromRow = (r: RoleRow): contract.Role => ({
  id: r.id,
  roleCode: r.role_code,
  roleName: r.role_name,
  roleNameEn: r.role_name_en,
  roleType: r.role_type,
  isSys: r.is_sys,
  status: r.status,
  updatedDate: r.updated_at,
})

/** A user as membership lists show it. */
const userRowOf = (u: { id: string; username: string; name: string; status: string }) => ({ id: u.id, username: u.username, nickName: u.name, status: u.status })

const repository = adminRepository({ table: 'roles', toRecord: roleFromRow, notFound: roleNotFound, duplicate: roleCodeDuplicate })

/** Roles: stored by code (unique), answered as the contract's records; their users are user_roles rows. */
export const roleRepository = {
  ...repository,

  /** Spec: roles are listed sorted by roleCode, a page at a time. */
  list(db: AdminDb, q: z.output<typeof contract.roleQuery.input>) {
    let base = repository.from(db)
    if (q.roleCode) base = base.where(containsText('role_code', q.roleCode))
    if (q.roleName) base = base.where(containsText('role_name', q.roleName))
    if (q.status) base = base.where('status', '=', q.status)
    return repository.page(base.selectAll().orderBy('role_code'), q)
  },

  /** A page of the users bound to the role (or, with `bound` false, the normal users not bound), by username. */
  users(db: AdminDb, roleId: string, bound: boolean, q: PageRequest & { username?: string | undefined }) {
    const members = db.selectFrom('user_roles').select('user_id').where('role_id', '=', roleId)
    let base = db.selectFrom('users').where('id', bound ? 'in' : 'not in', members)
    if (!bound) base = base.where('status', '=', NORMAL)
    if (q.username) base = base.where(containsText('username', q.username))
    return page(base.select(['id', 'username', 'name', 'status']).orderBy('username'), q, (rows) => rows.map(userRowOf))
  },

  /** Binds these users to the role (those already bound stay). */
  async bind(db: AdminDb, roleId: string, userIds: string[]): Promise<void> {
    await db
      .insertInto('user_roles')
      .values(userIds.map((userId) => ({ user_id: userId, role_id: roleId })))
      .onConflict((oc) => oc.doNothing())
      .execute()
  },

  /** Unbinds these users from the role. */
  async unbind(db: AdminDb, roleId: string, userIds: string[]): Promise<void> {
    await db.deleteFrom('user_roles').where('role_id', '=', roleId).where('user_id', 'in', userIds).execute()
  },

  /** Every role's id, code and status (what an import checks codes against). */
  codes: (db: AdminDb): Promise<CodedRow[]> => repository.from(db).select(['id', 'role_code as code', 'status']).execute(),

  /** Every role's grants: which role carries which permission code. */
  grants: (db: AdminDb) => db.selectFrom('role_permissions').select(['role_id', 'permission']).execute(),

  /** The permission codes granted to the role, sorted. */
  async permissions(db: AdminDb, roleId: string): Promise<string[]> {
    return (await db.selectFrom('role_permissions').select('permission').where('role_id', '=', roleId).orderBy('permission').execute()).map((g) => g.permission)
  },

  /** The codes any of these roles carries, each once, in no particular order. */
  async permissionsOfAny(db: AdminDb, roleIds: readonly string[]): Promise<string[]> {
    if (roleIds.length === 0) return []
    return (await db.selectFrom('role_permissions').select('permission').distinct().where('role_id', 'in', [...roleIds]).execute()).map((c) => c.permission)
  },

  /** The role's codes, replaced by these (in one transaction). */
  async replacePermissions(db: AdminDb, roleId: string, codes: readonly string[]): Promise<void> {
    await db.transaction().execute(async (tx) => {
      await tx.deleteFrom('role_permissions').where('role_id', '=', roleId).execute()
      if (codes.length > 0) await tx.insertInto('role_permissions').values(codes.map((permission) => ({ role_id: roleId, permission }))).execute()
    })
  },

  /**
   * Writes the built-in administrator role's row without changing it: its row lock makes the
   * changes that could remove the last administrator take turns (privileges.ts says why).
   */
  async queueOnAdministratorRole(tx: AdminDb): Promise<void> {
    await tx
      .updateTable('roles')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('role_code', '=', ADMIN_ROLE)
      .execute()
  },
}
