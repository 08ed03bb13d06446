import { sql } from 'kysely'
import type { Store } from '../../store'
import { DeliveryError } from '../../kernel/deliveryError'
import { keyed } from '../../text/keyedText'

/** How long a writer waits for another hub node's write of the same file before the try fails (and is retried). */
export const NODE_LOCK_WAIT_MS = 60_000

/**
 * Locked writes of this node at once on PostgreSQL: each holds one of the store pool's ten
 * connections while its file is written (or while it waits for another node), and the rest of
 * the hub needs the others.
 */
export const MAX_LOCKED_WRITES = 3
let lockedWrites = 0
const waitingForSlot: (() => void)[] = []

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (lockedWrites >= MAX_LOCKED_WRITES) await new Promise<void>((resolve) => waitingForSlot.push(resolve))
  else lockedWrites++
  try {
    return await work()
  } finally {
    // The slot passes straight to the next waiter, or is given back.
    const next = waitingForSlot.shift()
    if (next) next()
    else lockedWrites--
  }
}

/** Per file key: the end of the last write queued in this process. */
const tails = new Map<string, Promise<void>>()

/** Runs `work` after every earlier write of the key in this process has ended (a queue per key). */
async function inTurn<T>(key: string, signal: AbortSignal, work: () => Promise<T>): Promise<T> {
  const before = tails.get(key) ?? Promise.resolve()
  let release!: () => void
  const mine = new Promise<void>((done) => (release = done))
  const tail = before.then(() => mine)
  tails.set(key, tail)
  await before
  try {
    // A try that timed out while it waited would only write after its own retry began.
    if (signal.aborted) throw new DeliveryError(keyed('msg_exchange_lock_gave_up', { key }))
    return await work()
  } finally {
    release()
    if (tails.get(key) === tail) tails.delete(key)
  }
}

/**
 * The same, across the hub nodes of one PostgreSQL store: a transaction-scoped advisory lock on
 * the key's hash, held while the file is written (a hash shared by two keys only makes them take
 * turns). A node that dies drops its connection and with it the lock. SQLite stores serve one
 * node, so the queue in this process is enough there. The transaction writes nothing.
 */
export async function acrossNodes<T>(store: Pick<Store, 'db' | 'kind'>, key: string, work: () => Promise<T>): Promise<T> {
  if (store.kind !== 'postgres') return work()
  return withSlot(() =>
    store.db.transaction().execute(async (tx) => {
      await sql`select set_config('lock_timeout', ${`${NODE_LOCK_WAIT_MS}ms`}, true)`.execute(tx)
      try {
        await sql`select pg_advisory_xact_lock(hashtext(${`datahub-file:${key}`}))`.execute(tx)
      } catch (err) {
        if ((err as { code?: string }).code === '55P03') throw new DeliveryError(keyed('msg_exchange_lock_other_node', { key, seconds: NODE_LOCK_WAIT_MS / 1000 }))
        throw err
      }
      return work()
    }),
  )
}

/**
 * Writers of one file, one at a time: deliveries of this node in turn, then one node at a time
 * (a per-day workbook is read, appended to and written back; two writers at once would lose the
 * rows of one). Writers that do not share the store (another hub, a person) are not held back.
 */
export const underFileLock = <T>(store: Pick<Store, 'db' | 'kind'>, key: string, signal: AbortSignal, work: () => Promise<T>): Promise<T> =>
  inTurn(key, signal, () => acrossNodes(store, key, work))
