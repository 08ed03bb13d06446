import type { Selectable } from 'kysely'
import type { Role } from '../../../shared/contract/platform/admin/roles'
import { roleNotFound } from './refusals'
import type { AdminDatabase, AdminDb } from './tables'
import { findByIdOrRefuse } from '../../store/findOrRefuse'

export type RoleRow = Selectable<AdminDatabase['roles']>

export const roleFromRow = (r: RoleRow): Role => ({
  id: r.id,
  roleCode: r.role_code,
  roleName: r.role_name,
  roleNameEn: r.role_name_en,
  roleType: r.role_type,
  isSys: r.is_sys,
  status: r.status,
  updatedDate: r.updated_at,
})

export const requireRole = (db: AdminDb, id: string): Promise<RoleRow> => findByIdOrRefuse(db, 'roles', id, roleNotFound)

/** A user as membership lists show it. */
export const userRowOf = (u: { id: string; username: string; name: string; status: string }) => ({ id: u.id, username: u.username, nickName: u.name, status: u.status })
