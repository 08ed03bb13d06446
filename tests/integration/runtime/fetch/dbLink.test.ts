import { randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sqliteSourcesDir } from '../../../../src/hub/config'
import { fetchDbLink } from '../../../../src/hub/runtime/fetch/dbLink'
import { FETCHERS } from '../../../../src/hub/runtime/fetch'
import { FetchError, type FetchedBatch } from '../../../../src/hub/runtime/fetch/fetcher'
import { datasourceCreate } from '../../../../src/shared/contract/datahub/dataSources'
import { at, insertItems, itemsTable as madeTable, mariaKind, postgresKind, updateItems, type Item, type SqlKind } from '../../../support/sqlSources'
import { storeTargets } from '../../../support/stores'
import { openBench, type Bench } from '../../datahub/support'
import { fetchContext, runFetcher, type FetchRun, type Party } from './support'

/**
 * The dblink fetcher against real PostgreSQL, MariaDB and SQLite sources. Consecutive runs of a
 * scheduled producer are simulated as the scheduler makes them: iterate the fetcher, and carry the
 * last checkpoint it yielded into the next run. The hub's own store only holds the data sources.
 */
const target = (await storeTargets()).find((t) => t.name === 'sqlite')!

let b: Bench
let folder: string
const tables: { kind: SqlKind; table: string }[] = []

/** A SQLite source: a file in the hub's folder for them. */
async function sqliteKind(): Promise<SqlKind> {
  const file = join(folder, `source-${randomBytes(3).toString('hex')}.sqlite`)
  const db = new Database(file)
  return {
    name: 'SQLite',
    source: { dbType: 'sqlite', databaseName: file },
    exec: async (sql) => void db.exec(sql),
    items: async (table) => db.prepare(`select id, name, amount, updated_at from ${table} order by id`).all() as Item[],
    timestampType: 'text',
    close: async () => void db.close(),
  }
}

beforeAll(async () => {
  b = await openBench(target)
  await mkdir(sqliteSourcesDir(b.hub.config), { recursive: true })
  folder = await mkdtemp(join(sqliteSourcesDir(b.hub.config), 'dh-fetch-dblink-'))
})
afterAll(async () => {
  for (const { kind, table } of tables) await kind.exec(`drop table if exists ${table}`).catch(() => {})
  await b?.close()
  if (folder) await rm(folder, { recursive: true, force: true })
})

const itemsTable = (kind: SqlKind, rows: Item[]) => madeTable(kind, rows, tables)

let sourceSerial = 0
async function producerOn(kind: SqlKind, model: Record<string, unknown>): Promise<Party> {
  const name = `fetch-${Date.now().toString(36)}-${sourceSerial++}`
  await b.ok(datasourceCreate, { name, sourceType: '1', applicationCode: 'erp', ...kind.source })
  // One producer of an application per topic: each producer gets its own.
  const topic = await b.topic({ dataFormat: 'json' })
  const producer = await b.producer(topic.code, {
    productionMode: 'dblink',
    dbLinkRequestInfoModel: { dataSourceName: name, dataGetMethod: '1', queryType: 'pageList', batchGetData: '0', failRetry: '0', dataStoreType: '0', ...model },
  } as never)
  return { producer, topic }
}

/** One run of the dblink fetcher from `checkpoint` (a run that dies after `stopAfter` batches). */
const run = (party: Party, checkpoint: FetchRun['checkpoint'], stopAfter?: number) => runFetcher(b, fetchDbLink, party, { checkpoint, stopAfter })

/** The rows of a run's messages, as items (a batched message is an array of them). */
const rowsOf = (r: Pick<FetchRun, 'batches' | 'checkpoint'>): Item[] =>
  r.batches.flatMap((batch) => batch.messages.flatMap((m) => (Array.isArray(m) ? m : [m]))).map((m) => {
    const row = m as Record<string, unknown>
    return { id: Number(row.id), name: String(row.name), amount: Number(row.amount), updated_at: String(row.updated_at) }
  })

const byId = (rows: Item[]) => [...rows].sort((x, y) => x.id - y.id)
const ids = (rows: Item[]) => rows.map((r) => r.id).sort((x, y) => x - y)

describe.each([
  ['PostgreSQL', postgresKind],
  ['MariaDB', mariaKind],
  ['SQLite', sqliteKind],
])('dblink fetcher on %s', (_, open) => {
  let kind: SqlKind
  beforeAll(async () => {
    kind = await open()
  })
  afterAll(async () => {
    await kind?.close()
  })

  it('pulls incrementally across runs: every row once at its latest version, same-second rows split by key over pages and runs', async () => {
    // 2,500 rows in groups of 700 sharing one second: page ends (every 1,000 rows) fall inside groups.
    const first: Item[] = Array.from({ length: 2500 }, (_, i) => ({ id: i + 1, name: `n${i + 1}`, amount: i + 1, updated_at: at(Math.floor((i + 1) / 700)) }))
    const table = await itemsTable(kind, first)
    const party = await producerOn(kind, { tableName: table, querySql: `select * from ${table}`, dataSynch: 'up', timestarpField: 'updated_at', taskStartTime: at(0) })
    const seen: Item[] = []

    // Run 1 dies after its first page; run 2 carries on from the committed checkpoint.
    const r1 = await run(party, null, 1)
    expect(r1.batches).toHaveLength(1)
    expect(r1.batches[0]!.rowsRead).toBe(1000)
    const r2 = await run(party, r1.checkpoint)
    seen.push(...rowsOf(r1), ...rowsOf(r2))
    expect(ids(seen)).toEqual(first.map((r) => r.id))

    // Between runs: rows updated and inserted within one second, the updated keys lower than the new ones.
    const changed: Item[] = [5, 700, 1400, 2100].map((id) => ({ id, name: `u${id}`, amount: -id, updated_at: at(10) }))
    const added: Item[] = [2501, 2502, 2503].map((id) => ({ id, name: `n${id}`, amount: id, updated_at: at(10) }))
    await updateItems(kind, table, changed)
    await insertItems(kind, table, added)
    const r3 = await run(party, r2.checkpoint)
    expect(byId(rowsOf(r3))).toEqual(byId([...changed, ...added]))
    seen.push(...rowsOf(r3))

    // A run with nothing new reads nothing; then one row of a second already read, another later.
    const r4 = await run(party, r3.checkpoint)
    expect(rowsOf(r4)).toEqual([])
    await kind.exec(`update ${table} set name = 'again', amount = 0, updated_at = '${at(11)}' where id = 5`)
    await insertItems(kind, table, [{ id: 2504, name: 'n2504', amount: 2504, updated_at: at(11) }])
    const r5 = await run(party, r4.checkpoint)
    expect(ids(rowsOf(r5))).toEqual([5, 2504])
    seen.push(...rowsOf(r5))

    // No row read twice at one version; the last version of each is the table's row.
    const versions = seen.map((r) => JSON.stringify(r))
    expect(new Set(versions).size).toBe(versions.length)
    const latest = new Map<number, Item>()
    for (const r of seen) latest.set(r.id, r)
    expect(byId([...latest.values()])).toEqual(await kind.items(table))
  })

  it('a query with a sort field and a condition, batched: arrays of everyBatchCount rows, a page in whole batches', async () => {
    const rows: Item[] = Array.from({ length: 2000 }, (_, i) => ({ id: i + 1, name: i % 10 === 0 ? 'skip' : `n${i + 1}`, amount: i, updated_at: at(i % 3) }))
    const table = await itemsTable(kind, rows)
    const party = await producerOn(kind, {
      querySql: `select id, name, amount, updated_at from ${table} where amount >= 0`,
      queryCondition: "name <> 'skip'",
      sortField: 'id',
      dataSynch: 'up',
      timestarpField: 'updated_at',
      taskStartTime: at(0),
      batchGetData: '1',
      everyBatchCount: '300',
    })
    const r = await run(party, null)
    // 1,000 rows a page in whole batches of 300: 900 rows, three messages.
    expect(r.batches[0]!.rowsRead).toBe(900)
    expect(r.batches[0]!.messages.map((m) => (m as unknown[]).length)).toEqual([300, 300, 300])
    const wanted = rows.filter((x) => x.name !== 'skip')
    expect(byId(rowsOf(r))).toEqual(byId(wanted))
    expect(r.batches.reduce((n, x) => n + x.rowsRead, 0)).toBe(wanted.length)
  })

  it('reads page by page: a row changed after the first page was handed over is read as changed', async () => {
    const rows: Item[] = Array.from({ length: 3500 }, (_, i) => ({ id: i + 1, name: `n${i + 1}`, amount: i, updated_at: at(0) }))
    const table = await itemsTable(kind, rows)
    const party = await producerOn(kind, { tableName: table, querySql: `select * from ${table}`, dataSynch: 'all' })
    const batches: FetchedBatch[] = []
    for await (const batch of fetchDbLink(fetchContext(b, party))) {
      batches.push(batch)
      if (batches.length === 1) await kind.exec(`update ${table} set name = 'late' where id = 3400`)
    }
    expect(batches.map((x) => x.rowsRead)).toEqual([1000, 1000, 1000, 500])
    const read = rowsOf({ batches, checkpoint: null })
    expect(ids(read)).toEqual(rows.map((r) => r.id))
    expect(read.find((r) => r.id === 3400)!.name).toBe('late')
  })

  it('read at once (dataGetMethod 2): one cursor over one snapshot, handed over a page at a time', async () => {
    const rows: Item[] = Array.from({ length: 2500 }, (_, i) => ({ id: i + 1, name: `n${i + 1}`, amount: i, updated_at: at(0) }))
    const table = await itemsTable(kind, rows)
    const party = await producerOn(kind, { tableName: table, querySql: `select * from ${table}`, dataSynch: 'all', dataGetMethod: '2' })
    const batches: FetchedBatch[] = []
    for await (const batch of fetchDbLink(fetchContext(b, party))) {
      batches.push(batch)
      expect(batch.checkpoint).toBeUndefined()
    }
    expect(batches.map((x) => x.rowsRead)).toEqual([1000, 1000, 500])
    expect(ids(rowsOf({ batches, checkpoint: null }))).toEqual(rows.map((r) => r.id))
  })

  it('stops without an error when the run is aborted between pages', async () => {
    const table = await itemsTable(kind, Array.from({ length: 2500 }, (_, i) => ({ id: i + 1, name: 'n', amount: i, updated_at: at(0) })))
    const party = await producerOn(kind, { tableName: table, querySql: `select * from ${table}`, dataSynch: 'all' })
    const controller = new AbortController()
    const batches: FetchedBatch[] = []
    for await (const batch of fetchDbLink(fetchContext(b, party, { signal: controller.signal }))) {
      batches.push(batch)
      controller.abort()
    }
    expect(batches).toHaveLength(1)
  })

  it('refuses what it cannot read right, with a reason an operator can act on', async () => {
    const table = await itemsTable(kind, [{ id: 1, name: 'a', amount: 1, updated_at: at(0) }])
    const reason = async (model: Record<string, unknown>) => {
      const err = await run(await producerOn(kind, model), null).catch((e: unknown) => e)
      expect(err).toBeInstanceOf(FetchError)
      return (err as Error).message
    }
    // A hand-written query has no key the hub can trust: incremental reading needs a sort field.
    expect(await reason({ querySql: `select * from ${table}`, dataSynch: 'up', timestarpField: 'updated_at', taskStartTime: at(0) })).toMatch(/sort field/)
    expect(await reason({ querySql: `select * from ${table}`, sortField: 'nope', dataSynch: 'up', timestarpField: 'updated_at', taskStartTime: at(0) })).toMatch(/no column 'nope'.*id, name, amount, updated_at/)
    expect(await reason({ querySql: `select * from ${table}; delete from ${table}`, dataSynch: 'all' })).toMatch(/one read-only SELECT/)
    expect(await reason({ querySql: 'select * from dh_no_such_table', dataSynch: 'all' })).toMatch(/dh_no_such_table/)
    expect(await kind.items(table)).toHaveLength(1)
  })
})

describe('dblink fetcher on PostgreSQL, read-only', () => {
  it('reads every page in a read-only transaction: a query calling a function that writes fails the run and writes nothing', async () => {
    const kind = await postgresKind()
    const log = `dh_ro_log_${randomBytes(3).toString('hex')}`
    const writes = `dh_ro_writes_${randomBytes(3).toString('hex')}`
    try {
      const table = await itemsTable(kind, Array.from({ length: 5 }, (_, i) => ({ id: i + 1, name: `n${i + 1}`, amount: i, updated_at: at(0) })))
      await kind.exec(`create table ${log} (n integer)`)
      // Not a function the read-only check knows to refuse: only the transaction stops its write.
      await kind.exec(`create function ${writes}() returns integer language plpgsql volatile as $$ begin insert into ${log} values (1); return 1; end $$`)
      for (const model of [
        { querySql: `select *, ${writes}() as w from ${table}`, sortField: 'id', dataSynch: 'up', timestarpField: 'updated_at', taskStartTime: at(0) },
        { querySql: `select *, ${writes}() as w from ${table}`, sortField: 'id', dataSynch: 'all' },
      ]) {
        const err = await run(await producerOn(kind, model), null).catch((e: unknown) => e)
        expect(err).toBeInstanceOf(FetchError)
        expect((err as Error).message).toMatch(/read-only transaction/)
      }
      const counter = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test' })
      await counter.connect()
      try {
        expect(Number((await counter.query(`select count(*) as n from ${log}`)).rows[0].n)).toBe(0)
      } finally {
        await counter.end()
      }
    } finally {
      await kind.exec(`drop function if exists ${writes}()`).catch(() => {})
      await kind.exec(`drop table if exists ${log}`).catch(() => {})
      await kind.close()
    }
  })
})

describe.each([
  ['PostgreSQL', postgresKind, "localtimestamp + interval '1 hour'"],
  ['MariaDB', mariaKind, 'now() + interval 1 hour'],
])('dblink fetcher settle margin on %s', (_, open, future) => {
  it('leaves rows newer than the settle margin (by the source\'s clock) to a later run', async () => {
    const kind = await open()
    try {
      const table = await itemsTable(kind, [{ id: 1, name: 'old', amount: 1, updated_at: at(0) }])
      await kind.exec(`insert into ${table} values (2, 'future', 2, ${future})`)
      const party = await producerOn(kind, { tableName: table, querySql: `select * from ${table}`, dataSynch: 'up', timestarpField: 'updated_at', taskStartTime: at(0) })
      const r = await run(party, null)
      expect(rowsOf(r).map((x) => x.name)).toEqual(['old'])
    } finally {
      await kind.close()
    }
  })
})

describe.each(['timestamp(6)', 'timestamptz'])('dblink fetcher on a PostgreSQL %s column', (type) => {
  it('carries the watermark to the microsecond: rows a microsecond apart are neither repeated nor skipped', async () => {
    const kind = await postgresKind()
    try {
      const table = `dh_fetch_${randomBytes(4).toString('hex')}`
      await kind.exec(`create table ${table} (id integer primary key, name text, amount integer, updated_at ${type})`)
      tables.push({ kind, table })
      await kind.exec(`insert into ${table} select g, 'n' || g, g, '2024-01-01 10:00:00.123456' from generate_series(1, 1000) g`)
      await kind.exec(`insert into ${table} values (1001, 'n1001', 1001, '2024-01-01 10:00:00.123457')`)
      const party = await producerOn(kind, { tableName: table, querySql: `select * from ${table}`, dataSynch: 'up', timestarpField: 'updated_at', taskStartTime: at(0) })
      const r = await run(party, null)
      expect(r.batches.map((x) => x.rowsRead)).toEqual([1000, 1])
      expect(ids(rowsOf(r))).toEqual(Array.from({ length: 1001 }, (_, i) => i + 1))
      // The next run starts after the last row, to the microsecond.
      expect(rowsOf(await run(party, r.checkpoint))).toEqual([])
    } finally {
      await kind.close()
    }
  })
})

it('is the fetcher the scheduler runs for dblink producers', () => {
  expect(FETCHERS.dblink).toBe(fetchDbLink)
})
