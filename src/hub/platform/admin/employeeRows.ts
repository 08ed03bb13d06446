import type { Employee } from '../../../shared/contract/platform/admin/users'
import { userNotFound } from './refusals'
import type { AdminDb } from './tables'

/*
 * Users as the administration answers with them (the spec's employees, with their
 * organisations, positions and roles): a data access module, part of userRepository.ts (its
 * `find`, and the records employeeQuery.ts's pages hold). No rules here.
 */

const userColumns = [
  'id', 'username', 'name', 'proxy_user_id', 'proxy_start', 'proxy_end', 'gender', 'email', 'mobile', 'phone', 'employee_no', 'employee_type', 'can_login', 'is_sys', 'is_butler', 'status', 'updated_at',
] as const

/** Users with their organisation, position and role names, in the order of `ids`. */
export async function employeesOf(db: AdminDb, ids: string[]): Promise<Employee[]> {
  if (ids.length === 0) return []
  const [users, orgs, positions, roles] = await Promise.all([
    db.selectFrom('users').select(userColumns).where('id', 'in', ids).execute(),
    db.selectFrom('user_orgs').innerJoin('organisations', 'organisations.id', 'user_orgs.org_id').select(['user_orgs.user_id', 'organisations.id', 'organisations.org_name']).where('user_orgs.user_id', 'in', ids).orderBy('organisations.org_code').execute(),
    db.selectFrom('user_positions').innerJoin('positions', 'positions.id', 'user_positions.position_id').select(['user_positions.user_id', 'positions.id', 'positions.name']).where('user_positions.user_id', 'in', ids).orderBy('positions.code').execute(),
    db.selectFrom('user_roles').innerJoin('roles', 'roles.id', 'user_roles.role_id').select(['user_roles.user_id', 'roles.role_name', 'roles.role_name_en']).where('user_roles.user_id', 'in', ids).orderBy('roles.role_code').execute(),
  ])
  const byId = new Map(users.map((u) => [u.id, u]))
  const proxyIds = [...new Set(users.map((u) => u.proxy_user_id).filter(Boolean))]
  const proxies = proxyIds.length ? await db.selectFrom('users').select(['id', 'name']).where('id', 'in', proxyIds).execute() : []
  return ids.flatMap((id) => {
    const u = byId.get(id)
    if (!u) return []
    const own = <T extends { user_id: string }>(rows: T[]) => rows.filter((r) => r.user_id === id)
    return [
      {
        id: u.id,
        username: u.username,
        nickName: u.name,
        gender: u.gender,
        email: u.email,
        mobile: u.mobile,
        phone: u.phone,
        employeeNo: u.employee_no,
        employeeType: u.employee_type,
        canLogin: u.can_login,
        isSys: u.is_sys,
        isButler: u.is_butler,
        status: u.status,
        orgIds: own(orgs).map((o) => o.id),
        orgNames: own(orgs).map((o) => o.org_name),
        positionIds: own(positions).map((p) => p.id),
        positionNames: own(positions).map((p) => p.name),
        roleNames: own(roles).map((r) => r.role_name),
        roleNamesEn: own(roles).map((r) => r.role_name_en || r.role_name),
        proxyUserId: u.proxy_user_id,
        proxyUserName: proxies.find((p) => p.id === u.proxy_user_id)?.name ?? '',
        proxyStart: u.proxy_start,
        proxyEnd: u.proxy_end,
        updatedDate: u.updated_at,
      },
    ]
  })
}

export async function requireEmployee(db: AdminDb, id: string): Promise<Employee> {
  const [found] = await employeesOf(db, [id])
  if (!found) throw userNotFound()
  return found
}
