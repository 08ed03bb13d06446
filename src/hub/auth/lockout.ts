import type { Kysely } from 'kysely'
import type { Store } from '../store'
import { newId } from '../store/ids'
import type { HubDatabase } from '../store/schema'
import { loginAttemptRepository as attempts } from './loginAttemptRepository'

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
 * in one transaction, the account's turn (loginAttemptRepository.inTurn), the attempt's row is
 * written and the earlier ones counted. So the sixth of any number of concurrent attempts
 * sees the five before it, still being checked or failed, and is refused; a refused attempt
 * leaves no row, so the lock ends 15 minutes after the failure that set it however often
 * someone keeps trying. A success clears the failures of its own address only.
 */
export const LOCKOUT = { failures: 5, accountFailures: 20, windowMinutes: 15, lockMinutes: 15, knownAddressDays: 30 } as const
const MINUTE_MS = 60_000
const HORIZON_MS = (LOCKOUT.windowMinutes + LOCKOUT.lockMinutes) * MINUTE_MS
const KNOWN_ADDRESS_MS = LOCKOUT.knownAddressDays * 24 * 60 * MINUTE_MS

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
    const attempt = await attempts.inTurn(store, account, async (tx) => {
      // The time once it is this attempt's turn, so it is never earlier than the attempts before it.
      const now = at ?? Date.now()
      await attempts.add(tx, { id, account, address, at: now })
      const here = await attempts.earlier(tx, account, id, now - HORIZON_MS, LOCKOUT.failures, address)
      const everywhere = await attempts.earlier(tx, account, id, now - HORIZON_MS, LOCKOUT.accountFailures, null)
      // Only asked when the account-wide lock could hold, now or at this attempt's failure.
      const knownAddress = everywhere.length >= LOCKOUT.accountFailures - 1 && (await attempts.signedInFromSince(tx, account, address, now - KNOWN_ADDRESS_MS))
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
  await attempts.forgetBefore(db, attempt.account, now - HORIZON_MS)
  // Judged on what the attempt found before it, so of a burst only the fifth says "locked".
  return lockedMinutes([attempt.at, ...attempt.here], [attempt.at, ...attempt.everywhere], attempt.knownAddress, now)
}

/** The attempt succeeded: its address starts counting again and becomes a known one. */
export async function attemptSucceeded(db: Kysely<HubDatabase>, attempt: LoginAttempt, now = Date.now()): Promise<void> {
  await attempts.forgetAddress(db, attempt.account, attempt.address)
  await attempts.rememberAddress(db, attempt.account, attempt.address, now)
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
