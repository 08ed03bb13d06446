import type { WidgetData } from '../../shared/contract/dashboards/widgets'
import { RUN_STATES } from '../../shared/contract/datahub/schedule'
import { HUB_SERIES, isSeriesMetric, type HubMetric, type HubSeriesMetric } from '../../shared/rules/dashboards/metrics'
import { DELIVERY_STATUSES } from '../../shared/rules/datahub/runtime'
import type { HubContext } from '../http/context'
import { topicNotFound } from '../datahub/refusals'
import { countSeries, metricSeries } from '../ops/rollups/series'
import { MINUTE_MS } from '../ops/rollups/tables'
import { runtimeDb } from '../runtime/tables'

/** A delivery not delivered yet: waiting for its (next) try, or being tried (as alarms/watch/lag.ts). */
const UNDELIVERED = ['pending', 'delivering']
/** Consumers a backlog widget lists at most, the longest-waiting first. */
const BACKLOG_ROWS = 50

const table = (columns: [string, string][], rows: WidgetData['rows']): WidgetData => ({ columns: columns.map(([name, type]) => ({ name, type })), rows, truncated: false })

/** Every state of `states` with its count (0 for one not found), in the states' order. */
const byState = (states: readonly string[], found: { state: string; n: unknown }[]): WidgetData['rows'] => {
  const counts = new Map(found.map((r) => [r.state, Number(r.n)]))
  return states.map((s) => [s, counts.get(s) ?? 0])
}

/**
 * A series of the rollups (HUB_SERIES) over its window ending at `at`: the bucket's start (ISO
 * instant, which a line chart reads as time) and its counts. One count through metricSeries, the
 * four together through countSeries (the same sums, one query). `topicCode`: that topic's only;
 * one that does not exist is refused rather than drawn as a flat line.
 */
async function seriesTable(hub: Pick<HubContext, 'store'>, metric: HubSeriesMetric, at: Date, topicCode: string): Promise<WidgetData> {
  const { counts, minutes, bucket } = HUB_SERIES[metric]
  if (topicCode !== '') {
    const topic = await runtimeDb(hub.store.db).selectFrom('topics').select('id').where('code', '=', topicCode).where('is_delete', '=', '0').executeTakeFirst()
    if (!topic) throw topicNotFound()
  }
  const window = { from: at.getTime() - minutes * MINUTE_MS, to: at.getTime(), bucketMinutes: bucket, ...(topicCode === '' ? {} : { topicCode }) }
  const columns: [string, string][] = [['at', 'timestamp'], ...counts.map((c): [string, string] => [c, 'integer'])]
  const [only] = counts
  if (counts.length === 1 && only) return table(columns, (await metricSeries(hub.store.db, { ...window, metric: only })).map((p) => [p.at, p.value]))
  const buckets = await countSeries(hub.store.db, window)
  return table(columns, buckets.map((b) => [new Date(b.at).toISOString(), ...counts.map((c) => b[c])]))
}

/**
 * The one place a widget's hub metric (HUB_METRICS) is read, as a small table: a label column and
 * number columns, which every chart type draws.
 *
 * The states and the backlog are grouped reads of the store's own tables (deliveries, runs) —
 * current state, no history. The series (HUB_SERIES) read the home page's rollups (issue 16)
 * for their window ending at `at` ("now", so a series ends where the dashboard's clock does);
 * `topicCode` (a series widget's content) narrows one to a topic. Nothing else reads metrics for
 * widgets.
 */
export async function resolveHubMetric(hub: Pick<HubContext, 'store'>, metric: HubMetric, at: Date = new Date(), topicCode = ''): Promise<WidgetData> {
  if (isSeriesMetric(metric)) return seriesTable(hub, metric, at, topicCode.trim())
  const db = runtimeDb(hub.store.db)
  switch (metric) {
    case 'messages_by_state': {
      const found = await db.selectFrom('dh_deliveries').select(['status as state', (eb) => eb.fn.countAll().as('n')]).groupBy('status').execute()
      return table([['state', 'text'], ['count', 'integer']], byState(DELIVERY_STATUSES, found))
    }
    case 'runs_by_state': {
      const found = await db.selectFrom('dh_runs').select(['state', (eb) => eb.fn.countAll().as('n')]).groupBy('state').execute()
      return table([['state', 'text'], ['count', 'integer']], byState(RUN_STATES, found))
    }
    case 'consumer_backlog': {
      const found = await db
        .selectFrom('dh_deliveries')
        .innerJoin('consumers', 'consumers.id', 'dh_deliveries.consumer_id')
        .select(['consumers.topic_code', 'consumers.application_code', (eb) => eb.fn.countAll().as('n'), (eb) => eb.fn.min('dh_deliveries.created_at').as('oldest')])
        .where('dh_deliveries.status', 'in', UNDELIVERED)
        .groupBy(['dh_deliveries.consumer_id', 'consumers.topic_code', 'consumers.application_code'])
        .orderBy('oldest')
        .limit(BACKLOG_ROWS + 1)
        .execute()
      const rows = found.slice(0, BACKLOG_ROWS).map((r) => [
        `${r.topic_code}/${r.application_code}`,
        Number(r.n),
        Math.max(0, Math.floor((at.getTime() - Date.parse(String(r.oldest))) / 1000)),
      ])
      return { ...table([['consumer', 'text'], ['backlog', 'integer'], ['oldestAgeSeconds', 'integer']], rows), truncated: found.length > BACKLOG_ROWS }
    }
  }
}
