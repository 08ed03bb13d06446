import type { FastifyInstance } from 'fastify'
import { hostname } from 'node:os'
import { alarmWatchJob, createAlarmWatch } from './alarms/watch/watch'
import type { RuntimeState } from './http/readiness'
import { hubContext, serveHub } from './app'
import { bootstrapAdmin } from './auth/bootstrap'
import { checkMetricsAccess, type HubConfig } from './config'
import { createHubMetrics } from './metrics/hubMetrics'
import { acceptMqMessage } from './runtime/listen/acceptMq'
import { createMqListeners } from './runtime/listen/mqListeners'
import { createDeliveryWorker } from './runtime/queue/worker'
import { createScheduler } from './runtime/schedule/scheduler'
import { retentionJob } from './retention'
import { runtimeSettings } from './runtime/settings'
import { openStore, type Store } from './store'
import { startCheckpointer } from './store/checkpointer'
import { logOutput, type LogWrite } from './kernel/logOutput'
import type { MigrationProvider } from 'kysely'

export interface RunningHub {
  /** http://host:port, the port being the one actually bound (HUB_PORT 0 picks one). */
  url: string
  port: number
  store: Store
  /** The generated admin password on the run that created the admin; null otherwise. */
  bootstrapPassword: string | null
  close(): Promise<void>
}

export interface StartHubOptions {
  /** Operator-facing lines: the initial password, failures with their reference ids; stdout in config.logFormat by default. */
  log?: LogWrite
  /** Tests only: the migrations of another hub version (store/index.ts OpenStoreOptions). */
  migrations?: MigrationProvider
}

const urlHost = (host: string) => (host.includes(':') ? `[${host}]` : host)

/** Opens the store, creates the first admin if there is none, and listens. */
export async function startHub(config: HubConfig, opts: StartHubOptions = {}): Promise<RunningHub> {
  const log = opts.log ?? logOutput(config.logFormat ?? 'text', (text) => process.stdout.write(text))
  checkMetricsAccess(config)
  // Made before the store, so its queries are timed from the first; nothing is measured without HUB_METRICS.
  const metrics = config.metrics ? createHubMetrics({ log }) : undefined
  const store = await openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, sqliteBinding: config.sqliteBinding, observeQuery: metrics?.observeQuery, ...(opts.migrations ? { migrations: opts.migrations } : {}) })
  // A rolling upgrade: a newer node expanded the schema; this one runs on it until it is upgraded too.
  if (store.newerMigrations.length > 0) log(`the store's schema is newer than this hub's (${store.newerMigrations.join(', ')}, all expand-only): running on it; upgrade this node when you can`)
  metrics?.watch(store)
  // SQLite's checkpoints on a thread of their own, not in the middle of the hub's commits. The
  // thread starts while the hub gets ready (not in the way of its start-up); awaited once listening.
  const starting = startCheckpointer(store, config.dataDir, config.sqliteBinding ?? null)
  starting.catch(() => {})
  let app: FastifyInstance | null = null
  try {
    const bootstrapPassword = await bootstrapAdmin(store, { dataDir: config.dataDir, adminPassword: config.adminPassword, log })
    // Starting until the exchange runtime runs (GET /api/ready answers 503 until then).
    const runtime: RuntimeState = { runtime: config.worker === false ? 'off' : 'starting' }
    // One context for the routes and the background services: what they announce goes on its one bus.
    const hub = hubContext({ store, config, log, metrics, runtime })
    app = await serveHub(hub)
    try {
      await app.listen({ host: config.host, port: config.port })
    } catch (err) {
      const reason = (err as NodeJS.ErrnoException).code ?? (err instanceof Error ? err.message : String(err))
      throw new Error(`cannot listen on ${config.host}:${config.port} (${reason})`, { cause: err })
    }
    const checkpointer = await starting
    const address = app.server.address()
    const port = typeof address === 'object' && address ? address.port : config.port
    const running = app
    // The exchange runtime delivers only on a listening hub (buildHub alone never starts it).
    const worker = config.worker === false ? null : createDeliveryWorker({ store, config, log, metrics, events: hub.events, outbox: hub.outbox })
    worker?.start()
    // Producers' schedules run where deliveries run (HUB_WORKER): a node that only receives fires nothing.
    const scheduler = config.worker === false ? null : createScheduler(hub)
    scheduler?.start()
    // mq producers listen wherever deliveries run: each node consumes the queue (the broker shares it out).
    const mqListeners = config.worker === false ? null : createMqListeners({ store, config, log }, acceptMqMessage(hub))
    mqListeners?.start()
    // The alarm rules that are conditions (lag, brokers, data sources, licence, nodes) are watched where deliveries run.
    if (config.worker !== false) {
      const watch = createAlarmWatch({ store, config, log }, { nodeId: `${hostname()}:${port}`, mqStates: () => mqListeners?.states() ?? new Map() })
      hub.jobs.register(alarmWatchJob(watch))
      // The retention pass runs where deliveries run, as when the delivery worker ran it itself.
      hub.jobs.register(retentionJob(store, runtimeSettings(config).purgeEveryMs))
    }
    hub.jobs.start()
    if (worker) runtime.runtime = 'running'
    let closing: Promise<void> | null = null
    return {
      url: `http://${urlHost(config.host)}:${port}`,
      port,
      store,
      bootstrapPassword,
      // The worker stops before the store closes: tries in flight are handed back, not lost.
      close: () =>
        (closing ??= (async () => {
          // A balancer stops sending before the connections close.
          if (worker) runtime.runtime = 'stopping'
          try {
            await running.close()
          } finally {
            // The hub's jobs (the alarm watch leaves the nodes list as it stops).
            await hub.jobs.stop()
            await mqListeners?.stop()
            await scheduler?.stop()
            await worker?.stop()
            await checkpointer?.stop()
            await store.close()
          }
        })()),
    }
  } catch (err) {
    await app?.close().catch(() => {})
    await (await starting.catch(() => null))?.stop().catch(() => {})
    await store.close().catch(() => {})
    throw err
  }
}
