import type { Kysely } from 'kysely'
import { HOME_CARDS_MAX, HOME_CONSUMERS_MAX, HOME_RANGES, type HomeCard, type HomeConsumer, type HomeData } from '../../../shared/contract/ops/home'
import type { AlarmTables } from '../../alarms/tables'
import { isoNow } from '../../store/ids'
import type { HubDatabase } from '../../store/schema'
import { runtimeDb } from '../../runtime/tables'
import { countSeries, windowRows, type CountsBucket } from '../rollups/series'
import { MINUTE_MS, minuteOf, ROLLUP_METRICS, type RollupMetric } from '../rollups/tables'

/**
 * The home page's data, read for one answer. A data access module (like datahub/flows.ts): the
 * queries and their assembly, no rules. The counts come from the rollups (the charts of a day and
 * a week from the hourly rows, the last hour and the day's sums from the minute rows only where
 * an hour is not whole); only the backlog reads deliveries, and only the open ones (the queue, which
 * stays small, not the log), by the (consumer, status, created_at) index.
 */

const DAY_MS = 24 * 60 * MINUTE_MS
/** Runs listed for today, newest first (the states' counts cover them all). */
const RUNS_LISTED = 20
const ALARMS_LISTED = 5
const OPEN = ['pending', 'delivering'] as const

const iso = (ms: number) => new Date(ms).toISOString()
const bucketOut = (b: CountsBucket) => ({ at: iso(b.at), received: b.received, delivered: b.delivered, failed: b.failed, retrying: b.retrying })

export async function homeData(store: Kysely<HubDatabase>, now: number, dayStart: number): Promise<HomeData> {
  const db = runtimeDb(store).withTables<Pick<AlarmTables, 'dh_incidents'>>()
  const dayAgo = minuteOf(now - DAY_MS)

  const [hour = [], day = [], week = []] = await Promise.all(
    (['hour', 'day', 'week'] as const).map((r) => countSeries(store, { from: now - HOME_RANGES[r].minutes * MINUTE_MS, to: now, bucketMinutes: HOME_RANGES[r].bucket })),
  )

  // Cards: the live topics with their producer's and consumers' applications, and their day's sums.
  const topics = await db.selectFrom('topics').select(['id', 'code', 'name', 'status']).where('is_delete', '=', '0').execute()
  const producers = await db.selectFrom('producers').select(['topic_id', 'app_name', 'app_code']).execute()
  const consumers = await db.selectFrom('consumers').select(['id', 'topic_id', 'topic_code', 'application_name']).orderBy('created_at').orderBy('id').execute()
  // The last 24 h exactly: the day's hourly rows and the minute rows of its first hour's rest.
  const sums = await db
    .selectFrom(windowRows(store, dayAgo).as('w'))
    .select(['w.topic_id', (eb) => eb.fn.sum<string>('w.received').as('received'), (eb) => eb.fn.sum<string>('w.failed').as('failed')])
    .groupBy('w.topic_id')
    .execute()
  const sumOf = new Map(sums.map((s) => [s.topic_id, s]))
  // An application not (or no longer) in the application list has only its code.
  const appOf = new Map(producers.map((p) => [p.topic_id, p.app_name || p.app_code]))
  const consumerApps = new Map<string, string[]>()
  for (const c of consumers) consumerApps.set(c.topic_id, [...(consumerApps.get(c.topic_id) ?? []), c.application_name])
  const cards: HomeCard[] = topics
    .map((t) => ({
      topicCode: t.code,
      name: t.name,
      appName: appOf.get(t.id) ?? '',
      applicationName: [...new Set(consumerApps.get(t.id) ?? [])].join(', '),
      status: t.status,
      exceptionNo: Number(sumOf.get(t.id)?.failed ?? 0),
      received: Number(sumOf.get(t.id)?.received ?? 0),
    }))
    .sort((a, b) => b.exceptionNo - a.exceptionNo || b.received - a.received || a.name.localeCompare(b.name))
    .slice(0, HOME_CARDS_MAX)

  const consumerOf = new Map(consumers.map((c) => [c.id, c]))
  const consumerEntry = (id: string, extra: Partial<HomeConsumer>): HomeConsumer => ({
    consumerId: id,
    topicCode: consumerOf.get(id)?.topic_code ?? '',
    applicationName: consumerOf.get(id)?.application_name ?? '',
    failed: 0,
    waiting: 0,
    oldestAt: null,
    ...extra,
  })

  const failing = await db
    .selectFrom(windowRows(store, dayAgo).as('w'))
    .select(['w.consumer_id', (eb) => eb.fn.sum<string>('w.failed').as('failed')])
    .where('w.consumer_id', '!=', '')
    .groupBy('w.consumer_id')
    .having((eb) => eb.fn.sum('w.failed'), '>', 0)
    .orderBy((eb) => eb.fn.sum('w.failed'), 'desc')
    .orderBy('w.consumer_id')
    .limit(HOME_CONSUMERS_MAX)
    .execute()
  const backlog = await db
    .selectFrom('dh_deliveries')
    .select(['consumer_id', (eb) => eb.fn.countAll<string>().as('waiting'), (eb) => eb.fn.min<string>('created_at').as('oldest')])
    .where('status', 'in', OPEN)
    .groupBy('consumer_id')
    .orderBy((eb) => eb.fn.min('created_at'))
    .orderBy('consumer_id')
    .limit(HOME_CONSUMERS_MAX)
    .execute()

  const from = isoNow(dayStart)
  const runs = await db
    .selectFrom('dh_runs')
    .leftJoin('producers', 'producers.id', 'dh_runs.producer_id')
    .select(['dh_runs.id', 'dh_runs.planned_at', 'dh_runs.state', 'dh_runs.messages_accepted', 'dh_runs.messages_refused', 'dh_runs.error', 'producers.topic_code', 'producers.app_name'])
    .where('dh_runs.planned_at', '>=', from)
    .orderBy('dh_runs.planned_at', 'desc')
    .orderBy('dh_runs.id')
    .limit(RUNS_LISTED)
    .execute()
  const runStates = await db
    .selectFrom('dh_runs')
    .select(['state', (eb) => eb.fn.countAll<string>().as('n')])
    .where('planned_at', '>=', from)
    .groupBy('state')
    .execute()

  const alarms = await db
    .selectFrom('dh_incidents')
    .select(['id', 'rule', 'object_name', 'topic_code', 'last_seen_at', 'count'])
    .where('state', '=', 'open')
    .orderBy('last_seen_at', 'desc')
    .orderBy('id')
    .limit(ALARMS_LISTED)
    .execute()
  const openAlarms = await db.selectFrom('dh_incidents').select((eb) => eb.fn.countAll<string>().as('n')).where('state', '=', 'open').executeTakeFirstOrThrow()

  const totals = await db
    .selectFrom(windowRows(store, dayAgo).as('w'))
    .select(ROLLUP_METRICS.map((k) => (eb) => eb.fn.sum<string>(`w.${k}`).as(k)))
    .executeTakeFirst()
  const total = (k: RollupMetric) => Number(totals?.[k] ?? 0)
  return {
    at: iso(now),
    cards,
    series: { hour: hour.map(bucketOut), day: day.map(bucketOut), week: week.map(bucketOut) },
    totals: { received: total('received'), delivered: total('delivered'), failed: total('failed'), retrying: total('retrying') },
    mostFailing: failing.map((f) => consumerEntry(f.consumer_id, { failed: Number(f.failed) })),
    oldestBacklog: backlog.map((b) => consumerEntry(b.consumer_id, { waiting: Number(b.waiting), oldestAt: b.oldest })),
    runs: {
      list: runs.map((r) => ({
        id: r.id, topicCode: r.topic_code ?? '', producerName: r.app_name ?? '', plannedAt: r.planned_at, state: r.state,
        messagesAccepted: r.messages_accepted, messagesRefused: r.messages_refused, error: r.error,
      })),
      byState: Object.fromEntries(runStates.map((s) => [s.state, Number(s.n)])),
    },
    alarms: {
      open: Number(openAlarms.n),
      list: alarms.map((a) => ({ id: a.id, rule: a.rule, objectName: a.object_name, topicCode: a.topic_code, lastSeenAt: a.last_seen_at, count: a.count })),
    },
  }
}
