import type { Kysely } from 'kysely'
import { ResultCode } from '../../../shared/envelope'
import { NORMAL } from '../../../shared/rules/platform/status'
import { signedIn } from '../../http/auth'
import type { CallContext } from '../../http/context'
import { Refusal } from '../../http/refusal'
import type { HubDatabase } from '../../store/schema'
import { ADMIN_ROLE } from '../../store/seed/roles'
import { permissionCodes } from '../users'
import type { AdminDb } from './tables'

/**
 * Delegation without escalation (issue 21 finding #1). Holding `platform:role` or
 * `platform:user` lets someone administer roles and users, not become more than they are:
 *
 * - a role changes hands (given to or taken from a user, enabled, disabled, deleted) only by
 *   someone who holds every permission it carries; a role's permissions change only in codes the
 *   caller holds. So nobody passes on, or takes away, a power they do not have themselves;
 * - the administrator (the built-in `admin` role; the user flag `isSys` is that role, see
 *   employeeSetSysOrButler) and the butler flag are set only by an administrator, and an
 *   administrator's account (password, status, details) is changed only by an administrator;
 * - there is always at least one active administrator: a normal user who may sign in and holds
 *   the built-in role. A change that would leave none is refused as a conflict (4090).
 */
export const grantBeyondOwn = (): Refusal => new Refusal(ResultCode.forbidden, 'msg_grant_beyond_own')
export const administratorOnly = (): Refusal => new Refusal(ResultCode.forbidden, 'msg_administrator_only')
export const lastAdministrator = (): Refusal => new Refusal(ResultCode.conflict, 'msg_last_administrator')

/** Whether the user holds the built-in administrator role (it cannot be disabled). */
export async function isAdministrator(db: AdminDb, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select('user_roles.user_id')
    .where('user_roles.user_id', '=', userId)
    .where('roles.role_code', '=', ADMIN_ROLE)
    .where('roles.status', '=', NORMAL)
    .executeTakeFirst()
  return !!row
}

export async function requireAdministrator(db: AdminDb, call: CallContext): Promise<void> {
  if (!(await isAdministrator(db, signedIn(call).userId))) throw administratorOnly()
}

/** An administrator's account is changed by an administrator only. */
export async function requireMayChangeUser(db: AdminDb, call: CallContext, userId: string): Promise<void> {
  if (await isAdministrator(db, userId)) await requireAdministrator(db, call)
}

/**
 * Refused unless the caller holds every code in `codes`. Read through `db`: inside a transaction
 * that is the transaction (SQLite's single connection would wait on itself otherwise).
 */
export async function requireHeld(db: AdminDb, call: CallContext, codes: Iterable<string>): Promise<void> {
  // AdminDatabase only widens HubDatabase (tables.ts), so the narrower view is the same database.
  const held = new Set(await permissionCodes(db as unknown as Kysely<HubDatabase>, signedIn(call).userId))
  for (const code of codes) if (!held.has(code)) throw grantBeyondOwn()
}

/** Refused unless the caller holds every permission of each of the roles. */
export async function requireRolesWithinOwn(db: AdminDb, call: CallContext, roleIds: readonly string[]): Promise<void> {
  if (roleIds.length === 0) return
  const carried = await db.selectFrom('role_permissions').select('permission').distinct().where('role_id', 'in', [...roleIds]).execute()
  await requireHeld(db, call, carried.map((c) => c.permission))
}

/**
 * Called inside the transaction of a change, after it: throws (rolling it back) when no active
 * administrator is left.
 *
 * Two administrators removing each other at once must not both succeed: on PostgreSQL each
 * transaction would still see the other administrator (not yet committed) and both would commit.
 * So the check first writes the built-in role's row (a no-op update): its row lock makes such
 * changes take turns, and the count that follows, a new statement, sees what the one before
 * committed. SQLite runs one writer at a time anyway.
 */
export async function keepAnAdministrator(tx: AdminDb): Promise<void> {
  await tx
    .updateTable('roles')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('role_code', '=', ADMIN_ROLE)
    .execute()
  const left = await tx
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select('users.id')
    .where('roles.role_code', '=', ADMIN_ROLE)
    .where('users.status', '=', NORMAL)
    .where('users.can_login', '=', '1')
    .limit(1)
    .executeTakeFirst()
  if (!left) throw lastAdministrator()
}
