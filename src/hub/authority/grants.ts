import type { Kysely } from 'kysely'
import { ResultCode } from '../../shared/envelope'
import { signedIn } from '../http/auth'
import type { CallContext } from '../http/context'
import { Refusal } from '../kernel/refusal'
import type { HubDatabase } from '../store/schema'
import { callerCodes, heldCodes } from './held'
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
 * - any other account is acted on only by someone who holds every permission it holds
 *   (requireMayActOnUser, issue 31 #6);
 * - there is always at least one active administrator: a normal user who may sign in and holds
 *   the built-in role. A change that would leave none is refused as a conflict (4090).
 */
export const grantBeyondOwn = (): Refusal => new Refusal(ResultCode.forbidden, 'msg_grant_beyond_own')
export const administratorOnly = (): Refusal => new Refusal(ResultCode.forbidden, 'msg_administrator_only')
export const lastAdministrator = (): Refusal => new Refusal(ResultCode.conflict, 'msg_last_administrator')
export const userBeyondOwn = (): Refusal => new Refusal(ResultCode.forbidden, 'msg_user_beyond_own')

/** Refused unless the caller holds the built-in administrator role (it cannot be disabled). */
export async function requireAdministrator(db: AdminDb, call: CallContext): Promise<void> {
  if (!(await userRepository.isAdministrator(db, signedIn(call).userId))) throw administratorOnly()
}

/** What a caller is, for the checks that weigh many targets at once: administrator or not, and the codes it holds. */
export interface Standing {
  administrator: boolean
  held: ReadonlySet<string>
}

/** The signed-in caller's standing. */
export async function callerStanding(db: AdminDb, call: CallContext): Promise<Standing> {
  return { administrator: await userRepository.isAdministrator(db, signedIn(call).userId), held: await callerCodes(db as unknown as Kysely<HubDatabase>, call) }
}

/** The refusal of `caller` acting on the user `userId` (actOnUserRefusal), or null. */
export async function actOnUserRefusalFor(db: AdminDb, caller: Standing, userId: string): Promise<Refusal | null> {
  return actOnUserRefusal(caller, { administrator: await userRepository.isAdministrator(db, userId), codes: await heldCodes(db as unknown as Kysely<HubDatabase>, userId) })
}

/**
 * Whether a caller may act on a user (reset the password, enable or disable, edit, give or take
 * roles) — issue 31 finding #6. An administrator acts on anyone; an administrator's account is
 * acted on by an administrator only (`administratorOnly`); anyone else acts only on users whose
 * permission codes are all codes the caller holds (`userBeyondOwn`): resetting the password of a
 * richer user and signing in as them would be holding what they hold. Pure, for the paths that
 * read the codes of many users at once (the sheet imports); the refusal, or null.
 */
export function actOnUserRefusal(caller: Standing, target: { administrator: boolean; codes: Iterable<string> }): Refusal | null {
  if (caller.administrator) return null
  if (target.administrator) return administratorOnly()
  for (const code of target.codes) if (!caller.held.has(code)) return userBeyondOwn()
  return null
}

/** Refused unless the caller may act on the user `userId` (actOnUserRefusal). Read through `db` (a transaction's view inside one). */
export async function requireMayActOnUser(db: AdminDb, call: CallContext, userId: string): Promise<void> {
  const refusal = await actOnUserRefusalFor(db, await callerStanding(db, call), userId)
  if (refusal) throw refusal
}

/** Each of the users (requireMayActOnUser). */
export async function requireMayActOnUsers(db: AdminDb, call: CallContext, userIds: Iterable<string>): Promise<void> {
  for (const id of new Set(userIds)) await requireMayActOnUser(db, call, id)
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
