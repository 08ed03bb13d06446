import type { Kysely } from 'kysely'
import { isoNow, newId } from '../store/ids'
import type { HubDatabase } from '../store/schema'

/** Five failed sign-ins for one username within 15 minutes lock it for 15 minutes. */
export const LOCKOUT = { failures: 5, windowMinutes: 15, lockMinutes: 15 } as const
const MINUTE_MS = 60_000

const key = (username: string) => username.trim().toLowerCase()

/**
 * Minutes left on the lock of `username` (rounded up), 0 when it is not locked. Attempts made
 * while locked are not recorded, so the lock ends 15 minutes after the failure that set it,
 * however often someone keeps trying.
 */
export async function lockedMinutes(db: Kysely<HubDatabase>, username: string, now = Date.now()): Promise<number> {
  const recent = await db
    .selectFrom('login_failures')
    .select('at')
    .where('username', '=', key(username))
    .where('at', '>', isoNow(now - (LOCKOUT.windowMinutes + LOCKOUT.lockMinutes) * MINUTE_MS))
    .orderBy('at', 'desc')
    .limit(LOCKOUT.failures)
    .execute()
  if (recent.length < LOCKOUT.failures) return 0
  const newest = Date.parse(recent[0]!.at)
  const oldest = Date.parse(recent[recent.length - 1]!.at)
  if (newest - oldest > LOCKOUT.windowMinutes * MINUTE_MS) return 0
  const left = newest + LOCKOUT.lockMinutes * MINUTE_MS - now
  return left > 0 ? Math.ceil(left / MINUTE_MS) : 0
}

export async function recordFailure(db: Kysely<HubDatabase>, username: string, now = Date.now()): Promise<void> {
  await db.insertInto('login_failures').values({ id: newId(), username: key(username), at: isoNow(now) }).execute()
  // Failures older than any window that could still lock are of no further use.
  const horizon = isoNow(now - (LOCKOUT.windowMinutes + LOCKOUT.lockMinutes) * MINUTE_MS)
  await db.deleteFrom('login_failures').where('username', '=', key(username)).where('at', '<', horizon).execute()
}

/** A successful sign-in starts the count again. */
export async function clearFailures(db: Kysely<HubDatabase>, username: string): Promise<void> {
  await db.deleteFrom('login_failures').where('username', '=', key(username)).execute()
}
