import { sql, type Kysely } from 'kysely'
import type { Store } from '../store'
import { isoNow, newId } from '../store/ids'
import type { HubDatabase } from '../store/schema'

type Db = Kysely<HubDatabase>

/** Migration 0021: every single sign-on, succeeded or refused, with its reason. */
export interface LoginLogTable {
  id: string
  at: string
  /** 'password' | 'cas' | 'oidc' | 'app'. */
  method: string
  provider_id: string
  username: string
  address: string
  /** 'success' | 'refused'. */
  outcome: string
  /** Why, in words for the administrator; never the ticket, code or token itself. */
  reason: string
}

export interface LoginLogEntry {
  method: string
  providerId: string
  username: string
  address: string
  outcome: 'success' | 'refused'
  reason: string
  at: number
}

/**
 * Sign-in attempts (login_failures: a row per attempt, kept while it counts as a failure) and
 * the addresses each account last signed in from (login_addresses). Accounts are the folded
 * usernames lockout.ts keys them by; times are epoch ms.
 */
export const loginAttemptRepository = {
  /**
   * Runs `work` in one transaction as the account's turn: on PostgreSQL under an advisory lock
   * on the account, so several hub nodes queue as well; SQLite holds its write lock from the
   * first insert to the commit.
   */
  inTurn<T>(store: Store, account: string, work: (tx: Db) => Promise<T>): Promise<T> {
    return store.db.transaction().execute(async (tx) => {
      if (store.kind === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`login:${account}`}))`.execute(tx)
      return work(tx)
    })
  },

  async add(db: Db, attempt: { id: string; account: string; address: string; at: number }): Promise<void> {
    await db.insertInto('login_failures').values({ id: attempt.id, username: attempt.account, address: attempt.address, at: isoNow(attempt.at) }).execute()
  },

  /**
   * The times of the account's attempts other than `exceptId` after `since`, newest first, at
   * most `limit`; from `address` only, unless it is null.
   */
  async earlier(db: Db, account: string, exceptId: string, since: number, limit: number, address: string | null): Promise<number[]> {
    let q = db.selectFrom('login_failures').select('at').where('username', '=', account).where('id', '!=', exceptId).where('at', '>', isoNow(since))
    if (address !== null) q = q.where('address', '=', address)
    return (await q.orderBy('at', 'desc').limit(limit).execute()).map((r) => Date.parse(r.at))
  },

  /** Drops the account's attempts before `before`. */
  async forgetBefore(db: Db, account: string, before: number): Promise<void> {
    await db.deleteFrom('login_failures').where('username', '=', account).where('at', '<', isoNow(before)).execute()
  },

  /** Drops the account's attempts from this address. */
  async forgetAddress(db: Db, account: string, address: string): Promise<void> {
    await db.deleteFrom('login_failures').where('username', '=', account).where('address', '=', address).execute()
  },

  /** Records that the account signed in from this address at `at`. */
  async rememberAddress(db: Db, account: string, address: string, at: number): Promise<void> {
    const stamp = isoNow(at)
    await db
      .insertInto('login_addresses')
      .values({ username: account, address, at: stamp })
      .onConflict((oc) => oc.columns(['username', 'address']).doUpdateSet({ at: stamp }))
      .execute()
  },

  /** Writes one sign-in or refusal to the log (single sign-on's: each way in says who and why). */
  async record(db: Db, entry: LoginLogEntry): Promise<void> {
    await db
      .withTables<{ login_log: LoginLogTable }>()
      .insertInto('login_log')
      .values({ id: newId(), at: isoNow(entry.at), method: entry.method, provider_id: entry.providerId, username: entry.username, address: entry.address, outcome: entry.outcome, reason: entry.reason.slice(0, 500) })
      .execute()
  },

  /** Whether the account signed in from this address after `since`. */
  async signedInFromSince(db: Db, account: string, address: string, since: number): Promise<boolean> {
    const row = await db
      .selectFrom('login_addresses')
      .select('at')
      .where('username', '=', account)
      .where('address', '=', address)
      .where('at', '>', isoNow(since))
      .executeTakeFirst()
    return row !== undefined
  },
}
