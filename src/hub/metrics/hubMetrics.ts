import type { LogEvent } from 'kysely'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import { METRIC_PREFIX } from '../../shared/contract/platform/metrics'
import { reasonOf } from '../kernel/deliveryError'
import type { Store } from '../store'
import { workerPools } from '../threads/pool'
import { HUB_VERSION } from '../version'
import type { HubMetrics, TryEnding } from './instruments'
import { BACKLOG_STATES, cachedFor, readStoreFigures, type StoreFigures } from './storeFigures'

/** The metrics of one hub, with what startHub wires them to: the store's queries and the store itself. */
export interface MeasuringHub extends HubMetrics {
  /** Kysely's log hook (store/connect.ts): each query's duration. */
  observeQuery: (event: LogEvent) => void
  /** The store the gauges read at scrape time (opened after the metrics, which time its queries from the first). */
  watch(store: Store): void
}

export interface HubMetricsOptions {
  log: (line: string) => void
  /** How long one read of the store's figures answers scrapes; 2 s. */
  storeFiguresTtlMs?: number
}

const name = (n: string) => `${METRIC_PREFIX}${n}`

/** From a message's receipt to its delivery's end: seconds to hours (retries, a consumer down). */
const LATENCY_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600, 21600]
/** One try: a call to a consumer, bounded by deliveryTimeoutMs (180 s by default). */
const TRY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 180]
/** One statement: sub-millisecond on SQLite, a round trip on PostgreSQL. */
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]

/** Kysely's root node kinds as the store latency's `operation` label. */
const OPERATIONS: Readonly<Record<string, string>> = {
  SelectQueryNode: 'select',
  InsertQueryNode: 'insert',
  UpdateQueryNode: 'update',
  DeleteQueryNode: 'delete',
  MergeQueryNode: 'merge',
  RawNode: 'raw',
}

/**
 * One hub's metrics on a registry of its own (two hubs in one process, as in tests, keep
 * theirs apart). Counters and histograms move as the runtime reports (cheap observe calls);
 * what the store holds is read when scraped, in two grouped reads shared by scrapes for a
 * couple of seconds; worker pools are looked at when scraped.
 */
export function createHubMetrics(options: HubMetricsOptions): MeasuringHub {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  let store: Store | null = null

  const info = new Gauge({ name: name('hub_info'), help: 'The hub: its version and store kind (always 1).', labelNames: ['version', 'store'], registers: [registry] })

  const tries = new Histogram({
    name: name('delivery_try_seconds'),
    help: 'Duration of one try of a pushed delivery, by consume type and how it ended (delivered, retry, dead).',
    labelNames: ['type', 'outcome'],
    buckets: TRY_BUCKETS,
    registers: [registry],
  })
  const latency = new Histogram({
    name: name('delivery_latency_seconds'),
    help: 'From the message\'s receipt to the end of its delivery (delivered, or dead after its last try), by consume type and outcome.',
    labelNames: ['type', 'outcome'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  })
  const runs = new Counter({
    name: name('scheduled_runs_total'),
    help: 'Scheduled producer runs ended on this node, by production mode and state (succeeded, failed, cancelled, retrying).',
    labelNames: ['mode', 'state'],
    registers: [registry],
  })
  const queries = new Histogram({
    name: name('store_query_seconds'),
    help: 'Duration of the hub\'s store statements, by operation and outcome (ok, error).',
    labelNames: ['operation', 'outcome'],
    buckets: QUERY_BUCKETS,
    registers: [registry],
  })

  const figures = cachedFor(options.storeFiguresTtlMs ?? 2000, async (): Promise<StoreFigures | null> => {
    if (!store) return null
    try {
      return await readStoreFigures(store)
    } catch (err) {
      options.log(`[metrics] reading the store's figures failed: ${reasonOf(err)}`)
      return null
    }
  })
  /** A gauge filled from the store's figures at each scrape (emptied first: a deleted consumer's series goes). */
  const storeGauge = <L extends string>(n: string, help: string, labelNames: L[], fill: (g: Gauge<L>, f: StoreFigures) => void) =>
    new Gauge<L>({
      name: name(n),
      help,
      labelNames,
      registers: [registry],
      async collect() {
        const f = await figures()
        this.reset()
        if (f) fill(this, f)
      },
    })

  new Gauge({
    name: name('store_up'),
    help: 'Whether the last read of the store\'s figures (the message, delivery and backlog gauges) succeeded.',
    registers: [registry],
    async collect() {
      this.set((await figures()) ? 1 : 0)
    },
  })
  storeGauge('messages_received', 'Messages in the message log (within its retention), by topic.', ['topic'], (g, f) => {
    for (const r of f.received) g.set({ topic: r.topic }, r.count)
  })
  storeGauge('messages', 'Deliveries in the message log by topic, consumer and state (pending, delivering, delivered, dead).', ['topic', 'consumer', 'application', 'state'], (g, f) => {
    for (const d of f.deliveries) g.set({ topic: d.topic, consumer: d.consumer, application: d.application, state: d.state }, d.count)
  })
  storeGauge('consumer_backlog', 'Deliveries still owed to each consumer (pending or delivering).', ['topic', 'consumer', 'application'], (g, f) => {
    for (const d of f.deliveries) if (BACKLOG_STATES.has(d.state)) g.inc({ topic: d.topic, consumer: d.consumer, application: d.application }, d.count)
  })
  storeGauge('consumer_oldest_age_seconds', 'Age of each consumer\'s oldest delivery still owed; no series when none is.', ['topic', 'consumer', 'application'], (g, f) => {
    const now = Date.now()
    const oldest = new Map<string, { labels: { topic: string; consumer: string; application: string }; at: number }>()
    for (const d of f.deliveries) {
      if (!BACKLOG_STATES.has(d.state) || d.oldest === null) continue
      const at = Date.parse(d.oldest)
      const seen = oldest.get(d.consumer)
      if (!seen || at < seen.at) oldest.set(d.consumer, { labels: { topic: d.topic, consumer: d.consumer, application: d.application }, at })
    }
    for (const { labels, at } of oldest.values()) g.set(labels, Math.max(0, (now - at) / 1000))
  })

  const poolGauge = (n: string, help: string, pick: (s: ReturnType<typeof workerPools>[number]) => number) =>
    new Gauge({
      name: name(n),
      help,
      labelNames: ['pool'],
      registers: [registry],
      collect() {
        this.reset()
        for (const s of workerPools()) this.set({ pool: s.name }, pick(s))
      },
    })
  poolGauge('worker_pool_size', 'Most worker threads each pool may run (scripts, excelAppend, wsdl, workbooks).', (s) => s.size)
  poolGauge('worker_pool_workers', 'Worker threads each pool runs now.', (s) => s.workers)
  poolGauge('worker_pool_busy', 'Worker threads of each pool running a task now.', (s) => s.busy)
  poolGauge('worker_pool_waiting', 'Tasks waiting for a worker thread of each pool.', (s) => s.waiting)

  return {
    tryEnded(e: TryEnding) {
      tries.observe({ type: e.consumeType, outcome: e.outcome }, Math.max(0, e.endedAt - e.startedAt) / 1000)
      if (e.outcome === 'retry' || e.receivedAt === null) return
      const received = Date.parse(e.receivedAt)
      if (Number.isFinite(received)) latency.observe({ type: e.consumeType, outcome: e.outcome }, Math.max(0, e.endedAt - received) / 1000)
    },
    runEnded(mode, state) {
      runs.inc({ mode, state })
    },
    observeQuery(event) {
      queries.observe({ operation: OPERATIONS[event.query.query.kind] ?? 'other', outcome: event.level === 'error' ? 'error' : 'ok' }, event.queryDurationMillis / 1000)
    },
    watch(s) {
      store = s
      info.set({ version: HUB_VERSION, store: s.kind }, 1)
    },
    async scrape() {
      return { contentType: registry.contentType, text: await registry.metrics() }
    },
  }
}
