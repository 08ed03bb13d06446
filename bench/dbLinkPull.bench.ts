/**
 * dblink incremental pull (scheduled producers, issue 14): rows per second of a PostgreSQL table
 * pulled by the dblink fetcher in batches of 1,000 rows (one JSON-array message each, as with
 * batchGetData on) and written into a PostgreSQL table by the dblink consumer's multi-row
 * writer — beside a `psql \copy … to stdout | psql \copy … from stdin` pipe of the same rows,
 * measured in the same run. Prints both rates, their ratio, and the bench process's RSS before
 * the pull and at its peak (memory should stay flat: one page at a time).
 *
 * What it measures is the fetcher and the consumer's writer called directly: the messages do not
 * go through the hub's store and queue (the scheduler that commits fetched batches comes with
 * its own change; the exchange bench measures that path for pushed messages).
 *
 *   node --expose-gc --import tsx bench/dbLinkPull.bench.ts   (without --expose-gc: no heap line)
 *     BENCH_DBLINK_ROWS=N (default 1,000,000), DH_BENCH_PG_URL (server; the `test` database is used)
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import pg from 'pg'
import { hubAccess } from '../src/hub/access'
import { buildHub } from '../src/hub/app'
import { bootstrapAdmin } from '../src/hub/auth/bootstrap'
import { relationalTarget } from '../src/hub/runtime/deliver/dbLink'
import { targetRows } from '../src/hub/runtime/deliver/dbLinkRows'
import { fetchDbLink } from '../src/hub/runtime/fetch/dbLink'
import { openStore } from '../src/hub/store'
import { datasourceCreate } from '../src/shared/contract/datahub/dataSources'
import * as producer from '../src/shared/contract/datahub/producer'
import * as topic from '../src/shared/contract/datahub/topic'
import { login } from '../src/shared/contract/platform/session'
import { routePattern, type Endpoint } from '../src/shared/endpoint'

const ROWS = Number(process.env.BENCH_DBLINK_ROWS ?? 1_000_000)
const BATCH = 1000
const server = new URL(process.env.DH_BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres')
const db = new URL(server)
db.pathname = '/test'
const PASSWORD = 'Bench#Pass1'
const suffix = randomBytes(4).toString('hex')
const SRC = `dh_bench_pull_src_${suffix}`
const COPY = `dh_bench_pull_copy_${suffix}`
const PULL = `dh_bench_pull_dst_${suffix}`
const COLUMNS = ['id', 'name', 'amount', 'updated_at']

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

    // psql's own copy, as a pipe between two sessions: the floor a row-moving tool can reach.
    const url = db.toString()
    const copyStarted = performance.now()
    await sh(`psql -X -q -d '${url}' -c "\\copy (select ${COLUMNS.join(', ')} from ${SRC} order by updated_at, id) to stdout" | psql -X -q -d '${url}' -c "\\copy ${COPY} from stdin"`)
    const copyMs = performance.now() - copyStarted

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
    const hub = { store, config, startedAt: Date.now(), log: () => {}, access: hubAccess }
    const target = await relationalTarget(hub, 'bench-pg')
    const mappings = COLUMNS.map((c) => ({ sourceFieldName: c, targetFieldName: c }))

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
    const pullStarted = performance.now()
    const { result: pulled, peak } = await peakRss(async () => {
      let rows = 0
      for await (const batch of fetchDbLink(context())) {
        // As the consumer gets it: the message's text, mapped to rows, one multi-row INSERT.
        for (const message of batch.messages) await target.write(target.spec, { table: PULL, rows: targetRows(JSON.stringify(message), mappings), compare: [] })
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
    await app.close()
    await store.close()

    const count = async (table: string) => Number((await client.query(`select count(*) as n from ${table}`)).rows[0].n)
    const same = Number((await client.query(`select count(*) as n from ${SRC} s join ${PULL} d using (id) where s.updated_at = d.updated_at and s.name = d.name`)).rows[0].n)
    console.log(`rows: source ${ROWS}, psql copy ${await count(COPY)}, pulled ${pulled} (table ${await count(PULL)}, identical ${same})`)
    console.log(`psql \\copy pipe:                ${rate(ROWS, copyMs).toLocaleString('en')} rows/s (${(copyMs / 1000).toFixed(1)} s)`)
    console.log(`dblink fetcher + consumer write: ${rate(pulled, pullMs).toLocaleString('en')} rows/s (${(pullMs / 1000).toFixed(1)} s), batches of ${BATCH}`)
    console.log(`ratio (dblink / psql copy):      ${(copyMs / pullMs).toFixed(2)}`)
    console.log(`dblink fetcher alone:            ${rate(read, readMs).toLocaleString('en')} rows/s (${(readMs / 1000).toFixed(1)} s)`)
    console.log(`bench process RSS: ${mb(before)} before the pull, ${mb(peak)} at its peak; at each tenth: ${tenths.map(mb).join(', ')}`)
    if (heaps.length > 0) console.log(`heap in use after a collection, at each tenth: ${heaps.map(mb).join(', ')}`)
    console.log('(fetcher and consumer writer called directly: not through the hub store and queue)')
  } finally {
    for (const table of [SRC, COPY, PULL]) await client.query(`drop table if exists ${table}`).catch(() => {})
    await client.end()
    await rm(dataDir, { recursive: true, force: true })
  }
}

main().catch((err: unknown) => {
  console.error(err)
  process.exitCode = 1
})
