/**
 * dblink incremental pull (scheduled producers, issue 14): rows per second of a PostgreSQL table
 * pulled in batches of 1,000 rows (one JSON-array message each, as with batchGetData on) into a
 * PostgreSQL table — beside a `psql \copy … to stdout | psql \copy … from stdin` pipe of the
 * same rows, measured in the same run. Two ways:
 *
 * - the fetcher and the dblink consumer's multi-row writer called directly in this process (how
 *   much is reading, how much writing), with this process's RSS before and at its peak;
 * - the whole hub path: a hub started as `npm run hub` (its own process, SQLite store, default
 *   tuning) with the dblink producer and a dblink consumer on the target table; "run now", and
 *   the clock stops when the hub has recorded every delivery delivered (asked of its store every
 *   50 ms; the table's row count is then checked). The run is read by the scheduler,
 *   each batch stored with its deliveries, and delivered by the worker through its connection
 *   pool. Prints rows/s, the time against the pipe's (the goal: within 4×), and the hub's peak
 *   RSS before the run, at each tenth of the rows and at its peak (the kernel's high-water mark, VmHWM).
 *
 *   node --expose-gc --import tsx bench/dbLinkPull.bench.ts   (without --expose-gc: no heap line)
 *     BENCH_DBLINK_ROWS=N (default 1,000,000), BENCH_REPEAT=N (hub path and pipe timed N times
 *     alternately, default 3: this machine's speed wanders between runs; medians are compared),
 *     DH_BENCH_PG_URL (server; the `test` database is used)
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import Database from 'better-sqlite3'
import pg from 'pg'
import { hubAccess } from '../src/hub/access'
import { hubAudit } from '../src/hub/logs/auditTrail'
import { buildHub } from '../src/hub/app'
import { bootstrapAdmin } from '../src/hub/auth/bootstrap'
import { relationalTarget } from '../src/hub/runtime/deliver/dbLink'
import { DbLinkPools } from '../src/hub/runtime/deliver/dbLinkPools'
import { targetRows } from '../src/hub/runtime/deliver/dbLinkRows'
import { fetchDbLink } from '../src/hub/runtime/fetch/dbLink'
import { openStore } from '../src/hub/store'
import { datasourceCreate } from '../src/shared/contract/datahub/dataSources'
import * as producer from '../src/shared/contract/datahub/producer'
import * as topic from '../src/shared/contract/datahub/topic'
import { login } from '../src/shared/contract/platform/session'
import { routePattern, type Endpoint } from '../src/shared/endpoint'
import * as consumer from '../src/shared/contract/datahub/consumer'
import { producerRunNow } from '../src/shared/contract/datahub/schedule'
import { adminOf, PASSWORD as HUB_PASSWORD } from '../tests/support/crashScenario'
import { listeningUrl, runHubCli } from '../tests/support/hubCli'

const ROWS = Number(process.env.BENCH_DBLINK_ROWS ?? 1_000_000)
/** The hub path and the psql pipe are each timed this many times, alternately; their medians are compared. */
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3)
const BATCH = 1000
const server = new URL(process.env.DH_BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres')
const db = new URL(server)
db.pathname = '/test'
const PASSWORD = 'Bench#Pass1'
const suffix = randomBytes(4).toString('hex')
const SRC = `dh_bench_pull_src_${suffix}`
const COPY = `dh_bench_pull_copy_${suffix}`
const PULL = `dh_bench_pull_dst_${suffix}`
const HUB = `dh_bench_pull_hub_${suffix}`
const COLUMNS = ['id', 'name', 'amount', 'updated_at']

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`
const rate = (rows: number, ms: number) => Math.round(rows / (ms / 1000))

/** The process's RSS sampled while `work` runs: the highest seen. */
async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = process.memoryUsage.rss()
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 50)
  try {
    const result = await work()
    return { result, peak: Math.max(peak, process.memoryUsage.rss()) }
  } finally {
    clearInterval(timer)
  }
}

/** CPU seconds a process has used so far (user + system, /proc/<pid>/stat): steadier than wall time on a busy machine. */
async function cpuOf(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).replace(/^.*\) /s, '').split(' ')
  // After the command name: state is field 3, utime 14 and stime 15 (1-based), in clock ticks (100 Hz on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100
}

/** A process's RSS now and its peak so far (VmRSS, VmHWM of /proc/<pid>/status), in bytes. */
async function rssOf(pid: number): Promise<{ now: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024
  return { now: kb('VmRSS'), peak: kb('VmHWM') }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * The whole hub path: a hub process with the dblink producer (SRC) and a dblink consumer writing
 * into HUB; from "run now" until the hub has recorded every delivery delivered (and HUB holds every row). Answers the time, the hub's RSS at each
 * tenth of the rows and its peak.
 */
async function hubPath(client: pg.Client, url: URL): Promise<{ ms: number; runMs: number; before: number; tenths: number[]; peak: number; rows: number; cpuSeconds: number }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'dh-bench-dblink-hub-'))
  const hub = runHubCli(['--data-dir', dataDir, '--port', '0'], { HUB_ADMIN_PASSWORD: HUB_PASSWORD, HUB_TIMEZONE: 'UTC' })
  try {
    const ok = await adminOf(await listeningUrl(hub))
    const pid = hub.child.pid!
    const pgSource = { sourceType: '1', dbType: 'postgresql', host: url.hostname, port: url.port || '5432', username: decodeURIComponent(url.username), databaseName: 'test', timeout: 60 }
    await ok(datasourceCreate, { name: 'bench-src', applicationCode: 'crm', ...pgSource })
    await ok(datasourceCreate, { name: 'bench-dst', applicationCode: 'erp', ...pgSource })
    const t = await ok<topic.TopicDetail>(topic.topicCreate, { code: 'bench.dblink.hub', name: 'Bench dblink hub', dataFormat: 'json' })
    // Polling from a day ahead: nothing fires but "run now".
    const start = new Date(Date.now() + 24 * 3600_000).toISOString().slice(0, 16)
    const p = await ok<producer.Producer>(producer.producerCreate, {
      topicCode: t.code,
      appCode: 'crm',
      productionMode: 'dblink',
      requestStrategy: '2',
      pollingInterval: '1',
      intervalUnit: '3',
      pollingStartTime: start,
      dbLinkRequestInfoModel: {
        dataSourceName: 'bench-src', dataGetMethod: '1', queryType: 'pageList', tableName: SRC, querySql: `select * from ${SRC}`, dataSynch: 'up', timestarpField: 'updated_at',
        taskStartTime: '2024-01-01 00:00:00', batchGetData: '1', everyBatchCount: String(BATCH), failRetry: '0', dataStoreType: '0',
      },
    })
    await ok(producer.producerDisableOrEnable, { id: p.id })
    const c = await ok<{ id: string }>(consumer.consumerCreate, {
      topicCode: t.code,
      applicationCode: 'erp',
      dataConsumeType: 'dblink',
      datasourceName: 'bench-dst',
      dbLinkRequestInfoModel: { targetTableName: HUB, fieldMappings: JSON.stringify(COLUMNS.map((c) => ({ sourceFieldName: c, targetFieldName: c }))), isUpdateRecord: '0', compareField: '' },
    })
    await ok(consumer.consumerStatus, { id: c.id })

    const tenths: number[] = []
    await client.query(`truncate ${HUB}`)
    await client.query('checkpoint')
    const cpuBefore = await cpuOf(pid)
    // The hub started and configured, idle: what the pull's tenths are compared with.
    const before = (await rssOf(pid)).now
    const started = performance.now()
    await ok(producerRunNow, { id: p.id })
    let rows = 0
    let runMs = NaN
    /** The run's own time (its start to its end, as the hub recorded them) once it ended. */
    const runDone = () => {
      const db = new Database(join(dataDir, 'hub.sqlite'), { readonly: true })
      try {
        const r = db.prepare('select state, started_at, finished_at from dh_runs where producer_id = ?').get(p.id) as { state: string; started_at: string; finished_at: string | null } | undefined
        if (r?.state === 'failed') throw new Error(`the run failed:\n${hub.output().slice(-2000)}`)
        return r?.finished_at ? Date.parse(r.finished_at) - Date.parse(r.started_at) : NaN
      } finally {
        db.close()
      }
    }
    /**
     * How far the consumer is, asked of the hub's own store (a read-only handle on its SQLite
     * file): its deliveries, and how many are delivered — a delivery is recorded delivered once
     * its rows are committed in the target. Cheap, unlike counting the target table, whose scan
     * of up to a million rows every poll took PostgreSQL's CPU from the path being measured.
     */
    const progress = () => {
      const db = new Database(join(dataDir, 'hub.sqlite'), { readonly: true })
      try {
        const r = db.prepare(`select count(*) as total, count(*) filter (where status = 'delivered') as delivered, count(*) filter (where status = 'dead') as dead from dh_deliveries where consumer_id = ?`).get(c.id) as { total: number; delivered: number; dead: number }
        if (r.dead > 0) throw new Error(`a delivery went dead:\n${hub.output().slice(-2000)}`)
        return r
      } finally {
        db.close()
      }
    }
    const batches = Math.ceil(ROWS / BATCH)
    let doneAt = NaN
    while (rows < ROWS) {
      await sleep(50)
      if (Number.isNaN(runMs)) runMs = runDone()
      const { total, delivered } = progress()
      while (delivered >= ((tenths.length + 1) * batches) / 10) tenths.push((await rssOf(pid)).now)
      // Every message of the finished run delivered: the table is checked once (and again later if short).
      if (!Number.isNaN(runMs) && total > 0 && delivered === total) {
        doneAt = performance.now()
        rows = Number((await client.query(`select count(*) as n from ${HUB}`)).rows[0].n)
      }
      if (performance.now() - started > 30 * 60_000) throw new Error(`gave up after 30 minutes at ${delivered} of ${total} deliveries:\n${hub.output().slice(-2000)}`)
    }
    const ms = doneAt - started
    return { ms, runMs, before, tenths, peak: (await rssOf(pid)).peak, rows, cpuSeconds: (await cpuOf(pid)) - cpuBefore }
  } finally {
    hub.child.kill('SIGTERM')
    await hub.exited
    await rm(dataDir, { recursive: true, force: true })
  }
}

function sh(command: string): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn('bash', ['-o', 'pipefail', '-c', command], { stdio: ['ignore', 'ignore', 'inherit'] })
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`${command} exited ${code}`))))
  })
}

async function main() {
  const client = new pg.Client({ connectionString: db.toString() })
  await client.connect()
  const dataDir = await mkdtemp(join(tmpdir(), 'dh-bench-dblink-'))
  try {
    console.log(`preparing ${ROWS.toLocaleString('en')} rows in ${SRC} (three rows share each timestamp)…`)
    const create = (t: string) => `create table ${t} (id bigint primary key, name text, amount integer, updated_at timestamp(6))`
    await client.query(create(SRC))
    await client.query(`insert into ${SRC} select g, 'name ' || g, g % 1000, timestamp '2024-01-01' + (g / 3) * interval '1 millisecond' from generate_series(1, ${ROWS}) g`)
    await client.query(`create index on ${SRC} (updated_at, id)`)
    await client.query(`analyze ${SRC}`)
    await client.query(create(COPY))
    await client.query(create(PULL))
    await client.query(create(HUB))

    // psql's own copy, as a pipe between two sessions: the floor a row-moving tool can reach.
    const url = db.toString()
    const pipe = async (): Promise<number> => {
      await client.query(`truncate ${COPY}`)
      // Each timed part starts after a checkpoint, so none pays for writing out another's pages.
      await client.query('checkpoint')
      const copyStarted = performance.now()
      await sh(`psql -X -q -d '${url}' -c "\\copy (select ${COLUMNS.join(', ')} from ${SRC} order by updated_at, id) to stdout" | psql -X -q -d '${url}' -c "\\copy ${COPY} from stdin"`)
      return performance.now() - copyStarted
    }
    const copies = [await pipe()]

    // The hub: its store holds the data sources; the producer is made through its endpoints.
    const store = await openStore({ dataDir, databaseUrl: null })
    await bootstrapAdmin(store, { dataDir, adminPassword: PASSWORD, log: () => {} })
    const config = { host: '127.0.0.1', port: 0, dataDir, databaseUrl: null, adminPassword: PASSWORD, sessionHours: 1, sqliteBinding: null }
    const app = await buildHub({ store, config, log: () => {} })
    const token = (await app.inject({ method: 'POST', url: routePattern(login), payload: { username: 'admin', password: PASSWORD } })).json<{ data: { token: string } }>().data.token
    const admin = async <T>(e: Endpoint, payload: unknown): Promise<T> => {
      const answer = (await app.inject({ method: 'POST', url: routePattern(e), payload: payload as object, headers: { authorization: `Bearer ${token}` } })).json<{ code: string; message: string; data: T }>()
      if (answer.code !== '2000') throw new Error(`${e.id}: ${answer.message}`)
      return answer.data
    }
    await admin(datasourceCreate, { name: 'bench-pg', sourceType: '1', applicationCode: 'erp', dbType: 'postgresql', host: server.hostname, port: server.port || '5432', username: decodeURIComponent(server.username), databaseName: 'test', timeout: 60 })
    const t = await admin<topic.TopicDetail>(topic.topicCreate, { code: 'bench.dblink', name: 'Bench dblink', dataFormat: 'json' })
    const p = await admin<producer.Producer>(producer.producerCreate, {
      topicCode: t.code,
      appCode: 'crm',
      productionMode: 'dblink',
      dbLinkRequestInfoModel: {
        dataSourceName: 'bench-pg', dataGetMethod: '1', queryType: 'pageList', tableName: SRC, querySql: `select * from ${SRC}`, dataSynch: 'up', timestarpField: 'updated_at',
        taskStartTime: '2024-01-01 00:00:00', batchGetData: '1', everyBatchCount: String(BATCH), failRetry: '0', dataStoreType: '0',
      },
    })
    const hub = { store, config, startedAt: Date.now(), log: () => {}, access: hubAccess, audit: hubAudit }
    const target = await relationalTarget(hub, 'bench-pg')
    const mappings = COLUMNS.map((c) => ({ sourceFieldName: c, targetFieldName: c }))
    // The consumer's connections, kept between messages as the delivery worker keeps them.
    const pools = new DbLinkPools(1)

    const context = () => ({ hub, producer: p, topic: t, run: { id: 'bench', plannedAt: new Date().toISOString(), attempt: 0 }, checkpoint: null, signal: new AbortController().signal })

    // The fetcher alone: how much of the time is reading.
    const readStarted = performance.now()
    let read = 0
    for await (const batch of fetchDbLink(context())) read += batch.rowsRead
    const readMs = performance.now() - readStarted

    global.gc?.()
    const before = process.memoryUsage.rss()
    /** RSS at each tenth of the pull: flat when one page at a time is held. */
    const tenths: number[] = []
    /** The JavaScript heap in use after a full collection at each tenth (with --expose-gc). */
    const heaps: number[] = []
    await client.query('checkpoint')
    const pullStarted = performance.now()
    const { result: pulled, peak } = await peakRss(async () => {
      let rows = 0
      for await (const batch of fetchDbLink(context())) {
        // As the consumer gets it: the message's text, mapped to rows, one multi-row INSERT on a pooled connection.
        for (const message of batch.messages) await pools.write(target.source, target.spec, { table: PULL, rows: targetRows(JSON.stringify(message), mappings), compare: [] }, target.write)
        rows += batch.rowsRead
        if (rows >= ((tenths.length + 1) * ROWS) / 10) {
          tenths.push(process.memoryUsage.rss())
          global.gc?.()
          heaps.push(process.memoryUsage().heapUsed)
        }
      }
      return rows
    })
    const pullMs = performance.now() - pullStarted
    await pools.close()
    await app.close()
    await store.close()

    console.log(`the hub path: a hub process, "run now", until the hub has delivered every batch (the table is then counted); ${REPEAT} times, a psql pipe between…`)
    const wholes = []
    for (let r = 0; r < REPEAT; r++) {
      if (r > 0) copies.push(await pipe())
      wholes.push(await hubPath(client, server))
    }
    const copyMs = median(copies)
    const whole = [...wholes].sort((a, b) => a.ms - b.ms)[Math.floor(wholes.length / 2)]!

    const count = async (table: string) => Number((await client.query(`select count(*) as n from ${table}`)).rows[0].n)
    const same = Number((await client.query(`select count(*) as n from ${SRC} s join ${PULL} d using (id) where s.updated_at = d.updated_at and s.name = d.name`)).rows[0].n)
    console.log(`rows: source ${ROWS}, psql copy ${await count(COPY)}, pulled ${pulled} (table ${await count(PULL)}, identical ${same})`)
    console.log(`psql \\copy pipe:                ${rate(ROWS, copyMs).toLocaleString('en')} rows/s (${(copyMs / 1000).toFixed(1)} s, the median of ${copies.map(seconds).join(', ')})`)
    console.log(`dblink fetcher + consumer write: ${rate(pulled, pullMs).toLocaleString('en')} rows/s (${(pullMs / 1000).toFixed(1)} s), batches of ${BATCH}`)
    console.log(`ratio (dblink / psql copy):      ${(copyMs / pullMs).toFixed(2)}`)
    console.log(`dblink fetcher alone:            ${rate(read, readMs).toLocaleString('en')} rows/s (${(readMs / 1000).toFixed(1)} s)`)
    console.log(`bench process RSS: ${mb(before)} before the pull, ${mb(peak)} at its peak; at each tenth: ${tenths.map(mb).join(', ')}`)
    if (heaps.length > 0) console.log(`heap in use after a collection, at each tenth: ${heaps.map(mb).join(', ')}`)
    console.log('(fetcher and consumer writer called directly: not through the hub store and queue)')
    const sameHub = Number((await client.query(`select count(*) as n from ${SRC} s join ${HUB} d using (id) where s.updated_at = d.updated_at and s.name = d.name`)).rows[0].n)
    console.log(`hub path, run now → consumer table complete: ${rate(ROWS, whole.ms).toLocaleString('en')} rows/s (${(whole.ms / 1000).toFixed(1)} s, the median of ${wholes.map((w) => seconds(w.ms)).join(', ')}; table ${await count(HUB)}, identical ${sameHub})`)
    console.log(`  the run itself (read and stored):   ${rate(ROWS, whole.runMs).toLocaleString('en')} rows/s (${(whole.runMs / 1000).toFixed(1)} s)`)
    console.log(`  time against the psql pipe:         ${(whole.ms / copyMs).toFixed(2)}× (goal: within 4×; medians; each run against the pipe before it: ${wholes.map((w, i) => `${(w.ms / copies[i]!).toFixed(2)}×`).join(', ')})`)
    console.log(`  hub process CPU:                    ${whole.cpuSeconds.toFixed(1)} s (${((whole.cpuSeconds * 1e6) / ROWS).toFixed(1)} µs a row)`)
    console.log(`  hub process RSS: ${mb(whole.before)} before the run, peak ${mb(whole.peak)} (VmHWM); at each tenth: ${whole.tenths.map(mb).join(', ')}`)
  } finally {
    for (const table of [SRC, COPY, PULL, HUB]) await client.query(`drop table if exists ${table}`).catch(() => {})
    await client.end()
    await rm(dataDir, { recursive: true, force: true })
  }
}

main().catch((err: unknown) => {
  console.error(err)
  process.exitCode = 1
})
