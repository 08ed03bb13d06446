import { containsText } from '../../store/like'
import type { AdminDb } from './tables'
import { employeesOf } from './employeeRows'
import { page } from '../../store/paging'

/*
 * The employee list's query: a data access module, part of userRepository.ts (its `list`); the
 * filters come checked from the handler (employees.ts), the answers are employeeRows.ts's records.
 */

export interface EmployeeFilter {
  pageNum: number
  pageSize: number
  username?: string | undefined
  orgCodes: string[]
  roleCodes: string[]
  positionCodes: string[]
  status?: string | undefined
}

/**
 * The employee query (spec): username keyword, any of the organisations, roles and positions.
 * The keyword also finds the employee number (issue 17): one more "contains" on the same rows.
 */
export async function queryEmployees(db: AdminDb, f: EmployeeFilter) {
  let base = db.selectFrom('users')
  if (f.username) base = base.where((eb) => eb.or([containsText('username', f.username!), containsText('name', f.username!), containsText('employee_no', f.username!)]))
  if (f.status) base = base.where('status', '=', f.status)
  if (f.orgCodes.length > 0) {
    base = base.where('id', 'in', db.selectFrom('user_orgs').innerJoin('organisations', 'organisations.id', 'user_orgs.org_id').select('user_orgs.user_id').where('organisations.org_code', 'in', f.orgCodes))
  }
  if (f.positionCodes.length > 0) {
    base = base.where('id', 'in', db.selectFrom('user_positions').innerJoin('positions', 'positions.id', 'user_positions.position_id').select('user_positions.user_id').where('positions.code', 'in', f.positionCodes))
  }
  if (f.roleCodes.length > 0) {
    base = base.where('id', 'in', db.selectFrom('user_roles').innerJoin('roles', 'roles.id', 'user_roles.role_id').select('user_roles.user_id').where('roles.role_code', 'in', f.roleCodes))
  }
  return page(base.select('id').orderBy('username'), f, (ids) => employeesOf(db, ids.map((r) => r.id)))
}
