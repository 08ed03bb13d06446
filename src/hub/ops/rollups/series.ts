import { sql, type Kysely } from 'kysely'
import type { HubDatabase } from '../../store/schema'
import type { DatahubTables } from '../../datahub/tables'
import { HOUR_MINUTES, hourOf, MINUTE_MS, minuteOf, ROLLUP_GRAINS, ROLLUP_METRICS, type RollupMetric, type RollupTables } from './tables'

/**
 * Series read from the rollups: buckets of `bucketMinutes` whole minutes (aligned to the epoch,
 * so hours and quarters are UTC's), summed in SQL, so a week of 200 topics is a few hundred rows
 * to the hub whatever the traffic was. Buckets of whole hours read the hourly rows (a week is
 * 168 rows a key instead of 10,080), others the per-minute ones. Buckets without rows are given
 * as zeros.
 */

export interface SeriesQuery {
  /** Instants (ms); the bucket holding `from` is the first, the one holding `to - 1` the last. */
  from: number
  to: number
  bucketMinutes: number
  /** Only this topic's rows (a card's chart, a widget bound to one topic). */
  topicCode?: string
  topicId?: string
  consumerId?: string
}

export type Counts = Record<RollupMetric, number>
export interface CountsBucket extends Counts {
  /** The bucket's start, ms. */
  at: number
}

type Db = Kysely<HubDatabase & DatahubTables & RollupTables>
const asDb = (db: Kysely<HubDatabase>): Db => db.withTables<DatahubTables & RollupTables>()

/** The four counts per bucket. */
export async function countSeries(store: Kysely<HubDatabase>, q: SeriesQuery): Promise<CountsBucket[]> {
  const db = asDb(store)
  const size = Math.max(1, Math.floor(q.bucketMinutes))
  const first = Math.floor(minuteOf(q.from) / size) * size
  const end = minuteOf(q.to - 1) + 1
  // An hourly row is the whole hour (the current one so far): the last bucket, which holds `to - 1`, is whole anyway.
  const { table } = ROLLUP_GRAINS[size % HOUR_MINUTES === 0 ? 'hour' : 'minute']
  // The size as a literal: PostgreSQL matches the grouped expression to the selected one only by its text.
  const bucket = sql<number>`(minute - minute % ${sql.lit(size)})`
  let query = db
    .selectFrom(table)
    .select([
      bucket.as('bucket'),
      (eb) => eb.fn.sum<string>('received').as('received'),
      (eb) => eb.fn.sum<string>('delivered').as('delivered'),
      (eb) => eb.fn.sum<string>('failed').as('failed'),
      (eb) => eb.fn.sum<string>('retrying').as('retrying'),
    ])
    .where('minute', '>=', first)
    .where('minute', '<', end)
  if (q.topicId) query = query.where('topic_id', '=', q.topicId)
  if (q.topicCode) query = query.where('topic_id', 'in', db.selectFrom('topics').select('id').where('code', '=', q.topicCode))
  if (q.consumerId) query = query.where('consumer_id', '=', q.consumerId)
  const rows = await query.groupBy(bucket).execute()
  const byBucket = new Map(rows.map((r) => [Number(r.bucket), r]))
  const out: CountsBucket[] = []
  for (let b = first; b < end; b += size) {
    const r = byBucket.get(b)
    out.push({ at: b * MINUTE_MS, received: Number(r?.received ?? 0), delivered: Number(r?.delivered ?? 0), failed: Number(r?.failed ?? 0), retrying: Number(r?.retrying ?? 0) })
  }
  return out
}

/**
 * One metric's series, for code beyond the home page (the dashboard widgets' "hub metrics"
 * source): `{ at, value }` per bucket, ISO instants.
 */
export async function metricSeries(store: Kysely<HubDatabase>, q: SeriesQuery & { metric: RollupMetric }): Promise<{ at: string; value: number }[]> {
  if (!ROLLUP_METRICS.includes(q.metric)) throw new Error(`unknown rollup metric ${String(q.metric)}`)
  return (await countSeries(store, q)).map((b) => ({ at: new Date(b.at).toISOString(), value: b[q.metric] }))
}

/**
 * The rollup rows that count exactly the minutes from `fromMinute` on (a day's sums: cards,
 * totals, the consumers failing most): the hourly rows of the hours that start at or after it,
 * and the minute rows of the rest of the hour it falls in. A day is then 24 hourly rows a key and
 * at most 59 minute rows, not 1,440. As a subquery (topic_id, consumer_id and the four counts)
 * to sum as the caller groups.
 */
export function windowRows(store: Kysely<HubDatabase>, fromMinute: number) {
  const db = asDb(store)
  const firstHour = hourOf(fromMinute) === fromMinute ? fromMinute : hourOf(fromMinute) + HOUR_MINUTES
  const columns = ['topic_id', 'consumer_id', 'received', 'delivered', 'failed', 'retrying'] as const
  return db
    .selectFrom('dh_rollups_hourly')
    .select(columns)
    .where('minute', '>=', firstHour)
    .unionAll(db.selectFrom('dh_rollups').select(columns).where('minute', '>=', fromMinute).where('minute', '<', firstHour))
}
