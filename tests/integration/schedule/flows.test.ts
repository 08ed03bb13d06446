import { randomBytes } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Scheduler } from '../../../src/hub/runtime/schedule/scheduler'
import { runtimeDb } from '../../../src/hub/runtime/tables'
import { openStore, type Store } from '../../../src/hub/store'
import type { ConsumerInput } from '../../../src/shared/contract/datahub/consumer'
import { datasourceCreate } from '../../../src/shared/contract/datahub/dataSources'
import type { ProducerInput } from '../../../src/shared/contract/datahub/producer'
import { messageList, type MessageSummary } from '../../../src/shared/contract/datahub/runtime'
import { startSoapSink, type SoapSink } from '../../support/soapSink'
import { at, insertItems, itemsTable, mariaKind, postgresKind, updateItems, type Item, type SqlKind } from '../../support/sqlSources'
import { describeEachStore, storeTargets } from '../../support/stores'
import { openBench, type Bench } from '../datahub/support'
import { httpModel, ORDER_LIST, ORDERS, ordersSource, paged, soapProducer, type Order } from '../runtime/fetch/support'
import { httpConsumer, startSink, type Sink } from '../runtime/support'
import { allDelivered, fire, MINUTE, passAt, runsOf, scheduledFlow, schedulerOn, START, startScheduledRuntime, until, type ScheduledRuntime } from './support'

/**
 * Scheduled producers end to end: the real fetchers (http against a loopback source, webservice
 * against a loopback SOAP service, dblink against PostgreSQL and MariaDB tables) fired by the
 * real scheduler, their messages taken by the real delivery worker to real consumers (a
 * loopback HTTP receiver, PostgreSQL tables). The
 * fires are "run now" (a run of the scheduler outside the schedule) or, for the two nodes, the
 * schedule itself on a Date-only fake clock: no test waits for a minute to pass.
 */
const targets = await storeTargets()

afterEach(() => {
  vi.useRealTimers()
})

describeEachStore(targets, 'scheduled producers end to end (real fetchers, scheduler and worker)', (target) => {
  let b: Bench
  let peer: Sink
  let node: Scheduler
  let runtime: ScheduledRuntime | undefined
  let soap: SoapSink
  beforeAll(async () => {
    // The SOAP service is on loopback, which the WSDL address rule refuses unless the hub allows private addresses.
    b = await openBench(target, { timeZone: 'UTC', allowPrivateWsdl: true })
    soap = await startSoapSink()
    runtime = await startScheduledRuntime(b)
    ;({ peer, node } = runtime)
  })
  afterAll(async () => {
    await runtime?.stop()
    await soap?.close()
    await b?.close()
  })

  it('http: three pages and a task-time watermark over two fires; each order reaches the http consumer once, each message carrying its run', async () => {
    const orders: Order[] = [...ORDERS]
    peer.on('/orders', ordersSource(() => orders))
    const p = await scheduledFlow(
      b,
      httpModel(`${peer.url}/orders`, { ...paged, requestParam: 'since=${taskTime}', isRecordTaskTime: '1', taskTimeSourceType: '2', taskTimeSourceField: 'updatedAt', taskTimeSourceFormat: 'yyyy-MM-dd HH:mm:ss' }),
      [httpConsumer(`${peer.url}/in`)],
    )
    const first = await fire(b, node, p.id)
    // Between the fires: two new orders and a changed one, two of them in the same second.
    orders.push({ id: 8, updatedAt: '2026-11-23 06:00:00' }, { id: 9, updatedAt: '2026-11-23 07:15:00' })
    orders[2] = { id: 3, updatedAt: '2026-11-23 07:15:00' }
    const second = await fire(b, node, p.id)

    const runs = await runsOf(b.hub.store, p.id)
    expect(runs.map((r) => [r.id, r.state, r.rows_read, r.messages_accepted])).toEqual([
      [first.id, 'succeeded', 7, 7],
      [second.id, 'succeeded', 3, 3],
    ])
    // The first fire read pages 1–3 (3, 3, 1 orders: the answer's total); the second asked from the watermark on (one page of its 3).
    expect(peer.at('/orders').map((r) => [r.query.get('since'), r.query.get('pageNum')])).toEqual([
      [null, '1'], [null, '2'], [null, '3'],
      ['2026-11-22 23:59:59', '1'],
    ])

    await until(() => allDelivered(b.hub.store, p.id), (done) => done)
    const runOf = new Map<string, string>()
    for (const run of [first, second]) {
      const log = await b.ok<{ content: MessageSummary[] }>(messageList, { runId: run.id, pageSize: 100 })
      for (const m of log.content) runOf.set(m.id, run.id)
    }
    const received = peer.at('/in').map((r) => ({ run: runOf.get(String(r.headers['x-datahub-message-id'])), order: JSON.parse(r.body) as Order }))
    const key = (x: { run?: string; order: Order }) => `${x.order.id}@${x.order.updatedAt}`
    expect(received.map(key).sort()).toEqual(
      [...ORDERS.map((o) => ({ order: o })), ...[8, 9, 3].map((id) => ({ order: orders.find((o) => o.id === id)! }))].map(key).sort(),
    )
    expect(received.filter((x) => x.run === first.id).map((x) => x.order.id).sort()).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(received.filter((x) => x.run === second.id).map((x) => x.order.id).sort()).toEqual([3, 8, 9])
  })

  it("webservice: each fire calls the SOAP operation, and its answer reaches the http consumer as the run's message", async () => {
    soap.answer('ReceiveOrder', () => ({ body: ORDER_LIST }))
    const p = await scheduledFlow(b, soapProducer(soap.wsdlUrl('1.2'), { headerMethodName: '', headerParameters: [] }), [httpConsumer(`${peer.url}/soap-in`)])
    const runs = [await fire(b, node, p.id), await fire(b, node, p.id)]
    expect((await runsOf(b.hub.store, p.id)).map((r) => [r.id, r.state, r.messages_accepted])).toEqual(runs.map((r) => [r.id, 'succeeded', 1]))
    await until(() => allDelivered(b.hub.store, p.id), (done) => done)
    const messageIds = await Promise.all(runs.map(async (r) => (await b.ok<{ content: MessageSummary[] }>(messageList, { runId: r.id })).content.map((m) => m.id)))
    const received = peer.at('/soap-in')
    expect(received.map((r) => r.headers['x-datahub-message-id']).sort()).toEqual(messageIds.flat().sort())
    for (const r of received) expect(JSON.parse(r.body)).toEqual({ order: [{ id: 'A-1', amount: '12.5' }, { id: 'A-2', amount: '3' }], note: null })
  })

  describe.each([
    ['PostgreSQL', postgresKind],
    ['MariaDB', mariaKind],
  ])('dblink from a %s table into PostgreSQL tables', (_, open) => {
    let source: SqlKind
    let sink: SqlKind
    const made: { kind: SqlKind; table: string }[] = []
    beforeAll(async () => {
      source = await open()
      sink = await postgresKind()
    })
    afterAll(async () => {
      for (const { kind, table } of made) await kind.exec(`drop table if exists ${table}`).catch(() => {})
      await source?.close()
      await sink?.close()
    })

    it('rows inserted and updated between fires, same-timestamp rows included: the consumer tables hold each version once and end equal to the source, row by row', async () => {
      // 2,500 rows in groups of 700 sharing one second: the pages of 1,000 rows end inside groups.
      const rows: Item[] = Array.from({ length: 2500 }, (_, i) => ({ id: i + 1, name: `n${i + 1}`, amount: i + 1, updated_at: at(Math.floor((i + 1) / 700)) }))
      const table = await itemsTable(source, rows, made)
      // Two consumers: a mirror updated by id, and a log that keeps every version it gets.
      const mirror = await itemsTable(sink, [], made)
      const log = `${mirror}_log`
      await sink.exec(`create table ${log} (id integer, name varchar(100), amount integer, updated_at timestamp)`)
      made.push({ kind: sink, table: log })
      const names = { source: `src-${randomBytes(3).toString('hex')}`, sink: `dst-${randomBytes(3).toString('hex')}` }
      await b.ok(datasourceCreate, { name: names.source, sourceType: '1', applicationCode: 'crm', ...source.source })
      await b.ok(datasourceCreate, { name: names.sink, sourceType: '1', applicationCode: 'erp', ...sink.source })
      const fieldMappings = JSON.stringify(['id', 'name', 'amount', 'updated_at'].map((c) => ({ sourceFieldName: c, targetFieldName: c })))
      const dblinkConsumer = (targetTableName: string, update: boolean): Partial<ConsumerInput> => ({
        dataConsumeType: 'dblink',
        datasourceName: names.sink,
        dbLinkRequestInfoModel: { targetTableName, fieldMappings, isUpdateRecord: update ? '1' : '0', compareField: update ? 'id' : '' },
      })
      const p = await scheduledFlow(
        b,
        {
          productionMode: 'dblink',
          dbLinkRequestInfoModel: {
            dataSourceName: names.source, dataGetMethod: '1', queryType: 'pageList', tableName: table, querySql: `select * from ${table}`, dataSynch: 'up', timestarpField: 'updated_at',
            taskStartTime: at(0), batchGetData: '1', everyBatchCount: '250', failRetry: '0', dataStoreType: '0',
          },
        } as Partial<ProducerInput>,
        [dblinkConsumer(mirror, true), dblinkConsumer(log, false)],
      )
      let versions = rows.length
      const settled = async () => {
        await until(() => allDelivered(b.hub.store, p.id), (done) => done, 30_000)
        expect(await sink.items(mirror)).toEqual(await source.items(table))
      }

      await fire(b, node, p.id)
      await settled()
      // Updated rows of lower keys and new rows, all in one second.
      await updateItems(source, table, [5, 700, 1400, 2100].map((id) => ({ id, name: `u${id}`, amount: -id, updated_at: at(10) })))
      await insertItems(source, table, [2501, 2502, 2503].map((id) => ({ id, name: `n${id}`, amount: id, updated_at: at(10) })))
      versions += 7
      await fire(b, node, p.id)
      await settled()
      // A row changed again, and one new, in a later second; then a fire with nothing new.
      await updateItems(source, table, [{ id: 5, name: 'again', amount: 0, updated_at: at(11) }])
      await insertItems(source, table, [{ id: 2504, name: 'n2504', amount: 2504, updated_at: at(11) }])
      versions += 2
      await fire(b, node, p.id)
      await fire(b, node, p.id)
      await settled()

      const runs = await runsOf(b.hub.store, p.id)
      expect(runs.map((r) => [r.state, r.rows_read])).toEqual([['succeeded', 2500], ['succeeded', 7], ['succeeded', 2], ['succeeded', 0]])
      // The log: every version once, none missing.
      const logged = await sink.items(log)
      expect(logged).toHaveLength(versions)
      expect(new Set(logged.map((r) => JSON.stringify(r))).size).toBe(versions)
      expect(new Set(logged.map((r) => r.id)).size).toBe(2504)
    })
  })
})

describe.runIf(targets.find((t) => t.name === 'postgres')?.missing === null)('two hub nodes on one PostgreSQL, a real http producer', () => {
  const pgTarget = targets.find((t) => t.name === 'postgres')!
  let b: Bench
  let second: Store
  let peer: Sink
  beforeAll(async () => {
    b = await openBench(pgTarget, { timeZone: 'UTC' })
    second = await openStore({ dataDir: b.hub.config.dataDir, databaseUrl: b.hub.config.databaseUrl })
    peer = await startSink()
  })
  afterAll(async () => {
    await peer?.close()
    await second?.close()
    await b?.close()
  })

  it('runs each of 20 consecutive polling fires exactly once: one source read and one message per fire', async () => {
    let reads = 0
    peer.on('/tick', () => ({ body: JSON.stringify({ n: ++reads }) }))
    const p = await scheduledFlow(b, httpModel(`${peer.url}/tick`), [])
    vi.useFakeTimers({ toFake: ['Date'] })
    const one = schedulerOn(b)
    const two = schedulerOn(b, second)
    for (let i = 0; i < 20; i++) await passAt(START.getTime() + i * MINUTE + 3, one, two)
    vi.useRealTimers()
    const runs = await runsOf(b.hub.store, p.id)
    expect(runs.map((r) => r.planned_at)).toEqual(Array.from({ length: 20 }, (_, i) => new Date(START.getTime() + i * MINUTE).toISOString()))
    expect(runs.map((r) => [r.state, r.messages_accepted])).toEqual(Array.from({ length: 20 }, () => ['succeeded', 1]))
    // The source was read once per fire, and each read became one message.
    expect(peer.at('/tick')).toHaveLength(20)
    const messages = await runtimeDb(b.hub.store.db).selectFrom('dh_messages').select('payload').where('producer_id', '=', p.id).execute()
    expect(messages.map((m) => (JSON.parse(m.payload!) as { n: number }).n).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
    await Promise.all([one.stop(), two.stop()])
  })
})
