import { randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import amqp from 'amqplib'
import Database from 'better-sqlite3'
import mysql from 'mysql2/promise'
import pg from 'pg'
import * as XLSX from 'xlsx'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { consumerFilesDir, sqliteSourcesDir } from '../../../src/hub/config'
import type { Scheduler } from '../../../src/hub/runtime/schedule/scheduler'
import type { DeliveryWorker } from '../../../src/hub/runtime/queue/worker'
import type { ConsumerInput } from '../../../src/shared/contract/datahub/consumer'
import { datasourceCreate, datasourceStatus } from '../../../src/shared/contract/datahub/dataSources'
import type { ProducerInput } from '../../../src/shared/contract/datahub/producer'
import { producerServerApi } from '../../../src/shared/contract/datahub/runtime'
import { topicSimulate, type Simulation } from '../../../src/shared/contract/datahub/simulate'
import { routePattern } from '../../../src/shared/endpoint'
import { MARIA_TEST, PG_TEST } from '../../support/sqlSources'
import { describeEachStore, storeTargets } from '../../support/stores'
import { freshCode, openBench, type Bench } from '../datahub/support'
import { allDelivered, fire, runHistory, scheduledFlow, startScheduledRuntime, until, type ScheduledRuntime } from '../schedule/support'
import { drain, httpConsumer, openFlow, type Sink } from './support'

/**
 * Issue 32 item 1: numbers beyond 2^53 and long decimals travel digit for digit. The message of
 * the issue is pushed as an application sends it (raw JSON text: a test that built it in JS would
 * have rounded it already) through a real hub, and every peer is asked what it got: a loopback
 * HTTP receiver, a file, a workbook (read back with SheetJS), RabbitMQ, PostgreSQL bigint/numeric, MariaDB BIGINT/DECIMAL(40,10) and
 * SQLite INTEGER columns; and dblink producers read such columns from PostgreSQL and MariaDB.
 */
const ID = '9007199254740993'
const AMOUNT = '12345678901234567890.123456789'
const ORDER = `{"id":${ID},"amount":${AMOUNT},"status":"new"}`
const AMQP = { protocol: 'amqp', hostname: '127.0.0.1', port: 5672, username: 'guest', password: 'guest' }

// The hub's store keeps a message as text on either store; one run.
const targets = (await storeTargets()).filter((t) => t.name === 'sqlite')

describeEachStore(targets, 'exchange runtime: numbers keep their digits end to end (#32)', (target) => {
  let b: Bench
  let runtime: ScheduledRuntime
  let sink: Sink
  let node: Scheduler
  let worker: DeliveryWorker
  let folder: string
  const table = `dh_exact_${randomBytes(4).toString('hex')}`
  const pgClient = new pg.Client(PG_TEST)
  let maria: mysql.Connection

  beforeAll(async () => {
    b = await openBench(target, { allowPrivateWsdl: true })
    runtime = await startScheduledRuntime(b)
    ;({ peer: sink, node, worker } = runtime)
    await mkdir(sqliteSourcesDir(b.hub.config), { recursive: true })
    folder = await mkdtemp(join(sqliteSourcesDir(b.hub.config), 'dh-exact-'))
    await pgClient.connect()
    await pgClient.query(`create table ${table} (id bigint, amount numeric, status text)`)
    await pgClient.query(`create table ${table}_n (id bigint, amount numeric(40,10))`)
    maria = await mysql.createConnection(MARIA_TEST)
    await maria.query(`create table ${table} (id bigint, amount decimal(40,10), status varchar(20))`)
  })
  afterAll(async () => {
    await runtime?.stop()
    await pgClient.query(`drop table if exists ${table}, ${table}_n`).catch(() => {})
    await pgClient.end().catch(() => {})
    await maria?.query(`drop table if exists ${table}`).catch(() => {})
    await maria?.end().catch(() => {})
    await b?.close()
    if (folder) await rm(folder, { recursive: true, force: true })
  })

  /** Pushes the JSON text of `data` as it is, the way an application's HTTP client sends it. */
  async function pushText(topicCode: string, data: string): Promise<string> {
    const response = await b.hub.app.inject({
      method: 'POST',
      url: routePattern(producerServerApi),
      headers: { 'content-type': 'application/json' },
      payload: `{"topicCode":${JSON.stringify(topicCode)},"data":${data}}`,
    })
    const body = response.json() as { code: string; message: string; data: { messageId: string } }
    expect(body.code, body.message).toBe('2000')
    return body.data.messageId
  }

  async function delivered(consumers: Partial<ConsumerInput>[], data = ORDER, producer: Partial<ProducerInput> = {}, topic = {}): Promise<string> {
    const flow = await openFlow(b, { topic: { dataFormat: 'json', ...topic }, producer, consumers })
    const messageId = await pushText(flow.topic.code, data)
    const rows = await drain(b, worker, messageId)
    expect(rows.map((r) => [r.status, r.last_error])).toEqual(consumers.map(() => ['delivered', '']))
    return messageId
  }

  const received = (path: string) => sink.at(path).map((r) => r.body)

  it('reaches an http consumer digit for digit, pushed as a value, as JSON text, and through a topic schema', async () => {
    await delivered([httpConsumer(`${sink.url}/plain`)])
    expect(received('/plain')).toEqual([ORDER])
    await delivered([httpConsumer(`${sink.url}/text`)], JSON.stringify(ORDER))
    expect(received('/text')).toEqual([ORDER])
    const schema = JSON.stringify({ type: 'object', properties: { id: { type: 'integer' }, amount: { type: 'number', minimum: 0 } }, required: ['id', 'amount'] })
    await delivered([httpConsumer(`${sink.url}/schema`)], ORDER, {}, { topicSchema: schema })
    expect(received('/schema')).toEqual([ORDER])
  })

  it('keeps the digits through a JsonPath processor and through a JavaScript processor that changes another field', async () => {
    await delivered([httpConsumer(`${sink.url}/path`, { postProcessorEnabled: '1', postProcessorType: 'JsonPath', postProcessorExpression: '$.order' })], `{"order":${ORDER}}`)
    expect(received('/path')).toEqual([ORDER])
    await delivered(
      [httpConsumer(`${sink.url}/script`)],
      ORDER,
      { preProcessorEnabled: '1', preProcessorType: 'JavaScript', preProcessorExpression: 'data.status = "paid"\ndata.orderId = data.id\nreturn data' },
    )
    expect(received('/script')).toEqual([`{"id":${ID},"amount":${AMOUNT},"status":"paid","orderId":${ID}}`])
  })

  it("writes the digits into a file consumer's file", async () => {
    const dir = `exact-${randomBytes(3).toString('hex')}`
    await delivered([{ dataConsumeType: 'file', fileRequestInfoModel: { fileDir: dir, fileNameRule: '2', fileNamePrefix: 'o_' } }])
    const where = join(consumerFilesDir(b.hub.config), dir)
    const [file] = await readdir(where)
    expect(await readFile(join(where, file!), 'utf8')).toBe(ORDER)
  })

  it('writes the digits into an excel consumer\'s workbook, as text where a number cell would round them', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dh-exact-excel-'))
    try {
      const name = `xl-${randomBytes(4).toString('hex')}`
      await b.ok(datasourceCreate, { name, sourceType: '3', dbType: 'folder', applicationCode: 'erp', databaseName: dir })
      const sheet = { sheetName: 'Orders', modelCodeCellIndex: 'A1', headerRowNum: '2', valueStartRowNum: '3', fileDir: 'out', fileNamePrefix: 'o_' }
      await delivered([{ dataConsumeType: 'excel', datasourceName: name, excelModels: [sheet] } as Partial<ConsumerInput>], `{"id":${ID},"amount":${AMOUNT},"qty":3}`)
      const [file] = (await readdir(join(dir, 'out'))).filter((f) => f.endsWith('.xlsx'))
      const book = XLSX.read(await readFile(join(dir, 'out', file!)))
      expect(XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Orders!, { header: 1, defval: '' }).slice(1)).toEqual([['id', 'amount', 'qty'], [ID, AMOUNT, 3]])
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('publishes the digits to RabbitMQ', async () => {
    const queue = `dh_exact_${freshCode('q').replace(/\W/g, '_')}`
    const connection = await amqp.connect(AMQP)
    const channel = await connection.createChannel()
    try {
      await channel.assertQueue(queue, { durable: false, autoDelete: false })
      const name = `mq-${queue}`.slice(0, 50)
      const source = await b.ok<{ id: string }>(datasourceCreate, { name, sourceType: '4', dbType: 'rabbitmq', applicationCode: 'erp', host: '127.0.0.1', port: '5672', username: 'guest', password: 'guest', databaseName: '/' })
      await b.ok(datasourceStatus, { id: source.id })
      await delivered([{ dataConsumeType: 'mq', datasourceName: name, mqRequestInfoModel: { queueName: queue } }])
      const got = await channel.get(queue, { noAck: true })
      expect(got && got.content.toString('utf8')).toBe(ORDER)
    } finally {
      await channel.deleteQueue(queue).catch(() => {})
      await connection.close()
    }
  })

  const source = async (fields: Record<string, string>): Promise<string> => {
    const name = `db-${randomBytes(4).toString('hex')}`
    await b.ok(datasourceCreate, { name, sourceType: '1', applicationCode: 'erp', ...fields })
    return name
  }
  const PG_SOURCE = { dbType: 'postgresql', host: '127.0.0.1', port: '5432', username: 'postgres', databaseName: 'test' }
  const MARIA_SOURCE = { dbType: 'mariadb', host: '127.0.0.1', port: '3306', username: 'root', databaseName: 'test' }
  const dblink = (datasourceName: string, targetTableName: string, pairs: [string, string][]): Partial<ConsumerInput> => ({
    dataConsumeType: 'dblink',
    datasourceName,
    dbLinkRequestInfoModel: { targetTableName, fieldMappings: JSON.stringify(pairs.map(([s, t]) => ({ sourceFieldName: s, targetFieldName: t }))), isUpdateRecord: '0', compareField: '' },
  })

  it('stores the exact values in PostgreSQL bigint and numeric columns, by flat and by nested field mappings', async () => {
    const name = await source(PG_SOURCE)
    // Flat mappings go in as the message's JSON; nested ones as column values.
    await delivered([dblink(name, table, [['id', 'id'], ['amount', 'amount'], ['status', 'status']]), dblink(name, `${table}_n`, [['order.id', 'id'], ['order.amount', 'amount']])], `{"order":${ORDER},"id":${ID},"amount":${AMOUNT},"status":"new"}`)
    expect((await pgClient.query(`select id::text, amount::text, status from ${table}`)).rows).toEqual([{ id: ID, amount: AMOUNT, status: 'new' }])
    expect((await pgClient.query(`select id::text, amount::text from ${table}_n`)).rows).toEqual([{ id: ID, amount: `${AMOUNT}0` }])
  })

  it('stores the exact values in MariaDB BIGINT and DECIMAL(40,10) columns, and a 64-bit id in a SQLite INTEGER column', async () => {
    const file = join(folder, 'orders.sqlite')
    const lite = new Database(file)
    lite.exec(`create table ${table} (id integer, amount text)`)
    lite.close()
    await delivered([dblink(await source(MARIA_SOURCE), table, [['id', 'id'], ['amount', 'amount'], ['status', 'status']]), dblink(await source({ dbType: 'sqlite', databaseName: file }), table, [['id', 'id'], ['amount', 'amount']])])
    const [rows] = await maria.query(`select cast(id as char) as id, cast(amount as char) as amount, status from ${table}`)
    expect(rows).toEqual([{ id: ID, amount: `${AMOUNT}0`, status: 'new' }])
    const read = new Database(file, { readonly: true })
    read.defaultSafeIntegers(true)
    expect(read.prepare(`select id, typeof(id) as kind, amount from ${table}`).all()).toEqual([{ id: BigInt(ID), kind: 'integer', amount: AMOUNT }])
    read.close()
  })

  it('the flow simulator shows a sample’s numbers with their digits, the http body and the dblink cells (as numbers) alike', async () => {
    const name = await source(PG_SOURCE)
    const flow = await openFlow(b, { topic: { dataFormat: 'json' }, consumers: [httpConsumer(`${sink.url}/sim`), dblink(name, table, [['id', 'id'], ['amount', 'amount']])] })
    const response = await b.hub.app.inject({
      method: 'POST',
      url: routePattern(topicSimulate),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${b.admin}` },
      payload: `{"topicCode":${JSON.stringify(flow.topic.code)},"sample":${ORDER},"readTargetColumns":true}`,
    })
    const answer = response.json() as { code: string; message: string; data: Simulation }
    expect(answer.code, answer.message).toBe('2000')
    expect(answer.data.check.output?.text).toBe(ORDER)
    const [http, db] = answer.data.consumers
    expect(http!.delivery.http?.body).toBe(ORDER)
    expect(db!.delivery.dbLink!.rows).toEqual([[expect.objectContaining({ column: 'id', value: ID, kind: 'number', problem: null }), expect.objectContaining({ column: 'amount', value: AMOUNT, kind: 'number', problem: null })]])
  })

  for (const [kind, fields, make] of [
    ['PostgreSQL', PG_SOURCE, async (t: string) => void (await pgClient.query(`create table ${t} (id bigint primary key, amount numeric(40,10), small bigint); insert into ${t} values (${ID}, ${AMOUNT}, 42)`))],
    ['MariaDB', MARIA_SOURCE, async (t: string) => {
      await maria.query(`create table ${t} (id bigint primary key, amount decimal(40,10), small bigint)`)
      await maria.query(`insert into ${t} values (${ID}, ${AMOUNT}, 42)`)
    }],
  ] as const) {
    it(`a dblink producer reading ${kind} bigint and numeric columns gives a message with those digits, as numbers`, async () => {
      const from = `${table}_src_${kind.toLowerCase()}`
      await make(from)
      try {
        const path = `/from-${kind.toLowerCase()}`
        const p = await scheduledFlow(
          b,
          {
            productionMode: 'dblink',
            dbLinkRequestInfoModel: { dataSourceName: await source(fields), dataGetMethod: '1', queryType: 'pageList', tableName: from, querySql: `select * from ${from}`, dataSynch: 'all', batchGetData: '0', failRetry: '0', dataStoreType: '0' },
          } as Partial<ProducerInput>,
          [httpConsumer(`${sink.url}${path}`)],
        )
        await fire(b, node, p.id)
        await until(() => allDelivered(b.hub.store, p.id), (done) => done)
        expect((await runHistory(b, p.id)).map((r) => [r.state, r.messagesAccepted])).toEqual([['succeeded', 1]])
        expect(received(path)).toEqual([`{"id":${ID},"amount":${AMOUNT}0,"small":42}`])
      } finally {
        if (kind === 'PostgreSQL') await pgClient.query(`drop table if exists ${from}`)
        else await maria.query(`drop table if exists ${from}`)
      }
    })
  }
})
