import { createHash, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import { isoNow } from '../store/ids'
import type { HubDatabase } from '../store/schema'
import { passwordDb } from './passwordDb'

/*
 * The session store: this module is the sessions' repository (issue, find, revoke), with the
 * token's own helpers beside it because only their hash is what it stores. The handlers that
 * sign in and out (platform/session.ts) keep the rules.
 */

const TOKEN_BYTES = 32
const HOUR_MS = 3_600_000

/** Only the hash is stored: a copy of the database does not hold usable tokens. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex')

/** `Authorization: Bearer <token>`, or the raw token as some clients send it. */
export function tokenFromHeader(header: string | undefined): string | null {
  const value = header?.trim()
  if (!value) return null
  const bearer = /^Bearer\s+(.+)$/i.exec(value)
  const token = (bearer ? bearer[1]! : value).trim()
  return token === '' ? null : token
}

/** How a session was signed in: with the user's password, or through an identity provider. */
export type SignInMethod = 'password' | 'sso'

/** Issues an opaque random token valid for `hours`; returns the token (shown once). */
export async function createSession(db: Kysely<HubDatabase>, userId: string, hours: number, now = Date.now(), method: SignInMethod = 'password'): Promise<string> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url')
  await db
    .insertInto('sessions')
    .values({ token_hash: hashToken(token), user_id: userId, created_at: isoNow(now), expires_at: isoNow(now + hours * HOUR_MS), revoked_at: null, signed_in_with: method })
    .execute()
  // Housekeeping while we are here: the user's sessions that can no longer be used.
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('expires_at', '<', isoNow(now)).execute()
  return token
}

export interface ActiveSession {
  userId: string
  tokenHash: string
  /**
   * The user's password was chosen by someone else (auth/passwordChange.ts) and this session was
   * signed in with it: only the change is open. A single sign-on session is not held by it.
   */
  mustChangePassword: boolean
}

/** The session of a token if it is neither expired nor revoked and its user may sign in. */
export async function findSession(db: Kysely<HubDatabase>, token: string, now = Date.now()): Promise<ActiveSession | null> {
  // Read with the session, in the same query: the forced change costs no extra round trip.
  const row = await passwordDb(db)
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.user_id', 'sessions.token_hash', 'sessions.signed_in_with', 'users.must_change_password'])
    .where('sessions.token_hash', '=', hashToken(token))
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', isoNow(now))
    .where('users.status', '=', '1')
    .executeTakeFirst()
  return row ? { userId: row.user_id, tokenHash: row.token_hash, mustChangePassword: row.must_change_password === '1' && row.signed_in_with === 'password' } : null
}

export async function revokeSession(db: Kysely<HubDatabase>, tokenHash: string): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: isoNow() }).where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).execute()
}

export async function revokeUserSessions(db: Kysely<HubDatabase>, userId: string): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: isoNow() }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute()
}
