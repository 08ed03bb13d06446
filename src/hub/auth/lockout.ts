import { sql, type Kysely } from 'kysely'
import type { Store } from '../store'
import { isoNow, newId } from '../store/ids'
import type { HubDatabase } from '../store/schema'

/**
 * Sign-in lockout, two locks:
 *
 * - Per account and client address (the spec's case): five failures within 15 minutes lock the
 *   account for 15 minutes for that address ('4011', msg_login_locked). Keyed by address as well
 *   so that whoever fails five times locks out themselves, not the account's owner: with a lock
 *   per account alone, anyone could keep the administrator out by failing five times every
 *   quarter of an hour.
 * - Per account across all addresses: twenty failures within 15 minutes (several addresses
 *   guessing together) lock the account for 15 minutes for every address it has not signed in
 *   from in the last 30 days. Guessing from many addresses stays bounded, and the owner, at an
 *   address they use, still gets in; only a first sign-in from a new place has to wait.
 *
 * Each attempt is counted before its password is checked, one attempt per account at a time:
 * in one transaction the attempt's row is written and the earlier ones counted (on PostgreSQL
 * under an advisory lock on the account, so several hub nodes queue as well; SQLite holds its
 * write lock from the insert to the commit). So the sixth of any number of concurrent attempts
 * sees the five before it, still being checked or failed, and is refused; a refused attempt
 * leaves no row, so the lock ends 15 minutes after the failure that set it however often
 * someone keeps trying. A success clears the failures of its own address only.
 */
export const LOCKOUT = { failures: 5, accountFailures: 20, windowMinutes: 15, lockMinutes: 15, knownAddressDays: 30 } as const
const MINUTE_MS = 60_000
const HORIZON_MS = (LOCKOUT.windowMinutes + LOCKOUT.lockMinutes) * MINUTE_MS

/** Accounts are named case-insensitively (the user list refuses names differing only by case). */
export const accountKey = (username: string): string => username.trim().toLowerCase()

/** One sign-in attempt and what it found before it, newest first (timestamps, epoch ms). */
export interface LoginAttempt {
  id: string
  account: string
  address: string
  at: number
  here: number[]
  everywhere: number[]
  knownAddress: boolean
}

export type Reservation = { attempt: LoginAttempt; lockedMinutes: 0 } | { attempt: null; lockedMinutes: number }

/** Rolls the reservation back: a refused attempt is not recorded. */
class Locked {
  constructor(readonly minutes: number) {}
}

/** Counts an attempt on `username` from `address`; refuses it (minutes left) while locked. */
export async function reserveAttempt(store: Store, username: string, address: string, at?: number): Promise<Reservation> {
  const account = accountKey(username)
  const id = newId()
  try {
    const attempt = await store.db.transaction().execute(async (tx) => {
      if (store.kind === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`login:${account}`}))`.execute(tx)
      // The time once it is this attempt's turn, so it is never earlier than the attempts before it.
      const now = at ?? Date.now()
      await tx.insertInto('login_failures').values({ id, username: account, address, at: isoNow(now) }).execute()
      const earlier = (limit: number, from: string | null) => {
        let q = tx.selectFrom('login_failures').select('at').where('username', '=', account).where('id', '!=', id).where('at', '>', isoNow(now - HORIZON_MS))
        if (from !== null) q = q.where('address', '=', from)
        return q.orderBy('at', 'desc').limit(limit).execute().then((rows) => rows.map((r) => Date.parse(r.at)))
      }
      const here = await earlier(LOCKOUT.failures, address)
      const everywhere = await earlier(LOCKOUT.accountFailures, null)
      // Only asked when the account-wide lock could hold, now or at this attempt's failure.
      const knownAddress = everywhere.length >= LOCKOUT.accountFailures - 1 && (await isKnownAddress(tx, account, address, now))
      const found: LoginAttempt = { id, account, address, at: now, here, everywhere, knownAddress }
      const minutes = lockedMinutes(found.here, found.everywhere, knownAddress, now)
      if (minutes > 0) throw new Locked(minutes)
      return found
    })
    return { attempt, lockedMinutes: 0 }
  } catch (err) {
    if (err instanceof Locked) return { attempt: null, lockedMinutes: err.minutes }
    throw err
  }
}

/** The attempt failed (its row stays as the failure); minutes of the lock it sets, or 0. */
export async function attemptFailed(db: Kysely<HubDatabase>, attempt: LoginAttempt, now = Date.now()): Promise<number> {
  // Failures older than any window that could still lock are of no further use.
  await db.deleteFrom('login_failures').where('username', '=', attempt.account).where('at', '<', isoNow(now - HORIZON_MS)).execute()
  // Judged on what the attempt found before it, so of a burst only the fifth says "locked".
  return lockedMinutes([attempt.at, ...attempt.here], [attempt.at, ...attempt.everywhere], attempt.knownAddress, now)
}

/** The attempt succeeded: its address starts counting again and becomes a known one. */
export async function attemptSucceeded(db: Kysely<HubDatabase>, attempt: LoginAttempt, now = Date.now()): Promise<void> {
  await db.deleteFrom('login_failures').where('username', '=', attempt.account).where('address', '=', attempt.address).execute()
  const at = isoNow(now)
  await db
    .insertInto('login_addresses')
    .values({ username: attempt.account, address: attempt.address, at })
    .onConflict((oc) => oc.columns(['username', 'address']).doUpdateSet({ at }))
    .execute()
}

/** Minutes left on whichever lock the failures (newest first) set, or 0. */
function lockedMinutes(here: number[], everywhere: number[], knownAddress: boolean, now: number): number {
  const local = lockLeft(here, LOCKOUT.failures, now)
  if (local > 0 || knownAddress) return local
  return lockLeft(everywhere, LOCKOUT.accountFailures, now)
}

/** `count` failures (newest first) within the window lock until `lockMinutes` after the newest. */
function lockLeft(failures: number[], count: number, now: number): number {
  if (failures.length < count) return 0
  const newest = failures[0]!
  const oldest = failures[count - 1]!
  if (newest - oldest > LOCKOUT.windowMinutes * MINUTE_MS) return 0
  const left = newest + LOCKOUT.lockMinutes * MINUTE_MS - now
  // At most the lock's length: another hub node's clock may run a little ahead of this one's.
  return left > 0 ? Math.min(Math.ceil(left / MINUTE_MS), LOCKOUT.lockMinutes) : 0
}

async function isKnownAddress(db: Kysely<HubDatabase>, account: string, address: string, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('login_addresses')
    .select('at')
    .where('username', '=', account)
    .where('address', '=', address)
    .where('at', '>', isoNow(now - LOCKOUT.knownAddressDays * 24 * 60 * MINUTE_MS))
    .executeTakeFirst()
  return row !== undefined
}
