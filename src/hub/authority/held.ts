import type { Kysely } from 'kysely'
import { ResultCode } from '../../shared/envelope'
import { signedIn } from '../http/auth'
import type { CallContext } from '../http/context'
import { Refusal } from '../kernel/refusal'
import type { HubDatabase } from '../store/schema'
import { accountRepository } from '../platform/accountRepository'

/**
 * What a caller holds: the permission codes of its enabled roles. Read through `db`, so inside a
 * transaction it is the transaction's view (SQLite's one connection would wait on itself).
 */
export async function heldCodes(db: Kysely<HubDatabase>, userId: string): Promise<Set<string>> {
  return new Set(await accountRepository.permissionCodes(db, userId))
}

/** The signed-in caller's codes. */
export const callerCodes = (db: Kysely<HubDatabase>, call: CallContext): Promise<Set<string>> => heldCodes(db, signedIn(call).userId)

/** Refused because the caller lacks `permission`, which the effect needs: the answer names it. */
export const missingPermission = (permission: string): Refusal => new Refusal(ResultCode.forbidden, 'msg_permission_missing', { permission })

/** Refused, naming the first code of `codes` the caller does not hold. */
export async function requirePermissions(db: Kysely<HubDatabase>, call: CallContext, codes: Iterable<string>): Promise<void> {
  const held = await callerCodes(db, call)
  for (const code of codes) if (!held.has(code)) throw missingPermission(code)
}
