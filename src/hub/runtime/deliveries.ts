import type { ExpressionBuilder } from 'kysely'
import { isoNow } from '../store/ids'
import type { RuntimeDb, RuntimeTables } from './tables'

/**
 * State changes of a delivery row. Every change names the state it expects, so two workers
 * (hub nodes over one PostgreSQL store) never both take or both finish the same delivery.
 */

/** Due: pending and its time has come, or held by a worker whose lease ran out (it died). */
const isDue = (eb: ExpressionBuilder<RuntimeTables, 'dh_deliveries'>, at: string) =>
  eb.or([eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', at)]), eb.and([eb('status', '=', 'delivering'), eb('lease_until', '<', at)])])

export async function dueConsumers(db: RuntimeDb, now: number): Promise<string[]> {
  const at = isoNow(now)
  const rows = await db
    .selectFrom('dh_deliveries')
    .select('consumer_id')
    .where((eb) => isDue(eb, at))
    // serverApi consumers' applications pull their deliveries (pull/): the worker never takes them.
    .where('consumer_id', 'not in', db.selectFrom('consumers').select('id').where('data_consume_type', '=', 'serverApi'))
    .groupBy('consumer_id')
    .execute()
  return rows.map((r) => r.consumer_id)
}

export async function dueDeliveries(db: RuntimeDb, consumerId: string, now: number, limit: number): Promise<string[]> {
  const at = isoNow(now)
  const rows = await db
    .selectFrom('dh_deliveries')
    .select('id')
    .where('consumer_id', '=', consumerId)
    .where((eb) => isDue(eb, at))
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit)
    .execute()
  return rows.map((r) => r.id)
}

/** Takes a due delivery; false when another worker was first. */
export async function claim(db: RuntimeDb, id: string, now: number, leaseMs: number): Promise<boolean> {
  const at = isoNow(now)
  const result = await db
    .updateTable('dh_deliveries')
    .set({ status: 'delivering', lease_until: isoNow(now + leaseMs), started_at: at })
    .where('id', '=', id)
    .where((eb) => isDue(eb, at))
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export type Outcome =
  | { kind: 'delivered' }
  | { kind: 'retry'; error: string; nextAt: number }
  | { kind: 'dead'; error: string }

/** Hands a delivery back untouched (the hub is stopping): due again at once, the try not counted. */
export async function release(db: RuntimeDb, id: string): Promise<void> {
  await db.updateTable('dh_deliveries').set({ status: 'pending', lease_until: null }).where('id', '=', id).where('status', '=', 'delivering').execute()
}

/** Records how a try ended; only the holder of the delivery (status delivering) can. */
export async function finish(db: RuntimeDb, id: string, attempts: number, outcome: Outcome, startedAt: number, now: number): Promise<void> {
  const base = { attempts, lease_until: null, duration_ms: Math.max(0, now - startedAt) }
  const values =
    outcome.kind === 'delivered'
      ? { ...base, status: 'delivered', last_error: '', finished_at: isoNow(now) }
      : outcome.kind === 'dead'
        ? { ...base, status: 'dead', last_error: outcome.error, finished_at: isoNow(now) }
        : { ...base, status: 'pending', last_error: outcome.error, next_attempt_at: isoNow(outcome.nextAt) }
  await db.updateTable('dh_deliveries').set(values).where('id', '=', id).where('status', '=', 'delivering').execute()
}
