import { randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import mysql from 'mysql2/promise'
import type { KyselyPlugin } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { createDeliveryWorker, type DeliveryWorker } from '../../../src/hub/runtime/queue/worker'
import { DbLinkThread } from '../../../src/hub/runtime/deliver/dbLinkThread'
import { datasourceCreate } from '../../../src/shared/contract/datahub/dataSources'
import { eventually } from '../../support/eventually'
import { MARIA_TEST, PG_TEST } from '../../support/sqlSources'
import { describeEachStore, storeTargets } from '../../support/stores'
import { startTcpProxy } from '../../support/tcpProxy'
import { openBench, type Bench } from '../datahub/support'
import { drain, openFlow, pushOk } from './support'
import { sqliteSourcesDir } from '../../../src/hub/config'
import { flowOf } from '../../../src/hub/runtime/accept/flowCache'
import { recordMessage } from '../../../src/hub/runtime/queue/messages'
import { runtimeDb } from '../../../src/hub/runtime/tables'
import { longestStall, stallBudget } from '../../support/eventLoop'

// The hub's own store does not matter here (the ingress and worker suites cover both): one run.
const targets = (await storeTargets()).filter((t) => t.name === 'sqlite')

const mappings = JSON.stringify([
  { sourceFieldName: 'id', targetFieldName: 'order_id' },
  { sourceFieldName: 'customer.name', targetFieldName: 'customer' },
  { sourceFieldName: 'amount', targetFieldName: 'amount' },
])

describeEachStore(targets, 'exchange runtime: dblink consumers write into PostgreSQL, MariaDB and SQLite tables', (target) => {
  let b: Bench
  let worker: DeliveryWorker
  let folder: string
  const table = `dh_rt_${randomBytes(4).toString('hex')}`
  const pgClient = new pg.Client(PG_TEST)
  let maria: mysql.Connection

  beforeAll(async () => {
    b = await openBench(target)
    worker = createDeliveryWorker({ store: b.hub.store, events: b.hub.events, outbox: b.hub.outbox, config: b.hub.config, log: () => {} })
    // SQLite sources live in the hub's folder for them (HUB_SQLITE_SOURCES_DIR).
    await mkdir(sqliteSourcesDir(b.hub.config), { recursive: true })
    folder = await mkdtemp(join(sqliteSourcesDir(b.hub.config), 'dh-runtime-db-'))
    await pgClient.connect()
    await pgClient.query(`create table ${table} (order_id integer, customer text, amount numeric)`)
    maria = await mysql.createConnection(MARIA_TEST)
    await maria.query(`create table ${table} (order_id int, customer varchar(100), amount decimal(10,2))`)
  })
  afterAll(async () => {
    await worker?.stop()
    await pgClient.query(`drop table if exists ${table}`).catch(() => {})
    await pgClient.end().catch(() => {})
    await maria?.query(`drop table if exists ${table}`).catch(() => {})
    await maria?.end().catch(() => {})
    await b?.close()
    if (folder) await rm(folder, { recursive: true, force: true })
  })

  async function consumerOn(source: Record<string, string>, update: boolean, consumer: Record<string, string> = {}): Promise<string> {
    const name = `db-${randomBytes(4).toString('hex')}`
    await b.ok(datasourceCreate, { name, sourceType: '1', applicationCode: 'erp', ...source })
    const flow = await openFlow(b, {
      consumers: [{ dataConsumeType: 'dblink', datasourceName: name, dbLinkRequestInfoModel: { targetTableName: table, fieldMappings: mappings, isUpdateRecord: update ? '1' : '0', compareField: update ? 'order_id' : '' }, ...consumer }],
    })
    return flow.topic.code
  }

  it('inserts mapped records into PostgreSQL, and updates by the compare field when asked', async () => {
    const inserts = await consumerOn({ dbType: 'postgresql', host: '127.0.0.1', port: '5432', username: 'postgres', databaseName: 'test' }, false)
    const rows = await drain(b, worker, await pushOk(b, inserts, [{ id: 1, customer: { name: 'Ann' }, amount: 10.5 }, { id: 2, customer: { name: 'Bo' }, amount: 3 }]))
    expect(rows[0]).toMatchObject({ status: 'delivered' })
    const upserts = await consumerOn({ dbType: 'postgresql', host: '127.0.0.1', port: '5432', username: 'postgres', databaseName: 'test' }, true)
    await drain(b, worker, await pushOk(b, upserts, { id: 2, customer: { name: 'Bob' }, amount: 4 }))
    await drain(b, worker, await pushOk(b, upserts, { id: 3, customer: { name: 'Cy' }, amount: 1 }))
    const { rows: stored } = await pgClient.query(`select order_id, customer, amount::float as amount from ${table} order by order_id`)
    expect(stored).toEqual([{ order_id: 1, customer: 'Ann', amount: 10.5 }, { order_id: 2, customer: 'Bob', amount: 4 }, { order_id: 3, customer: 'Cy', amount: 1 }])
  })

  it('upserts into MariaDB, an unchanged record included', async () => {
    const topic = await consumerOn({ dbType: 'mariadb', host: '127.0.0.1', port: '3306', username: 'root', databaseName: 'test' }, true)
    await drain(b, worker, await pushOk(b, topic, { id: 7, customer: { name: 'Di' }, amount: 2 }))
    await drain(b, worker, await pushOk(b, topic, { id: 7, customer: { name: 'Di' }, amount: 2 }))
    const [stored] = await maria.query(`select order_id, customer from ${table}`)
    expect(stored).toEqual([{ order_id: 7, customer: 'Di' }])
  })

  it('writes into a SQLite file, and ends dead with the database\'s reason when the table is missing', async () => {
    const file = join(folder, 'target.sqlite')
    const db = new Database(file)
    db.exec(`create table ${table} (order_id integer, customer text, amount real)`)
    db.close()
    const topic = await consumerOn({ dbType: 'sqlite', databaseName: file }, false)
    expect((await drain(b, worker, await pushOk(b, topic, { id: 9, customer: { name: 'Eve' }, amount: 9.5 })))[0]).toMatchObject({ status: 'delivered' })
    const check = new Database(file, { readonly: true })
    expect(check.prepare(`select order_id, customer, amount from ${table}`).all()).toEqual([{ order_id: 9, customer: 'Eve', amount: 9.5 }])
    check.close()

    const empty = join(folder, 'empty.sqlite')
    new Database(empty).close()
    const broken = await consumerOn({ dbType: 'sqlite', databaseName: empty }, false)
    const [dead] = await drain(b, worker, await pushOk(b, broken, { id: 1 }))
    expect(dead).toMatchObject({ status: 'dead', attempts: 1 })
    expect(dead!.last_error).toContain('no such table')
  })

  it.each([
    ['PostgreSQL', { dbType: 'postgresql', username: 'postgres' }, 5432, (name: string) => pgClient.query(`select count(*)::int as n from ${table} where customer = '${name}'`).then((r) => Number(r.rows[0].n))],
    ['MariaDB', { dbType: 'mariadb', username: 'root' }, 3306, (name: string) => maria.query(`select count(*) as n from ${table} where customer = '${name}'`).then(([r]) => Number((r as { n: number }[])[0]!.n))],
  ])('keeps a few connections to %s open between messages, connects afresh after the line was cut, and closes them when the worker stops', async (_, source, port, countOf) => {
    const proxy = await startTcpProxy({ host: '127.0.0.1', port })
    const own = createDeliveryWorker({ store: b.hub.store, events: b.hub.events, outbox: b.hub.outbox, config: b.hub.config, log: () => {} }, { retryUnitMs: 1 })
    try {
      const name = `pool-${randomBytes(3).toString('hex')}`
      const topic = await consumerOn({ ...source, host: '127.0.0.1', port: String(proxy.port), databaseName: 'test' }, false, { retriable: '1', retryNum: '3', retryTimeInterval: '1' })
      const sent: string[] = []
      for (let i = 0; i < 12; i++) sent.push(await pushOk(b, topic, { id: 100 + i, customer: { name }, amount: i }))
      for (const id of sent) expect((await drain(b, own, id))[0]).toMatchObject({ status: 'delivered' })
      // Four deliveries of a consumer run at once (perConsumer): never more connections than that for twelve messages.
      expect(proxy.accepted()).toBeLessThanOrEqual(4)
      const before = proxy.accepted()
      proxy.cut()
      proxy.restore()
      expect((await drain(b, own, await pushOk(b, topic, { id: 112, customer: { name }, amount: 12 })))[0]).toMatchObject({ status: 'delivered' })
      expect(proxy.accepted()).toBeGreaterThan(before)
      expect(await countOf(name)).toBe(13)
      await own.stop()
      await eventually(() => proxy.open(), (open) => open === 0, 'the pool\'s connections closed')
    } finally {
      await own.stop()
      await proxy.close()
    }
  })

  it('holds more deliveries of a dblink consumer in flight than of others (perDbLinkConsumer), and delivers them all once its table is free', async () => {
    const source = { dbType: 'postgresql', host: '127.0.0.1', port: '5432', username: 'postgres', databaseName: 'test' }
    const topicCode = await consumerOn(source, false)
    const consumerId = (await flowOf(b.hub.store, topicCode))!.consumers[0]!.id
    for (let i = 0; i < 10; i++) await pushOk(b, topicCode, [{ id: 5000 + i, customer: { name: `w${i}` }, amount: i }])
    // The table is locked: every write waits, so what the worker holds is what it may hold.
    const locker = new pg.Client(PG_TEST)
    await locker.connect()
    await locker.query(`begin; lock table ${table} in access exclusive mode`)
    // The worker's passes: each starts by asking which consumers (not serverApi ones) have deliveries due.
    let passes = 0
    const counting: KyselyPlugin = {
      transformQuery: ({ node }) => {
        if (node.kind === 'SelectQueryNode' && JSON.stringify(node.from).includes('dh_deliveries') && JSON.stringify(node.where).includes('data_consume_type')) passes++
        return node
      },
      transformResult: async ({ result }) => result,
    }
    const store = { ...b.hub.store, db: b.hub.store.db.withPlugin(counting) }
    const running = createDeliveryWorker({ store, events: b.hub.events, outbox: b.hub.outbox, config: b.hub.config, log: () => {} }, { pollMs: 20, perConsumer: 2, perDbLinkConsumer: 6 })
    const delivering = async () => Number((await runtimeDb(b.hub.store.db).selectFrom('dh_deliveries').select((eb) => eb.fn.countAll().as('n')).where('consumer_id', '=', consumerId).where('status', '=', 'delivering').executeTakeFirstOrThrow()).n)
    running.start()
    try {
      await eventually(delivering, (n) => n >= 6, 'six deliveries in flight')
      // No more than six, though the worker looked again with four still due: four whole passes after.
      const seen = passes
      await eventually(() => passes, (n) => n >= seen + 5, 'four more passes of the worker')
      expect(await delivering()).toBe(6)
      await locker.query('commit')
      const done = Date.now()
      while ((await runtimeDb(b.hub.store.db).selectFrom('dh_deliveries').select('id').where('consumer_id', '=', consumerId).where('status', '!=', 'delivered').execute()).length > 0 && Date.now() - done < 20_000) await new Promise((r) => setTimeout(r, 20))
    } finally {
      await running.stop()
      await locker.end()
    }
    const { rows } = await pgClient.query(`select count(*)::int as n from ${table} where order_id between 5000 and 5009`)
    expect(rows[0].n).toBe(10)
  })

  it('ends the messages written together together: their freed slots are refilled by one claim, not one claim each', async () => {
    const source = { dbType: 'postgresql', host: '127.0.0.1', port: '5432', username: 'postgres', databaseName: 'test' }
    const topicCode = await consumerOn(source, false)
    const consumerId = (await flowOf(b.hub.store, topicCode))!.consumers[0]!.id
    for (let i = 0; i < 12; i++) await pushOk(b, topicCode, [{ id: 6000 + i, customer: { name: `g${i}` }, amount: i }])
    // Claims are the worker's updates of dh_deliveries that answer the rows they took; the
    // rows each took are counted. A claim that finds nothing left (after the last endings, or
    // cut short by the worker stopping) takes no work and is not counted.
    const claimQueries = new Set<unknown>()
    const claims: number[] = []
    const counting: KyselyPlugin = {
      transformQuery: ({ node, queryId }) => {
        if (node.kind === 'UpdateQueryNode' && node.returning && JSON.stringify(node.table).includes('dh_deliveries')) claimQueries.add(queryId)
        return node
      },
      transformResult: async ({ result, queryId }) => {
        if (claimQueries.delete(queryId) && result.rows.length > 0) claims.push(result.rows.length)
        return result
      },
    }
    // The table is locked: the first write waits, the other five queue behind it on the dblink
    // thread and, once it is free, go in one statement and are answered at once.
    const locker = new pg.Client(PG_TEST)
    await locker.connect()
    await locker.query(`begin; lock table ${table} in access exclusive mode`)
    // No poll after the first: every later claim is a refill of freed slots.
    const store = { ...b.hub.store, db: b.hub.store.db.withPlugin(counting) }
    const running = createDeliveryWorker({ store, events: b.hub.events, outbox: b.hub.outbox, config: b.hub.config, log: () => {} }, { pollMs: 600_000, perConsumer: 6, perDbLinkConsumer: 6 })
    const undelivered = async () => (await runtimeDb(b.hub.store.db).selectFrom('dh_deliveries').select('id').where('consumer_id', '=', consumerId).where('status', '!=', 'delivered').execute()).length
    // The writes the worker hands its dblink thread, watched (the real write still runs).
    const writes = vi.spyOn(DbLinkThread.prototype, 'write')
    running.start()
    try {
      const started = Date.now()
      while (writes.mock.calls.length < 6 && Date.now() - started < 10_000) await new Promise((r) => setTimeout(r, 20))
      expect(writes.mock.calls.length).toBe(6)
      // All six were taken by the thread: the first is writing (held by the lock), five wait.
      await (writes.mock.contexts[0] as DbLinkThread).taken()
      await locker.query('commit')
      while ((await undelivered()) > 0 && Date.now() - started < 20_000) await new Promise((r) => setTimeout(r, 20))
    } finally {
      writes.mockRestore()
      await running.stop()
      await locker.end()
    }
    expect(await undelivered()).toBe(0)
    const { rows } = await pgClient.query(`select count(*)::int as n from ${table} where order_id between 6000 and 6011`)
    expect(rows[0].n).toBe(12)
    // The first claim took six. The lone write's freed slot is refilled by one claim; the
    // group's five, answered in one message, end in at most two store commits (group commit
    // takes the first ending alone and the rest together), each refilled by one claim — the
    // last six messages are claimed by then. One claim per message ended made seven.
    expect(claims[0]).toBe(6)
    expect(claims.reduce((a, b) => a + b, 0)).toBe(12)
    expect(claims.length, `claims took ${claims.join(', ')}`).toBeLessThanOrEqual(4)
  })

  it('makes rows of a big batched message and writes them on the dblink thread: the hub\'s thread is not held up meanwhile', async () => {
    const pg = { dbType: 'postgresql', host: '127.0.0.1', port: '5432', username: 'postgres', databaseName: 'test' }
    const topicCode = await consumerOn(pg, false)
    const flow = await flowOf(b.hub.store, topicCode)
    // 150,000 records (about 10 MB of JSON), stored as a scheduled run stores one batch: parsing
    // them into rows and sending them holds the thread that does it for most of a second (1.6 s for twice as many, measured here on the hub thread).
    const records = Array.from({ length: 150_000 }, (_, i) => ({ id: 100_000 + i, customer: { name: `c${i}` }, amount: i % 1000 }))
    const messageId = await recordMessage(b.hub.store, {
      topic: flow!.topic, producerId: flow!.producer!.id, payload: { text: JSON.stringify(records), format: 'json' }, routingKeys: [], consumerIds: flow!.consumers.map((c) => c.id),
    })
    const budget = await stallBudget()
    const stall = await longestStall(drain(b, worker, messageId, 120_000))
    const { rows } = await pgClient.query(`select count(*)::int as n from ${table} where order_id >= 100000`)
    expect(rows[0].n).toBe(150_000)
    expect(stall, `the hub's thread was held up ${Math.round(stall)} ms (budget ${budget} ms)`).toBeLessThan(budget)
  }, 180_000)
})
