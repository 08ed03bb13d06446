import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import * as consumer from '../../../src/shared/contract/datahub/consumer'
import { datasourceCreate } from '../../../src/shared/contract/datahub/dataSources'
import * as producer from '../../../src/shared/contract/datahub/producer'
import { producerRunNow, type Run } from '../../../src/shared/contract/datahub/schedule'
import * as topic from '../../../src/shared/contract/datahub/topic'
import { adminOf, PASSWORD } from '../../support/crashScenario'
import { killHubClis, listeningUrl, runHubCli, type HubCli } from '../../support/hubCli'
import { PG_TEST } from '../../support/sqlSources'
import { EVERY_MINUTE } from './support'

/**
 * kill -9 during a scheduled run: a hub started as `npm run hub` (its own process, SQLite store)
 * runs a dblink producer over 100,000 PostgreSQL rows into a PostgreSQL table (a dblink consumer
 * updating by id, so a delivery the dead hub had written but not recorded lands on its own rows
 * again). Part-way it is killed outright and started again on the same data directory: once the
 * run's lease ends, the restarted hub takes the run over and reads on from the last committed
 * batch. Every row reaches the hub's store once and the consumer's table once.
 */
const ROWS = 100_000
const BATCH = 1000
/** A short run lease and delivery lease, so the restart takes over within seconds (the defaults suit production). */
const RUNTIME = { pollMs: 50, scheduleCheckMs: 200, runLeaseMs: 2_000, deliveryTimeoutMs: 8_000, leaseMs: 10_000 }

const suffix = randomBytes(4).toString('hex')
const SRC = `dh_crash_src_${suffix}`
const DST = `dh_crash_dst_${suffix}`
const client = new pg.Client(PG_TEST)
let dataDir = ''

beforeAll(async () => {
  await client.connect()
  await client.query(`create table ${SRC} (id bigint primary key, name text, amount integer, updated_at timestamp(3))`)
  // Three rows share each timestamp: batches end inside groups of one timestamp.
  await client.query(`insert into ${SRC} select g, 'name ' || g, g % 1000, timestamp '2024-01-01' + (g / 3) * interval '1 millisecond' from generate_series(1, ${ROWS}) g`)
  await client.query(`create table ${DST} (id bigint primary key, name text, amount integer, updated_at timestamp(3))`)
  dataDir = await mkdtemp(join(tmpdir(), 'dh-crash-run-'))
})
afterAll(async () => {
  for (const t of [SRC, DST]) await client.query(`drop table if exists ${t}`).catch(() => {})
  await client.end()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})
afterEach(() => killHubClis())

/** Reads the hub's SQLite store beside the running hub (WAL: a reader does not stop its writes). */
function readStore<T>(read: (db: Database.Database) => T): T {
  const db = new Database(join(dataDir, 'hub.sqlite'), { readonly: true })
  try {
    return read(db)
  } finally {
    db.close()
  }
}

interface RunRow {
  id: string
  state: string
  node: string
  rows_read: number
  messages_accepted: number
}
const runsOf = (producerId: string) => readStore((db) => db.prepare('select id, state, node, rows_read, messages_accepted from dh_runs where producer_id = ?').all(producerId) as RunRow[])

async function until<T>(what: string, read: () => T | Promise<T>, ok: (value: T) => boolean, hub: HubCli, timeoutMs = 90_000): Promise<T> {
  const end = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (ok(value)) return value
    if (Date.now() > end) throw new Error(`${what}: still ${JSON.stringify(value)}\n${hub.output().slice(-3000)}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

it(`kill -9 during a dblink run of ${ROWS.toLocaleString('en')} rows: the restarted hub takes the run over after its lease, and every row reaches the consumer's table once`, async () => {
  const env = { HUB_ADMIN_PASSWORD: PASSWORD, HUB_RUNTIME: JSON.stringify(RUNTIME), HUB_TIMEZONE: 'UTC' }
  const args = ['--data-dir', dataDir, '--port', '0']
  const first = runHubCli(args, env)
  const ok = await adminOf(await listeningUrl(first))

  const pgSource = { sourceType: '1', dbType: 'postgresql', host: PG_TEST.host, port: String(PG_TEST.port), username: PG_TEST.user, databaseName: PG_TEST.database }
  await ok(datasourceCreate, { name: 'crash-src', applicationCode: 'crm', ...pgSource })
  await ok(datasourceCreate, { name: 'crash-dst', applicationCode: 'erp', ...pgSource })
  const t = await ok<{ code: string }>(topic.topicCreate, { code: 'crash.dblink', name: 'Crash dblink', dataFormat: 'json' })
  const p = await ok<{ id: string }>(producer.producerCreate, {
    topicCode: t.code,
    appCode: 'crm',
    productionMode: 'dblink',
    ...EVERY_MINUTE,
    dbLinkRequestInfoModel: {
      dataSourceName: 'crash-src', dataGetMethod: '1', queryType: 'pageList', tableName: SRC, querySql: `select * from ${SRC}`, dataSynch: 'up', timestarpField: 'updated_at',
      taskStartTime: '2024-01-01 00:00:00', batchGetData: '1', everyBatchCount: String(BATCH), failRetry: '0', dataStoreType: '0',
    },
  })
  await ok(producer.producerDisableOrEnable, { id: p.id })
  const fieldMappings = JSON.stringify(['id', 'name', 'amount', 'updated_at'].map((c) => ({ sourceFieldName: c, targetFieldName: c })))
  const c = await ok<{ id: string }>(consumer.consumerCreate, {
    topicCode: t.code,
    applicationCode: 'erp',
    dataConsumeType: 'dblink',
    datasourceName: 'crash-dst',
    retriable: '1',
    retryNum: '5',
    retryTimeInterval: '1',
    dbLinkRequestInfoModel: { targetTableName: DST, fieldMappings, isUpdateRecord: '1', compareField: 'id' },
  })
  await ok(consumer.consumerStatus, { id: c.id })

  const run = await ok<Run>(producerRunNow, { id: p.id })
  // Killed once a good part of the rows is committed, well before the end.
  await until('the run reading', () => runsOf(p.id)[0]?.rows_read ?? 0, (n) => n >= ROWS * 0.2, first)
  first.child.kill('SIGKILL')
  await first.exited
  const [atKill] = runsOf(p.id)
  expect(atKill).toMatchObject({ id: run.id, state: 'running' })
  expect(atKill!.rows_read).toBeLessThan(ROWS)

  const second = runHubCli(args, env)
  await listeningUrl(second)
  const [ended] = await until('the run taken over', () => runsOf(p.id), (rows) => rows[0]?.state !== 'running', second)
  // One run, finished by the restarted hub; no batch counted twice.
  expect(runsOf(p.id)).toHaveLength(1)
  expect(ended).toMatchObject({ id: run.id, state: 'succeeded', rows_read: ROWS, messages_accepted: ROWS / BATCH })
  expect(ended!.node).not.toBe(atKill!.node)

  // The hub's store holds every row once across the run's messages.
  const ids = readStore((db) => (db.prepare('select payload from dh_messages where producer_id = ?').all(p.id) as { payload: string }[]).flatMap((m) => (JSON.parse(m.payload) as { id: string | number }[]).map((r) => Number(r.id))))
  expect(ids).toHaveLength(ROWS)
  expect(new Set(ids).size).toBe(ROWS)

  const openDeliveries = () => readStore((db) => (db.prepare("select count(*) as n from dh_deliveries where status != 'delivered'").get() as { n: number }).n)
  await until('the deliveries', openDeliveries, (n) => n === 0, second)
  const same = await client.query(`select count(*)::int as n from ${SRC} s join ${DST} d using (id) where s.name = d.name and s.amount = d.amount and s.updated_at = d.updated_at`)
  const total = await client.query(`select count(*)::int as n from ${DST}`)
  expect([same.rows[0].n, total.rows[0].n]).toEqual([ROWS, ROWS])
}, 240_000)
