import type { Kysely } from 'kysely'
import type { HubDatabase, RolesTable, UsersTable } from '../../store/schema'
import { repositoryOf, rowsOf } from '../../store/repository'

/**
 * The administration tables (migration 0004) and the columns it adds to users and roles, as
 * Kysely sees them. The foundation schema stays untouched; adminDb() widens the store's Kysely.
 */
export interface EmployeeColumns {
  gender: string
  email: string
  mobile: string
  phone: string
  employee_type: string
  can_login: string
  is_sys: string
  is_butler: string
  proxy_user_id: string
  proxy_start: string
  proxy_end: string
  /** Migration 0011: '1' while the password was chosen by someone else (auth/passwordChange.ts). */
  must_change_password: string
  /** Migration 0021: the employee number identity providers may map by; '' for none. */
  employee_no: string
}

export interface OrganisationsTable {
  id: string
  org_code: string
  org_name: string
  org_type: string
  city: string
  sort: number
  manager_id: string | null
  parent_id: string | null
  status: string
  created_at: string
  updated_at: string
}

export interface PositionsTable {
  id: string
  code: string
  name: string
  sequence: number
  description: string
  parent_id: string | null
  status: string
  created_at: string
  updated_at: string
}

export type AdminDatabase = Omit<HubDatabase, 'users' | 'roles'> & {
  users: UsersTable & EmployeeColumns
  roles: RolesTable & { role_type: string }
  organisations: OrganisationsTable
  positions: PositionsTable
  org_positions: { org_id: string; position_id: string }
  user_orgs: { user_id: string; org_id: string }
  user_positions: { user_id: string; position_id: string }
}

export type AdminDb = Kysely<AdminDatabase>
// A cast, not a conversion: migration 0004 gives the same database these columns and tables.
export const adminDb = (db: Kysely<HubDatabase>): AdminDb => db as unknown as AdminDb

/** The repositories of this area's aggregates, typed on its tables (store/repository.ts). */
export const adminRepository = repositoryOf<AdminDatabase>()
/** …and the stored rows of those whose record is a batched read (positions, organisations). */
export const adminRows = rowsOf<AdminDatabase>()
