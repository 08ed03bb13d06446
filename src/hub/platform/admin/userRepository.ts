import { sql } from 'kysely'
import { NORMAL } from '../../../shared/rules/platform/status'
import type { StoreKind } from '../../store'
import { ADMIN_ROLE } from '../../store/seed/roles'
import { queryEmployees } from './employeeQuery'
import { requireEmployee } from './employeeRows'
import { roleFromRow } from './roleRepository'
import { usernameDuplicate, userNotFound } from './refusals'
import { adminRows, type AdminDb } from './tables'

const rows = adminRows({ table: 'users', notFound: userNotFound, duplicate: usernameDuplicate })

/** A user as membership lists show it. */
const userRow = (u: { id: string; username: string; name: string; status: string }) => ({ id: u.id, username: u.username, nickName: u.name, status: u.status })

/**
 * Users (the spec's employees): the stored row, answered with their organisations, positions
 * and roles (employeeRows.ts), listed by the employee query (employeeQuery.ts).
 */
export const userRepository = {
  ...rows,

  /** The wire record, or the not-found refusal. */
  find: requireEmployee,
  list: queryEmployees,
  userRow,

  /** Whether another user (not `except`) has this username, whatever its case. */
  async usernameTaken(db: AdminDb, username: string, except: string | null): Promise<boolean> {
    // Case-insensitive: 'Alice' and 'alice' would be two accounts nobody can tell apart.
    const all = await db.selectFrom('users').select(['id', 'username']).execute()
    return all.some((r) => r.id !== except && r.username.toLowerCase() === username.toLowerCase())
  },

  /**
   * Whether another user (not `except`) has this employee number, compared exactly as the
   * single sign-on match does (auth/sso/userMatch.ts). Call it in the transaction that saves
   * the number: on PostgreSQL it first takes a transaction-scoped advisory lock on the number,
   * so two saves of one number queue and the second sees the first's row; SQLite's store is one
   * connection, its transactions already run one at a time.
   */
  async employeeNoTaken(tx: AdminDb, kind: StoreKind, employeeNo: string, except: string | null): Promise<boolean> {
    if (kind === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`employee-no:${employeeNo}`}))`.execute(tx)
    let q = tx.selectFrom('users').select('id').where('employee_no', '=', employeeNo)
    if (except !== null) q = q.where('id', '!=', except)
    return (await q.limit(1).executeTakeFirst()) !== undefined
  },

  /** Every user's id, username and status (what an import checks names against). */
  names: (db: AdminDb) => rows.from(db).select(['id', 'username', 'status']).execute(),

  /** Every stored user, by username. */
  byUsername: (db: AdminDb) => rows.from(db).selectAll().orderBy('username').execute(),

  /** Every user's organisation codes and position codes, by user id. */
  async linkCodes(db: AdminDb): Promise<{ orgs: { user_id: string; code: string }[]; positions: { user_id: string; code: string }[] }> {
    const orgs = await db.selectFrom('user_orgs').innerJoin('organisations', 'organisations.id', 'user_orgs.org_id').select(['user_orgs.user_id', 'organisations.org_code as code']).execute()
    const positions = await db.selectFrom('user_positions').innerJoin('positions', 'positions.id', 'user_positions.position_id').select(['user_positions.user_id', 'positions.code']).execute()
    return { orgs, positions }
  },

  /** Every user–role link. */
  roleLinks: (db: AdminDb) => db.selectFrom('user_roles').select(['user_id', 'role_id']).execute(),

  /** Every user–role link by username and role code, in that order. */
  roleLinksByName: (db: AdminDb) =>
    db
      .selectFrom('user_roles')
      .innerJoin('users', 'users.id', 'user_roles.user_id')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .select(['users.username', 'roles.role_code'])
      .orderBy('users.username')
      .orderBy('roles.role_code')
      .execute(),

  /** Adds these user–role links (none of them stored yet). */
  async addRoleLinks(db: AdminDb, links: readonly { user_id: string; role_id: string }[]): Promise<void> {
    if (links.length) await db.insertInto('user_roles').values([...links]).execute()
  },

  /** The user's organisation and position links, replaced by these. */
  async replaceLinks(db: AdminDb, userId: string, orgIds: string[], positionIds: string[]): Promise<void> {
    await db.deleteFrom('user_orgs').where('user_id', '=', userId).execute()
    await db.deleteFrom('user_positions').where('user_id', '=', userId).execute()
    if (orgIds.length) await db.insertInto('user_orgs').values(orgIds.map((org_id) => ({ user_id: userId, org_id }))).execute()
    if (positionIds.length) await db.insertInto('user_positions').values(positionIds.map((position_id) => ({ user_id: userId, position_id }))).execute()
  },

  /** The users of the organisation with this id, by username, as membership lists show them. */
  async ofOrg(db: AdminDb, orgId: string) {
    const found = await db
      .selectFrom('users')
      .innerJoin('user_orgs', 'user_orgs.user_id', 'users.id')
      .select(['users.id', 'users.username', 'users.name', 'users.status'])
      .where('user_orgs.org_id', '=', orgId)
      .orderBy('users.username')
      .execute()
    return found.map(userRow)
  },

  /** The user's roles, by code, as the contract answers them. */
  async roles(db: AdminDb, userId: string) {
    const found = await db
      .selectFrom('roles')
      .innerJoin('user_roles', 'user_roles.role_id', 'roles.id')
      .selectAll('roles')
      .where('user_roles.user_id', '=', userId)
      .orderBy('roles.role_code')
      .execute()
    return found.map(roleFromRow)
  },

  /** The user's roles, replaced by these. */
  async replaceRoles(db: AdminDb, userId: string, roleIds: string[]): Promise<void> {
    await db.deleteFrom('user_roles').where('user_id', '=', userId).execute()
    if (roleIds.length) await db.insertInto('user_roles').values(roleIds.map((roleId) => ({ user_id: userId, role_id: roleId }))).execute()
  },

  /** Whether the user holds the built-in administrator role, while that role is active. */
  async isAdministrator(db: AdminDb, userId: string): Promise<boolean> {
    const row = await db
      .selectFrom('user_roles')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .select('user_roles.user_id')
      .where('user_roles.user_id', '=', userId)
      .where('roles.role_code', '=', ADMIN_ROLE)
      .where('roles.status', '=', NORMAL)
      .executeTakeFirst()
    return !!row
  },

  /** Whether some normal user who may sign in holds the built-in administrator role. */
  async anActiveAdministrator(db: AdminDb): Promise<boolean> {
    const left = await db
      .selectFrom('users')
      .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .select('users.id')
      .where('roles.role_code', '=', ADMIN_ROLE)
      .where('users.status', '=', NORMAL)
      .where('users.can_login', '=', '1')
      .limit(1)
      .executeTakeFirst()
    return left !== undefined
  },

  /** Gives or takes the administrator role; false when that role is not seeded (nothing changed). */
  async setAdministratorRole(db: AdminDb, userId: string, held: boolean): Promise<boolean> {
    const admin = await db.selectFrom('roles').select('id').where('role_code', '=', ADMIN_ROLE).executeTakeFirst()
    if (!admin) return false
    if (held) await db.insertInto('user_roles').values({ user_id: userId, role_id: admin.id }).onConflict((oc) => oc.doNothing()).execute()
    else await db.deleteFrom('user_roles').where('user_id', '=', userId).where('role_id', '=', admin.id).execute()
    return true
  },
}
