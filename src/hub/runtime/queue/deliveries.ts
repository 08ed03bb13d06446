import { sql, type ExpressionBuilder } from 'kysely'
import type { StoreKind } from '../../store'
import { isoNow } from '../../store/ids'
import type { DeliveryRow, RuntimeDb, RuntimeTables } from '../tables'
import { minuteOf } from '../../ops/rollups/tables'
import { outcomeRollupSql } from '../../ops/rollups/write'

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

/**
 * Up to `limit` due deliveries of one consumer: those whose lease ran out first (they are the
 * oldest), then pending ones by due time. Two index ranges on (consumer_id, status, …) rather
 * than one query with an OR, which SQLite answers by reading and sorting every delivery the
 * consumer ever had: that made each claim slower as the delivery log grew.
 */
async function dueDeliveries(db: RuntimeDb, consumerId: string, now: number, limit: number): Promise<string[]> {
  const at = isoNow(now)
  const ofConsumer = db.selectFrom('dh_deliveries').select('id').where('consumer_id', '=', consumerId)
  const expired = await ofConsumer.where('status', '=', 'delivering').where('lease_until', '<', at).orderBy('lease_until').limit(limit).execute()
  if (expired.length >= limit) return expired.map((r) => r.id)
  const pending = await ofConsumer
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', at)
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit - expired.length)
    .execute()
  return [...expired, ...pending].map((r) => r.id)
}

/** Holds these deliveries for `leaseMs` where each is still due; answers the rows it took. */
async function take(db: RuntimeDb, ids: readonly string[], now: number, leaseMs: number): Promise<DeliveryRow[]> {
  if (ids.length === 0) return []
  const at = isoNow(now)
  return db
    .updateTable('dh_deliveries')
    .set({ status: 'delivering', lease_until: isoNow(now + leaseMs), started_at: at })
    .where('id', 'in', ids)
    .where((eb) => isDue(eb, at))
    .returningAll()
    .execute()
}

/** Takes a due delivery; false when another worker was first. */
export async function claim(db: RuntimeDb, id: string, now: number, leaseMs: number): Promise<boolean> {
  return (await take(db, [id], now, leaseMs)).length === 1
}

/**
 * Takes up to `limit` due deliveries of one consumer: one update, whatever the batch size,
 * holds them for `leaseMs` and answers the rows as taken, oldest first. It checks each row is
 * still due, so of two workers racing for a row only one gets it.
 */
export async function claimDue(db: RuntimeDb, consumerId: string, now: number, limit: number, leaseMs: number, kind: StoreKind): Promise<DeliveryRow[]> {
  if (kind === 'postgres') return claimDueSkippingLocked(db, consumerId, now, limit, leaseMs)
  const ids = await dueDeliveries(db, consumerId, now, limit)
  const taken = new Map((await take(db, ids, now, leaseMs)).map((r) => [r.id, r]))
  // Oldest first, as dueDeliveries chose them (RETURNING promises no order).
  return ids.flatMap((id) => taken.get(id) ?? [])
}

/**
 * claimDue on PostgreSQL, in one statement: the same two index ranges, each row locked as it is
 * chosen and rows another node is claiming right now (locked) skipped, so two nodes claiming
 * for one consumer at once each take their own set instead of one waiting for the other and
 * then finding its choice taken. One round trip instead of three.
 */
async function claimDueSkippingLocked(db: RuntimeDb, consumerId: string, now: number, limit: number, leaseMs: number): Promise<DeliveryRow[]> {
  const at = isoNow(now)
  const { rows } = await sql<DeliveryRow & { due_rank: number; due_at: string }>`
    with expired as (
      select id, lease_until as due_at from dh_deliveries
      where consumer_id = ${consumerId} and status = 'delivering' and lease_until < ${at}
      order by lease_until limit ${limit} for update skip locked
    ), pending as (
      select id, next_attempt_at as due_at from dh_deliveries
      where consumer_id = ${consumerId} and status = 'pending' and next_attempt_at <= ${at}
      order by next_attempt_at, id limit ${limit} for update skip locked
    ), chosen as (
      select id, due_rank, due_at from (select id, 0 as due_rank, due_at from expired union all select id, 1, due_at from pending) due
      order by due_rank, due_at, id limit ${limit}
    )
    update dh_deliveries set status = 'delivering', lease_until = ${isoNow(now + leaseMs)}, started_at = ${at}
    from chosen where dh_deliveries.id = chosen.id
    returning dh_deliveries.*, chosen.due_rank, chosen.due_at`.execute(db)
  // Oldest first, as the ranges chose them (RETURNING promises no order).
  rows.sort((a, b) => a.due_rank - b.due_rank || (a.due_at < b.due_at ? -1 : a.due_at > b.due_at ? 1 : a.id < b.id ? -1 : 1))
  return rows.map(({ due_rank: _rank, due_at: _at, ...row }) => row)
}

export type Outcome =
  | { kind: 'delivered' }
  | { kind: 'retry'; error: string; nextAt: number }
  | { kind: 'dead'; error: string }

/** Hands a delivery back untouched (the hub is stopping): due again at once, the try not counted. */
export async function release(db: RuntimeDb, id: string): Promise<void> {
  await db.updateTable('dh_deliveries').set({ status: 'pending', lease_until: null }).where('id', '=', id).where('status', '=', 'delivering').execute()
}

/** How one try ended, for finishAll. */
export interface Ending {
  /** The delivery as the claim took it. */
  delivery: DeliveryRow
  attempts: number
  outcome: Outcome
  startedAt: number
  now: number
}

/** The columns an ending sets (next_attempt_at only for a retry, finished_at only for an end). */
function endingValues({ attempts, outcome, startedAt, now }: Omit<Ending, 'delivery'>) {
  const base = { attempts, lease_until: null, duration_ms: Math.max(0, now - startedAt) }
  return outcome.kind === 'delivered'
    ? { ...base, status: 'delivered', last_error: '', finished_at: isoNow(now) }
    : outcome.kind === 'dead'
      ? { ...base, status: 'dead', last_error: outcome.error, finished_at: isoNow(now) }
      : { ...base, status: 'pending', last_error: outcome.error, next_attempt_at: isoNow(outcome.nextAt) }
}

/** One ending as the recording statement takes it. */
interface Recorded {
  id: string
  values: ReturnType<typeof endingValues>
  /** The rollup minute the try ended in. */
  minute: number
}

/**
 * Records how a try ended; only the holder of the delivery (status delivering) can. Answers
 * whether this worker still held it (a pulled delivery's end, one at a time).
 */
export async function finish(db: RuntimeDb, kind: StoreKind, id: string, attempts: number, outcome: Outcome, startedAt: number, now: number): Promise<boolean> {
  const held = await recordEndings(db, kind, [{ id, values: endingValues({ attempts, outcome, startedAt, now }), minute: minuteOf(now) }])
  return held.has(id)
}

/**
 * finish for many tries in one statement (an UPDATE … FROM a VALUES list, which SQLite and
 * PostgreSQL both run), each row still only where this worker holds it. Answers, per ending,
 * the row as recorded or undefined when the delivery was no longer held.
 */
export async function finishAll(db: RuntimeDb, kind: StoreKind, endings: readonly Ending[]): Promise<(DeliveryRow | undefined)[]> {
  if (endings.length === 0) return []
  const recorded = await recordEndings(db, kind, endings.map((e) => ({ id: e.delivery.id, values: endingValues(e), minute: minuteOf(e.now) })))
  return endings.map((e) => (recorded.has(e.delivery.id) ? { ...e.delivery, ...endingValues(e) } : undefined))
}

/**
 * Writes the endings of tries where they are still held, and counts them in the rollups (by the
 * delivery's new status: delivered, dead, or pending again for a retry) in the same commit. On
 * PostgreSQL that is one statement (the update a WITH of the rollups' upserts, per-minute and
 * hourly, which read what it returned), as before the rollups; on SQLite a transaction of the
 * update and the upserts, which is local and costs no round trip. Answers the ids recorded.
 */
async function recordEndings(db: RuntimeDb, kind: StoreKind, endings: readonly Recorded[]): Promise<Set<string>> {
  const rows = endings.map(({ id, values: v, minute }) => {
    const finishedAt = 'finished_at' in v ? v.finished_at : null
    const nextAt = 'next_attempt_at' in v ? v.next_attempt_at : null
    return sql`(cast(${id} as text), cast(${v.status} as text), cast(${v.attempts} as integer), cast(${v.duration_ms} as integer), cast(${v.last_error} as text), cast(${finishedAt} as text), cast(${nextAt} as text), cast(${minute} as integer))`
  })
  const update = sql`
    update dh_deliveries set
      status = v.status, attempts = v.attempts, lease_until = null, duration_ms = v.duration_ms, last_error = v.last_error,
      finished_at = coalesce(v.finished_at, dh_deliveries.finished_at), next_attempt_at = coalesce(v.next_attempt_at, dh_deliveries.next_attempt_at)
    from v
    where dh_deliveries.id = v.id and dh_deliveries.status = 'delivering'`
  const endingsTable = sql`v (id, status, attempts, duration_ms, last_error, finished_at, next_attempt_at, minute) as (values ${sql.join(rows)})`
  if (kind === 'postgres') {
    const { rows: held } = await sql<{ id: string }>`
      with ${endingsTable},
      ended as (${update} returning dh_deliveries.id, dh_deliveries.message_id, dh_deliveries.consumer_id, v.status, v.minute),
      counted as (${outcomeRollupSql('ended')}),
      counted_hourly as (${outcomeRollupSql('ended', 'hour')})
      select id from ended`.execute(db)
    return new Set(held.map((r) => r.id))
  }
  return db.transaction().execute(async (tx) => {
    const { rows: held } = await sql<{ id: string }>`with ${endingsTable} ${update} returning dh_deliveries.id`.execute(tx)
    const recorded = new Set(held.map((r) => r.id))
    const counted = endings.filter((e) => recorded.has(e.id)).map((e) => sql`(cast(${e.id} as text), cast(${e.values.status} as text), cast(${e.minute} as integer))`)
    if (counted.length > 0) {
      for (const grain of ['minute', 'hour'] as const) {
        await sql`
          with t (id, status, minute) as (values ${sql.join(counted)}),
          ended as (select d.message_id, d.consumer_id, t.status, t.minute from t join dh_deliveries d on d.id = t.id)
          ${outcomeRollupSql('ended', grain)}`.execute(tx)
      }
    }
    return recorded
  })
}
