import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createDeliveryWorker, type DeliveryWorker } from '../../../src/hub/runtime/queue/worker'
import { runtimeDb } from '../../../src/hub/runtime/tables'
import { authenticationCreate } from '../../../src/shared/contract/datahub/authentication'
import { datasourceCreate } from '../../../src/shared/contract/datahub/dataSources'
import { topicSimulate, type Simulation } from '../../../src/shared/contract/datahub/simulate'
import { receiveOrderSettings, startSoapSink, type SoapSink } from '../../support/soapSink'
import { PG_TEST } from '../../support/sqlSources'
import { describeEachStore, storeTargets } from '../../support/stores'
import { openBench, type Bench } from '../datahub/support'
import { drain, httpConsumer, openFlow, push, pushOk, startSink, type Sink } from './support'

// What is compared is the simulator against the runtime on one hub; the store kind does not change either (one run).
const targets = (await storeTargets()).filter((t) => t.name === 'sqlite')
const MASK = '******'

const mappings = JSON.stringify([
  { sourceFieldName: 'id', targetFieldName: 'order_id' },
  { sourceFieldName: 'customer.name', targetFieldName: 'customer' },
  { sourceFieldName: 'amount', targetFieldName: 'amount' },
  { sourceFieldName: 'stage', targetFieldName: 'stage' },
])

describeEachStore(targets, 'flow simulator: a sample through the flow step by step, as the runtime takes it, nothing stored or sent', (target) => {
  let b: Bench
  let worker: DeliveryWorker
  let sink: Sink
  let soap: SoapSink
  const table = `dh_sim_${randomBytes(4).toString('hex')}`
  const pgClient = new pg.Client(PG_TEST)

  beforeAll(async () => {
    // The SOAP sink is on loopback, which the WSDL address rule refuses unless the hub allows private addresses.
    b = await openBench(target, { allowPrivateWsdl: true })
    worker = createDeliveryWorker({ store: b.hub.store, events: b.hub.events, outbox: b.hub.outbox, config: b.hub.config, log: () => {} })
    sink = await startSink()
    soap = await startSoapSink()
    await pgClient.connect()
    await pgClient.query(`create table ${table} (order_id integer primary key, customer varchar(10), amount numeric(6,2), stage text)`)
  })
  afterAll(async () => {
    await worker?.stop()
    await sink?.close()
    await soap?.close()
    await pgClient.query(`drop table if exists ${table}`).catch(() => {})
    await pgClient.end().catch(() => {})
    await b?.close()
  })

  const simulate = (input: Record<string, unknown>) => b.ok<Simulation>(topicSimulate, input)
  const storedMessages = async (topicCode: string) =>
    Number((await runtimeDb(b.hub.store.db).selectFrom('dh_messages').select((e) => e.fn.countAll().as('n')).where('topic_code', '=', topicCode).executeTakeFirstOrThrow()).n)
  const tableRows = async () => (await pgClient.query(`select order_id, customer, amount::float as amount, stage from ${table} order by order_id`)).rows

  async function pgSource(): Promise<string> {
    const name = `sim-${randomBytes(4).toString('hex')}`
    await b.ok(datasourceCreate, { name, sourceType: '1', applicationCode: 'erp', dbType: 'postgresql', host: '127.0.0.1', port: '5432', username: 'postgres', databaseName: 'test' })
    return name
  }

  /** A routed topic: vip → an http consumer, big → a dblink consumer into PostgreSQL, never → an http consumer no row reaches. */
  async function routedFlow() {
    const source = await pgSource()
    return openFlow(b, {
      topic: {
        dataFormat: 'json',
        distributeType: '2',
        routeTableData: [
          { syntax: 'JsonPath', expression: '$.vip', routingKey: 'vip' },
          { syntax: 'JavaScript', expression: 'return data.amount > 100 ? "big" : null', routingKey: '' },
          { syntax: 'JsonPath', expression: '$.region.north', routingKey: 'never' },
        ],
      },
      producer: { preProcessorEnabled: '1', preProcessorType: 'JavaScript', preProcessorExpression: 'data.stage = "pre"\nreturn data' },
      consumers: [
        httpConsumer(`${sink.url}/vip`, {
          routingKey: 'vip',
          postProcessorEnabled: '1',
          postProcessorType: 'JavaScript',
          postProcessorExpression: 'return { order: data.id, who: data.customer.name, stage: data.stage }',
        }),
        { dataConsumeType: 'dblink', routingKey: 'big', datasourceName: source, dbLinkRequestInfoModel: { targetTableName: table, fieldMappings: mappings, isUpdateRecord: '0', compareField: '' } },
        httpConsumer(`${sink.url}/never`, { routingKey: 'never' }),
      ],
    })
  }

  it('gives the routing, the http body and the PostgreSQL rows the runtime then gives the same sample, and stores, sends and writes nothing itself', async () => {
    const flow = await routedFlow()
    const [vip, big] = flow.consumers
    const sample = { id: 41, vip: true, amount: 250.5, customer: { name: 'Ann' } }

    const sim = await simulate({ topicCode: flow.topic.code, sample: JSON.stringify(sample) })
    expect(sim.check).toMatchObject({ status: 'ok', error: null })
    expect(sim.preProcess).toMatchObject({ status: 'ok', type: 'JavaScript' })
    expect(JSON.parse(sim.preProcess.output!.text)).toEqual({ ...sample, stage: 'pre' })
    expect(sim.routing.rows.map((r) => r.keys)).toEqual([['vip'], ['big'], []])
    expect(sim.routing.rows[2]!.notes).toContain('matchedNothing')
    expect(sim.routing.consumers.map((c) => [c.consumerId, c.reached])).toEqual(flow.consumers.map((c, i) => [c.id, i < 2]))
    expect(sim.consumers.map((c) => c.consumerId)).toEqual([vip!.id, big!.id])
    const http = sim.consumers[0]!.delivery.http!
    const rows = sim.consumers[1]!.delivery.dbLink!.rows
    expect(rows.map((r) => r.map((c) => [c.column, c.value, c.found]))).toEqual([
      [['order_id', 41, true], ['customer', 'Ann', true], ['amount', 250.5, true], ['stage', 'pre', true]],
    ])

    // Nothing stored, sent or written by the simulation.
    expect(await storedMessages(flow.topic.code)).toBe(0)
    expect(sink.received).toHaveLength(0)
    expect(await tableRows()).toEqual([])

    // The same sample through the runtime: the same keys and consumers, the same body, the same rows.
    const answer = await push(b, flow.topic.code, JSON.stringify(sample))
    expect(answer.body.code, answer.body.message).toBe('2000')
    expect(answer.body.data!.routingKeys).toEqual(sim.routing.keys)
    expect(answer.body.data!.deliveries).toBe(sim.consumers.length)
    const deliveries = await drain(b, worker, answer.body.data!.messageId)
    expect(deliveries.map((d) => d.status)).toEqual(['delivered', 'delivered'])
    const [received] = sink.at('/vip')
    expect(received!.method).toBe(http.method)
    expect(received!.body).toBe(http.body)
    expect(received!.headers['content-type']).toBe(http.headers.find(([k]) => k === 'content-type')?.[1])
    expect(`${sink.url}${received!.path}`).toBe(http.url)
    expect(sink.at('/never')).toHaveLength(0)
    expect(await tableRows()).toEqual([Object.fromEntries(rows[0]!.map((c) => [c.column, c.value]))])
    console.log(`simulated and delivered body: ${http.body}; rows in ${table}: ${JSON.stringify(await tableRows())}`)
  })

  it('reports a processor exception with its line, and a JsonPath that matches nothing on its step', async () => {
    const throwing = await openFlow(b, {
      topic: { dataFormat: 'json' },
      producer: { preProcessorEnabled: '1', preProcessorType: 'JavaScript', preProcessorExpression: 'const order = data.order\n\nreturn order.lines.length' },
      consumers: [httpConsumer(`${sink.url}/thrown`)],
    })
    const failed = await simulate({ topicCode: throwing.topic.code, sample: { id: 1 } })
    expect(failed.check.status).toBe('ok')
    expect(failed.preProcess).toMatchObject({ status: 'failed', error: { line: 3 } })
    expect(failed.preProcess.error!.message).toMatch(/line 3.*TypeError/)
    expect(failed.routing.status).toBe('skipped')
    expect(failed.consumers).toEqual([])
    // The runtime refuses the push with the same reason.
    const refused = await push(b, throwing.topic.code, { id: 1 })
    expect(refused.body.message).toContain(failed.preProcess.error!.message.split(': ').slice(-1)[0])

    const selecting = await openFlow(b, {
      topic: { dataFormat: 'json' },
      producer: { preProcessorEnabled: '1', preProcessorType: 'JsonPath', preProcessorExpression: '$.missing' },
      consumers: [httpConsumer(`${sink.url}/empty`, { postProcessorEnabled: '1', postProcessorType: 'JavaScript', postProcessorExpression: 'const a = 1\nreturn a.b.c' })],
    })
    const empty = await simulate({ topicCode: selecting.topic.code, sample: '{"id": 2}' })
    // Matching nothing is not a pass: the message comes to nothing at this step.
    expect(empty.preProcess).toMatchObject({ status: 'warning', notes: ['matchedNothing'], output: { text: '[]', format: 'json' } })
    expect(empty.consumers[0]!.postProcess).toMatchObject({ status: 'failed', error: { line: 2 } })
    expect(empty.consumers[0]!.delivery.status).toBe('skipped')

    const badSchema = await openFlow(b, { topic: { dataFormat: 'json', topicSchema: JSON.stringify({ type: 'object', required: ['id'], properties: { id: { type: 'integer' } } }) }, consumers: [httpConsumer(`${sink.url}/schema`)] })
    const refusedBySchema = await simulate({ topicCode: badSchema.topic.code, sample: '{"name": "x"}' })
    expect(refusedBySchema.check.status).toBe('failed')
    expect(refusedBySchema.check.error!.message).toBe((await push(b, badSchema.topic.code, '{"name": "x"}')).body.message)
    expect(sink.received.filter((r) => ['/thrown', '/empty', '/schema'].includes(r.path))).toHaveLength(0)
  })

  it('a step whose outcome is that nothing happens is a warning, not a pass: a stopped producer, a routing key no consumer has', async () => {
    const stopped = await openFlow(b, { topic: { dataFormat: 'json' }, consumers: [httpConsumer(`${sink.url}/stopped`)], start: false })
    const refusedPush = await simulate({ topicCode: stopped.topic.code, sample: { id: 1 } })
    expect(refusedPush.admission).toMatchObject({ status: 'warning', notes: ['producerDisabled'] })
    // The runtime does refuse that push.
    expect((await push(b, stopped.topic.code, { id: 1 })).body.code).not.toBe('2000')

    const nowhere = await openFlow(b, {
      topic: { dataFormat: 'json', distributeType: '2', routeTableData: [{ syntax: 'JavaScript', expression: 'return "nobody"', routingKey: '' }] },
      consumers: [httpConsumer(`${sink.url}/vip-only`, { routingKey: 'vip' })],
    })
    const unrouted = await simulate({ topicCode: nowhere.topic.code, sample: { id: 2 } })
    expect(unrouted.admission.status).toBe('ok')
    expect(unrouted.routing).toMatchObject({ status: 'warning', keys: ['nobody'] })
    expect(unrouted.routing.notes).toContain('noConsumerReached')
    expect(unrouted.consumers).toEqual([])
    // The runtime accepts it and delivers it nowhere, as the warning says.
    const accepted = await push(b, nowhere.topic.code, { id: 2 })
    expect(accepted.body.code).toBe('2000')
    expect(accepted.body.data!.deliveries).toBe(0)
  })

  it('a full sync into a consumer that only inserts is a warning: the second run would meet the rows the first wrote', async () => {
    const source = await pgSource()
    const fullSync = { dataSourceName: source, dataGetMethod: '2', queryType: 'pageList', querySql: 'select 1 as id', dataSynch: 'all', batchGetData: '0', failRetry: '0', dataStoreType: '0' }
    const dblinkConsumer = (isUpdateRecord: string) => ({
      dataConsumeType: 'dblink' as const,
      datasourceName: source,
      dbLinkRequestInfoModel: { targetTableName: table, fieldMappings: mappings, isUpdateRecord, compareField: isUpdateRecord === '1' ? 'order_id' : '' },
    })
    const flow = await openFlow(b, {
      topic: { dataFormat: 'json' },
      producer: { productionMode: 'dblink', weeks: '1', amHours: '08', minutes: '00', dbLinkRequestInfoModel: fullSync },
      consumers: [dblinkConsumer('0'), dblinkConsumer('1')],
      start: false,
    })
    const before = await tableRows()
    const sim = await simulate({ topicCode: flow.topic.code, sample: { id: 7, customer: { name: 'Ann' }, amount: 1 } })
    const [insertOnly, updating] = sim.consumers
    expect(insertOnly!.delivery.status).toBe('warning')
    expect(insertOnly!.delivery.notes).toContain('rewritesEachRun')
    expect(updating!.delivery.notes).not.toContain('rewritesEachRun')
    // Warned, not written.
    expect(await tableRows()).toEqual(before)
  })

  // Read, not only predicted: the key the sample would insert is already in the table.
  it('says a duplicate key will occur when the row the sample would insert has a key the PostgreSQL table already holds', async () => {
    const source = await pgSource()
    const consumer = (isUpdateRecord: string) => ({
      dataConsumeType: 'dblink' as const,
      datasourceName: source,
      dbLinkRequestInfoModel: { targetTableName: table, fieldMappings: mappings, isUpdateRecord, compareField: isUpdateRecord === '1' ? 'order_id' : '' },
    })
    const flow = await openFlow(b, { topic: { dataFormat: 'json' }, consumers: [consumer('0'), consumer('1')] })
    await pgClient.query(`insert into ${table} (order_id, customer, amount, stage) values (9001, 'Old', 1, 'x')`)
    try {
      const before = await tableRows()
      const sample = JSON.stringify([{ id: 9001, customer: { name: 'Ann' }, amount: 2, stage: 'new' }, { id: 9002, customer: { name: 'Bo' }, amount: 3, stage: 'new' }])
      const sim = await simulate({ topicCode: flow.topic.code, sample, readTargetColumns: true })
      const [insertOnly, updating] = sim.consumers
      expect(insertOnly!.delivery).toMatchObject({ status: 'failed', notes: expect.arrayContaining(['duplicateKey']) })
      expect(insertOnly!.delivery.dbLink!.duplicateKeys).toEqual(['order_id=9001'])
      expect(insertOnly!.delivery.error!.message).toBe(`目标表 ${table} 已有主键为 order_id=9001 的行：此消费者只插入不更新，写入时会因主键重复而失败。`)
      // Updating by key: the row is updated, no duplicate.
      expect(updating!.delivery.status).toBe('ok')
      expect(updating!.delivery.dbLink!.duplicateKeys).toEqual([])
      // Without reading the table nothing is claimed.
      const unread = await simulate({ topicCode: flow.topic.code, sample })
      expect(unread.consumers[0]!.delivery.status).toBe('ok')
      // A key the table does not hold yet passes.
      const fresh = await simulate({ topicCode: flow.topic.code, sample: JSON.stringify({ id: 9003, customer: { name: 'Cy' }, amount: 4, stage: 'new' }), readTargetColumns: true })
      expect(fresh.consumers[0]!.delivery).toMatchObject({ status: 'ok', error: null })
      expect(await tableRows()).toEqual(before)
    } finally {
      await pgClient.query(`delete from ${table} where order_id = 9001`)
    }
  })

  it('masks secrets in the request it shows, and shows a SOAP request only from a WSDL the hub already keeps', async () => {
    const method = await b.ok<{ id: string }>(authenticationCreate, { appCode: 'erp', authenName: `sim-${randomBytes(3).toString('hex')}`, authenType: '1', tokenKey: 'X-Token', tokenValue: 's3cret-token' })
    const flow = await openFlow(b, {
      topic: { dataFormat: 'json' },
      consumers: [
        httpConsumer(`${sink.url}/secret`, {
          httpRequestInfoModel: {
            requestUri: `${sink.url}/secret`,
            requestMethod: 'PUT',
            authenStatus: '1',
            authenId: method.id,
            httpParamsModel: { headers: [{ key: 'X-Api-Key', value: 'k3y-in-a-header', checked: true }, { key: 'X-Plain', value: 'shown', checked: true }] },
          },
        }),
        {
          dataConsumeType: 'webservice',
          webServiceRequestInfoModel: { ...receiveOrderSettings(soap.wsdlUrl('1.1')), parameters: [{ name: 'orderId', type: 'string' }, { name: 'amount', type: 'decimal' }], callbackStrategy: '1' },
        },
      ],
    })
    const sample = { orderId: 'S-1', amount: 3 }
    const first = await simulate({ topicCode: flow.topic.code, sample })
    const shown = JSON.stringify(first)
    for (const secret of ['s3cret-token', 'k3y-in-a-header']) expect(shown).not.toContain(secret)
    const http = first.consumers[0]!.delivery
    expect(http.notes).toContain('tokenMasked')
    expect(http.http!.headers).toEqual(expect.arrayContaining([['x-token', MASK], ['x-api-key', MASK], ['x-plain', 'shown']]))
    // The WSDL was never loaded here: the simulator says so instead of fetching it.
    expect(first.consumers[1]!.delivery).toMatchObject({ status: 'failed', error: { message: expect.stringContaining('模拟时不会去获取它') } })
    expect(soap.accepted).toHaveLength(0)
    expect(sink.at('/secret')).toHaveLength(0)

    // Once a delivery has loaded the WSDL, the envelope shown is the one sent (its header token masked).
    await drain(b, worker, await pushOk(b, flow.topic.code, sample))
    const sent = soap.accepted.at(-1)!
    const again = await simulate({ topicCode: flow.topic.code, sample })
    const ws = again.consumers[1]!.delivery.webService!
    const bodyOf = (envelope: string) => /<soap:Body>(.*)<\/soap:Body>/s.exec(envelope)?.[1]
    expect(bodyOf(ws.envelope)).toBe(bodyOf(sent.body))
    expect(ws.envelope).not.toContain('t0ken')
    expect(ws.headers).toEqual(expect.arrayContaining([['soapaction', sent.headers.soapaction]]))
    expect(soap.accepted).toHaveLength(1)
  })

  it("checks a consumer's unsaved mappings against the target table's column types", async () => {
    const flow = await routedFlow()
    const big = flow.consumers[1]!
    const unsaved = JSON.stringify([
      { sourceFieldName: 'id', targetFieldName: 'order_id' },
      { sourceFieldName: 'customer.name', targetFieldName: 'customer' },
      { sourceFieldName: 'amount', targetFieldName: 'amount' },
      { sourceFieldName: 'phase', targetFieldName: 'stage' },
    ])
    const before = await tableRows()
    const sample = [
      { id: 1, amount: 'abc', customer: { name: 'A name far too long' } },
      { id: 'x', amount: 12345, customer: { name: 'Bo' } },
    ]
    const sim = await simulate({ topicCode: flow.topic.code, sample: JSON.stringify(sample), consumerId: big.id, fieldMappings: unsaved, readTargetColumns: true })
    // Routing reaches no consumer for these records; the editor's consumer is tried anyway.
    expect(sim.consumers).toHaveLength(1)
    expect(sim.consumers[0]).toMatchObject({ consumerId: big.id, reached: false })
    const dbLink = sim.consumers[0]!.delivery
    expect(dbLink.notes).toEqual(['noSourceField', 'typeMismatch'])
    expect(dbLink.dbLink!.unmatched).toEqual(['phase'])
    expect(dbLink.dbLink!.columnTypes).toMatchObject({ order_id: 'integer', amount: expect.stringMatching(/numeric/) })
    const problems = dbLink.dbLink!.rows.map((r) => r.filter((c) => c.problem !== null).map((c) => c.column))
    expect(problems).toEqual([['customer', 'amount'], ['order_id', 'amount']])
    expect(await tableRows()).toEqual(before)
  })
})
