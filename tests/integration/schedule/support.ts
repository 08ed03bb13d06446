import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, vi } from 'vitest'
import { hubContext } from '../../../src/hub/app'
import { FETCHERS } from '../../../src/hub/runtime/fetch'
import { FetchError, type FetchContext, type FetchedBatch, type Fetcher } from '../../../src/hub/runtime/fetch/fetcher'
import { createDeliveryWorker, type DeliveryWorker } from '../../../src/hub/runtime/queue/worker'
import { runtimeDb, type RunRow } from '../../../src/hub/runtime/tables'
import { createScheduler, type Scheduler } from '../../../src/hub/runtime/schedule/scheduler'
import type { RuntimeSettings } from '../../../src/hub/runtime/settings'
import type { Store } from '../../../src/hub/store'
import { consumerStatus, type ConsumerInput } from '../../../src/shared/contract/datahub/consumer'
import * as producerApi from '../../../src/shared/contract/datahub/producer'
import type { Producer, ProducerInput } from '../../../src/shared/contract/datahub/producer'
import { messageList, type MessageSummary } from '../../../src/shared/contract/datahub/runtime'
import { producerRunNow, producerRuns, type Run } from '../../../src/shared/contract/datahub/schedule'
import { createSqliteLocation } from '../../support/stores'
import { allowEnglishForReaders } from '../../support/readerLanguage'
import { openBench, type Bench } from '../datahub/support'
import { startSink, type Sink } from '../runtime/support'
import { asKeyed, renderStored } from '../../../src/hub/text/keyedText'

export const MINUTE = 60_000
/** Polling every minute from a start well after now (UTC: the tests' hub time zone): nothing fires before a test moves the clock there. */
export const START = new Date(Math.ceil((Date.now() + 60 * MINUTE) / MINUTE) * MINUTE)
export const EVERY_MINUTE = { requestStrategy: '2', pollingInterval: '1', intervalUnit: '1', pollingStartTime: START.toISOString().slice(0, 16) }

/** A scheduler node on the bench's store (or another store of the same database: a second node). */
export const schedulerOn = (b: Bench, store: Store = b.hub.store, overrides: Partial<RuntimeSettings> = {}): Scheduler =>
  createScheduler(hubContext({ store, config: b.hub.config, log: (line) => b.hub.logs.push(line) }), { runLeaseMs: MINUTE, retryUnitMs: 1, purgeEveryMs: 24 * 60 * MINUTE, ...overrides })

/**
 * What a scheduled end-to-end suite runs beside its bench: a loopback HTTP receiver (`peer`), a
 * started scheduler node, and a started delivery worker (polling every 50 ms, its log in the
 * hub's). `stop` ends the three.
 */
export interface ScheduledRuntime {
  peer: Sink
  node: Scheduler
  worker: DeliveryWorker
  stop(): Promise<void>
}

export async function startScheduledRuntime(b: Bench): Promise<ScheduledRuntime> {
  const peer = await startSink()
  const node = schedulerOn(b)
  node.start()
  const worker = createDeliveryWorker({ store: b.hub.store, events: b.hub.events, outbox: b.hub.outbox, config: b.hub.config, log: (line) => b.hub.logs.push(line) }, { pollMs: 50 })
  worker.start()
  return {
    peer,
    node,
    worker,
    stop: async () => {
      await node.stop()
      await worker.stop()
      await peer.close()
    },
  }
}

/**
 * An excel producer's surroundings for one file: a SQLite hub in the time zone given, the
 * scheduler, the delivery worker and a loopback peer, and its excel inbox emptied at the end.
 * Read the fields inside tests (they are set in beforeAll).
 */
export function excelRuntimeFor(timeZone: string): { b: Bench; peer: Sink; node: Scheduler } {
  const held = {} as { b: Bench; peer: Sink; node: Scheduler }
  let runtime: ScheduledRuntime | undefined
  beforeAll(async () => {
    held.b = await openBench({ name: 'sqlite', missing: null, create: createSqliteLocation }, { timeZone })
    runtime = await startScheduledRuntime(held.b)
    held.peer = runtime.peer
    held.node = runtime.node
  })
  afterAll(async () => {
    await runtime?.stop()
    if (held.b) await rm(join(held.b.hub.config.dataDir, 'excel-inbox'), { recursive: true, force: true })
    await held.b?.close()
  })
  return held
}

/** Moves the (Date-only) fake clock to `at` and lets every node take one pass, then their runs end. */
export async function passAt(at: number, ...nodes: Scheduler[]): Promise<void> {
  vi.setSystemTime(at)
  await Promise.all(nodes.map((n) => n.tick()))
  await Promise.all(nodes.map((n) => n.idle()))
}

/**
 * The test fetcher (a stand-in for the mode fetchers, which other work brings): registered for
 * the http mode while a suite runs. Each run calls `script`, which yields the batches the test
 * wants; every call is recorded with the run it served.
 */
export interface TestFetcher {
  calls: FetchContext[]
  script: (context: FetchContext) => AsyncIterable<FetchedBatch>
  install(): void
  uninstall(): void
}

export function testFetcher(): TestFetcher {
  // The real http fetcher, put back on uninstall: files that share a module graph (vitest's node
  // project) run after this one and call FETCHERS.http as the hub does.
  let real: Fetcher | undefined
  const fetcher: TestFetcher = {
    calls: [],
    script: async function* () {
      yield { messages: [], rowsRead: 0 }
    },
    install() {
      real ??= FETCHERS.http
      FETCHERS.http = ((context) => {
        fetcher.calls.push(context)
        return fetcher.script(context)
      }) satisfies Fetcher
    },
    uninstall() {
      if (real) FETCHERS.http = real
      else delete FETCHERS.http
    },
  }
  return fetcher
}

/** A batch of JSON messages read from `rows` source rows. */
export const batchOf = (messages: unknown[], rowsRead = messages.length, checkpoint?: FetchedBatch['checkpoint']): FetchedBatch => ({ messages, rowsRead, ...(checkpoint ? { checkpoint } : {}) })

/**
 * A fetcher that fails with `reason` as a source's own words (the same text in every language):
 * the test's English stands in for what a peer said, so a zh-CN reader gets it on purpose here.
 */
export const failing = (reason: string) => {
  allowEnglishForReaders(new RegExp(`^${reason.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`), "a test source's own failure text")
  return async function* (): AsyncIterable<FetchedBatch> {
    yield* []
    throw new FetchError(asKeyed(reason))
  }
}

/** Resolves when `open()` is called or the run's signal aborts: a source that takes its time. */
export function gate(): { wait(signal: AbortSignal): Promise<void>; open(): void } {
  let release!: () => void
  const opened = new Promise<void>((r) => (release = r))
  return {
    wait: (signal) =>
      new Promise<void>((resolve) => {
        if (signal.aborted) return resolve()
        signal.addEventListener('abort', () => resolve(), { once: true })
        void opened.then(resolve)
      }),
    open: () => release(),
  }
}

/** A json topic with an enabled producer polling every minute from START, and running consumers. */
export async function scheduledFlow(b: Bench, producer: Partial<ProducerInput>, consumers: Partial<ConsumerInput>[], topic: { code?: string } = {}): Promise<Producer> {
  const t = await b.topic({ dataFormat: 'json', ...topic })
  const p = await b.producer(t.code, { ...EVERY_MINUTE, ...producer })
  for (const c of consumers) {
    const saved = await b.consumer(t.code, c)
    await b.ok(consumerStatus, { id: saved.id })
  }
  return b.ok<Producer>(producerApi.producerDisableOrEnable, { id: p.id })
}

/** Runs the producer now on `node` and waits for the run to end. */
export async function fire(b: Bench, node: Scheduler, producerId: string): Promise<Run> {
  const run = await b.ok<Run>(producerRunNow, { id: producerId })
  await node.idle()
  return run
}

/** Whether every delivery of the producer's messages ended. */
export const allDelivered = async (store: Store, producerId: string): Promise<boolean> => {
  const open = await runtimeDb(store.db)
    .selectFrom('dh_deliveries')
    .innerJoin('dh_messages', 'dh_messages.id', 'dh_deliveries.message_id')
    .select('dh_deliveries.status')
    .where('dh_messages.producer_id', '=', producerId)
    .where('dh_deliveries.status', '!=', 'delivered')
    .execute()
  return open.length === 0
}

/**
 * Fires the schedule's first fire (START) on `node`, a started scheduler: the Date-only clock is
 * moved there for one pass, then put back (the delivery worker and the source keep real time),
 * and the test waits for the fire's run to end, whichever pass of the node claimed it.
 */
export async function scheduleFire(b: Bench, node: Scheduler, producerId: string): Promise<RunRow> {
  vi.useFakeTimers({ toFake: ['Date'] })
  try {
    vi.setSystemTime(START.getTime() + 3)
    await node.tick()
  } finally {
    vi.useRealTimers()
  }
  const runs = await until(
    () => runsOf(b.hub.store, producerId),
    (rows) => rows.some((r) => r.trigger === 'schedule' && !['running', 'retrying'].includes(r.state)),
  )
  return runs.find((r) => r.trigger === 'schedule')!
}

/** The producer's run history as the console shows it (newest fire first), to a reader of `locale`. */
export async function runHistory(b: Bench, producerId: string, locale = 'zh-CN'): Promise<Run[]> {
  const answer = await b.send<{ content: Run[] }>(producerRuns, { id: producerId, pageSize: 100 }, { locale })
  expect(answer.body.code, answer.body.message).toBe('2000')
  return answer.body.data!.content
}

/** The ids of a run's messages, from the message log's run filter. */
export const messagesOfRun = async (b: Bench, runId: string): Promise<string[]> =>
  (await b.ok<{ content: MessageSummary[] }>(messageList, { runId, pageSize: 100 })).content.map((m) => m.id)

/** The producer's run rows, their error as an English reader gets it (stored as a key, src/hub/text/keyedText.ts). */
export const runsOf = async (store: Store, producerId: string): Promise<RunRow[]> =>
  (await runtimeDb(store.db).selectFrom('dh_runs').selectAll().where('producer_id', '=', producerId).orderBy('planned_at').execute()).map((r) => ({ ...r, error: renderStored('en', r.error) }))

/** Waits for a condition on the store (no fixed sleeps). */
export async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (ok(value) || Date.now() > end) return value
    await new Promise((r) => setTimeout(r, 20))
  }
}
