import type { Kysely } from 'kysely'
import { ResultCode } from '../../shared/envelope'
import { signedIn } from '../http/auth'
import type { CallContext } from '../http/context'
import { Refusal } from '../http/refusal'
import type { HubDatabase } from '../store/schema'
import { callerCodes } from './held'
import { roleRepository } from '../platform/admin/roleRepository'
import type { AdminDb } from '../platform/admin/tables'
import { userRepository } from '../platform/admin/userRepository'

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

/** Refused unless the caller holds the built-in administrator role (it cannot be disabled). */
export async function requireAdministrator(db: AdminDb, call: CallContext): Promise<void> {
  if (!(await userRepository.isAdministrator(db, signedIn(call).userId))) throw administratorOnly()
}

/** An administrator's account is changed by an administrator only. */
export async function requireMayChangeUser(db: AdminDb, call: CallContext, userId: string): Promise<void> {
  if (await userRepository.isAdministrator(db, userId)) await requireAdministrator(db, call)
}

/**
 * Refused unless the caller holds every code in `codes`. Read through `db`: inside a transaction
 * that is the transaction (SQLite's single connection would wait on itself otherwise).
 */
export async function requireHeld(db: AdminDb, call: CallContext, codes: Iterable<string>): Promise<void> {
  // AdminDatabase only widens HubDatabase (tables.ts), so the narrower view is the same database.
  const held = await callerCodes(db as unknown as Kysely<HubDatabase>, call)
  for (const code of codes) if (!held.has(code)) throw grantBeyondOwn()
}

/** Refused unless the caller holds every permission of each of the roles. */
export async function requireRolesWithinOwn(db: AdminDb, call: CallContext, roleIds: readonly string[]): Promise<void> {
  if (roleIds.length === 0) return
  await requireHeld(db, call, await roleRepository.permissionsOfAny(db, roleIds))
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
  await roleRepository.queueOnAdministratorRole(tx)
  if (!(await userRepository.anActiveAdministrator(tx))) throw lastAdministrator()
}
