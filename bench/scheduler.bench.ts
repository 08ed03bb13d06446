/**
 * Scheduler overhead (issue 14): 2,000 enabled producers on polling schedules (every minute, their
 * starts spread over the minute) whose source has nothing to read, in a temporary SQLite store.
 * Prints the process's CPU share while the scheduler runs against the same process idle for the
 * same time (the baseline, measured first in the same run), and the drift between each fire's
 * planned and actual start (claim landed) at p50, p99 and max. Figures only; nothing is asserted.
 *
 *   node --import tsx bench/scheduler.bench.ts     (BENCH_SECONDS=N: how long the scheduler runs, default 70)
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { producerInputSchema } from '../src/shared/contract/datahub/producer'
import { topicInputSchema } from '../src/shared/contract/datahub/topic'
import { hubContext } from '../src/hub/app'
import type { HubConfig } from '../src/hub/config'
import { producerColumns, topicColumns } from '../src/hub/datahub/rows'
import { datahubDb } from '../src/hub/datahub/tables'
import { FETCHERS } from '../src/hub/runtime/fetch'
import { createScheduler } from '../src/hub/runtime/schedule/scheduler'
import { runtimeDb } from '../src/hub/runtime/tables'
import { openStore } from '../src/hub/store'
import { isoNow, newId } from '../src/hub/store/ids'

const PRODUCERS = 2000
const SECONDS = Number(process.env.BENCH_SECONDS ?? 70)

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** CPU time (user + system) of this process over `ms` of wall time, as a share of one core. */
async function cpuShare(ms: number): Promise<number> {
  const before = process.cpuUsage()
  const start = performance.now()
  await sleep(ms)
  const used = process.cpuUsage(before)
  return (used.user + used.system) / 1000 / (performance.now() - start)
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'dh-bench-'))
  const store = await openStore({ dataDir })
  const config: HubConfig = { host: '127.0.0.1', port: 0, dataDir, databaseUrl: null, adminPassword: null, sessionHours: 1, sqliteBinding: null, timeZone: 'UTC' }
  // The source has nothing to read: each run ends at once with no batch.
  FETCHERS.http = async function* () {}

  const db = datahubDb(store.db)
  const audit = { version: 1, created_at: isoNow(), created_by: 'bench', updated_at: isoNow(), updated_by: 'bench' }
  const IDLE_SECONDS = Math.min(20, SECONDS)
  // The first fires come 10 s into the scheduler's window, the last ones a minute later.
  const first = new Date(Math.ceil((Date.now() + (IDLE_SECONDS + 10) * 1000) / 1000) * 1000)
  const topics = []
  const producers = []
  for (let i = 0; i < PRODUCERS; i++) {
    const id = newId()
    const code = `bench.sched.${String(i).padStart(4, '0')}`
    topics.push({ id, ...topicColumns({ ...topicInputSchema.parse({ code, name: `Bench topic ${i}` }), isDelete: '0' }), ...audit })
    // Starts spread over the minute, second by second, as an installation's would be.
    const start = new Date(first.getTime() + (i % 60) * 1000).toISOString().slice(0, 19)
    const producer = producerInputSchema.parse({ topicCode: code, appCode: 'crm', productionMode: 'http', requestStrategy: '2', pollingInterval: '1', intervalUnit: '1', pollingStartTime: start })
    producers.push({ id: newId(), topic_id: id, ...producerColumns({ ...producer, status: '1' }), ...audit })
  }
  for (let i = 0; i < PRODUCERS; i += 200) {
    await db.insertInto('topics').values(topics.slice(i, i + 200)).execute()
    await db.insertInto('producers').values(producers.slice(i, i + 200)).execute()
  }

  const idle = await cpuShare(IDLE_SECONDS * 1000)
  const scheduler = createScheduler(hubContext({ store, config, log: (line) => console.error(line) }))
  scheduler.start()
  const busy = await cpuShare(SECONDS * 1000)
  await scheduler.stop()
  const runs = await runtimeDb(store.db).selectFrom('dh_runs').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()
  const drifts = [...scheduler.drifts].sort((a, b) => a - b)

  console.log(`scheduler, ${PRODUCERS} polling producers (every minute), nothing to read, ${SECONDS} s on SQLite`)
  console.log(`  fires run            ${String(runs.n).padStart(8)}`)
  console.log(`  CPU share, idle      ${(idle * 100).toFixed(2).padStart(7)} %   (the same process, no scheduler)`)
  console.log(`  CPU share, scheduler ${(busy * 100).toFixed(2).padStart(7)} %   ${(busy / Math.max(idle, 1e-6)).toFixed(1)}× idle`)
  console.log(`  drift planned→start  p50 ${percentile(drifts, 50).toFixed(0).padStart(5)} ms   p99 ${percentile(drifts, 99).toFixed(0).padStart(5)} ms   max ${(drifts.at(-1) ?? NaN).toFixed(0).padStart(5)} ms`)
  await store.close()
  await rm(dataDir, { recursive: true, force: true })
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
