import type { Selectable } from 'kysely'
import type { z } from 'zod'
import type * as contract from '../../../shared/contract/platform/admin/roles'
import { NORMAL } from '../../../shared/rules/platform/status'
import { containsText } from '../../store/like'
import { page, type PageRequest } from '../../store/paging'
import { roleCodeDuplicate, roleNotFound } from './refusals'
import { adminRepository, type AdminDatabase, type AdminDb } from './tables'

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
}
