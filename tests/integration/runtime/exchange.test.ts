import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import amqp from 'amqplib'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { consumerFilesDir } from '../../../src/hub/config'
import { createDeliveryWorker, type DeliveryWorker } from '../../../src/hub/runtime/queue/worker'
import { datasourceCreate, datasourceStatus } from '../../../src/shared/contract/datahub/dataSources'
import * as gw from '../../../src/shared/contract/platform/apps/gateways'
import { eventually } from '../../support/eventually'
import { describeEachStore, storeTargets } from '../../support/stores'
import { freshCode, openBench, type Bench } from '../datahub/support'
import { deliveriesOf, drain, httpConsumer, openFlow, push, pushOk, startSink, type Sink } from './support'

const targets = await storeTargets()
const AMQP = { protocol: 'amqp', hostname: '127.0.0.1', port: 5672, username: 'guest', password: 'guest' }

describeEachStore(targets, 'exchange runtime: data flows from a producer to its consumers', (target) => {
  let b: Bench
  let sink: Sink
  let worker: DeliveryWorker

  beforeAll(async () => {
    b = await openBench(target)
    sink = await startSink()
    // Retry intervals in units of 20 ms instead of seconds: the same logic, a faster test.
    worker = createDeliveryWorker({ store: b.hub.store, events: b.hub.events, outbox: b.hub.outbox, config: b.hub.config, log: (l) => b.hub.logs.push(l) }, { retryUnitMs: 20, pollMs: 20 })
  })
  afterAll(async () => {
    await worker?.stop()
    await sink?.close()
    await b?.close()
  })

  it('answers 2000 once the message is stored, then POSTs it to an http consumer with its params and headers', async () => {
    const flow = await openFlow(b, {
      topic: { dataFormat: 'json' },
      consumers: [
        httpConsumer(`${sink.url}/orders`, {
          httpRequestInfoModel: {
            requestUri: `${sink.url}/orders`,
            requestMethod: 'POST',
            authenStatus: '0',
            httpParamsModel: { params: [{ key: 'src', value: 'hub', description: '', checked: true }, { key: 'off', value: 'x', description: '', checked: false }], headers: [{ key: 'X-Tenant', value: 't1', description: '', checked: true }] },
          },
        }),
      ],
    })
    const messageId = await pushOk(b, flow.topic.code, { id: 7, amount: 12.5 })
    expect((await deliveriesOf(b, messageId)).map((d) => d.status)).toEqual(['pending'])
    const [delivery] = await drain(b, worker, messageId)
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1, last_error: '' })
    const [got] = sink.at('/orders')
    expect(JSON.parse(got!.body)).toEqual({ id: 7, amount: 12.5 })
    expect(got!.headers['x-tenant']).toBe('t1')
    expect(got!.headers['content-type']).toContain('application/json')
    expect(got!.query.get('src')).toBe('hub')
    expect(got!.query.has('off')).toBe(false)
  })

  it('sends a gateway path (/inner/…) where the hub\'s live route points, and retries while no route takes it', async () => {
    const path = `/inner/${freshCode('gw').replace(/[^a-z0-9]/gi, '').toLowerCase()}`
    const flow = await openFlow(b, { consumers: [httpConsumer(`${path}/orders`, { retriable: '1', retryNum: '5', retryTimeInterval: '1' })] })
    const messageId = await pushOk(b, flow.topic.code, { id: 11 })
    await worker.tick()
    expect((await deliveriesOf(b, messageId))[0]).toMatchObject({ status: 'pending', attempts: 1, last_error: expect.stringContaining('no enabled gateway route') })
    await b.ok(gw.internalCreate, { path: `${path}/**`, prefix: path, targetService: `${sink.url}/svc` })
    await b.ok(gw.refreshRoute)
    expect((await drain(b, worker, messageId))[0]).toMatchObject({ status: 'delivered' })
    expect(JSON.parse(sink.at(`/svc${path}/orders`)[0]!.body)).toEqual({ id: 11 })
  })

  it('writes a file consumer\'s messages as whole files named by its rule, no temporary file left', async () => {
    // Without a file location: a folder below the hub's folder for consumer files.
    const dir = join(consumerFilesDir(b.hub.config), 'out')
    const flow = await openFlow(b, { consumers: [{ dataConsumeType: 'file', fileRequestInfoModel: { fileDir: 'out', fileNameRule: '2', fileNamePrefix: 'ord_' } }] })
    const first = await pushOk(b, flow.topic.code, { n: 1 })
    const second = await pushOk(b, flow.topic.code, { n: 2 })
    await drain(b, worker, first)
    expect((await drain(b, worker, second))[0]!.status).toBe('delivered')
    const files = (await readdir(dir)).sort()
    expect(files).toHaveLength(2)
    for (const f of files) expect(f).toMatch(/^ord_\d{8}_\d{6}\.json$/)
    const contents = await Promise.all(files.map((f) => readFile(join(dir, f), 'utf8')))
    expect(contents.map((c) => JSON.parse(c) as unknown).sort((x, y) => (x as { n: number }).n - (y as { n: number }).n)).toEqual([{ n: 1 }, { n: 2 }])
  })

  it('publishes an mq consumer\'s messages to its RabbitMQ queue with confirms', async () => {
    const queue = `dh_runtime_${freshCode('q').replace(/\W/g, '_')}`
    const connection = await amqp.connect(AMQP)
    const channel = await connection.createChannel()
    try {
      await channel.assertQueue(queue, { durable: false, autoDelete: false })
      const source = await b.ok<{ id: string }>(datasourceCreate, { name: `mq-${queue}`.slice(0, 50), sourceType: '4', dbType: 'rabbitmq', applicationCode: 'erp', host: '127.0.0.1', port: '5672', username: 'guest', password: 'guest', databaseName: '/' })
      await b.ok(datasourceStatus, { id: source.id })
      const flow = await openFlow(b, { consumers: [{ dataConsumeType: 'mq', datasourceName: `mq-${queue}`.slice(0, 50), mqRequestInfoModel: { queueName: queue } }] })
      const messageId = await pushOk(b, flow.topic.code, { sku: 'A-1' })
      expect((await drain(b, worker, messageId))[0]).toMatchObject({ status: 'delivered' })
      const got = await channel.get(queue, { noAck: true })
      expect(got && JSON.parse(got.content.toString('utf8'))).toEqual({ sku: 'A-1' })
      expect(got && got.properties.messageId).toBe(messageId)
    } finally {
      await channel.deleteQueue(queue).catch(() => {})
      await connection.close()
    }
  })

  it('routes by key (distributeType 2): only consumers with a key the route rows give receive the message', async () => {
    const flow = await openFlow(b, {
      topic: {
        distributeType: '2',
        routeTableData: [
          { syntax: 'JsonPath', expression: '$.vip', routingKey: 'vip' },
          { syntax: 'JavaScript', expression: 'return data.amount > 100 ? "big" : null', routingKey: '' },
        ],
      },
      consumers: [httpConsumer(`${sink.url}/r-vip`, { routingKey: 'vip' }), httpConsumer(`${sink.url}/r-big`, { routingKey: 'big' }), httpConsumer(`${sink.url}/r-other`, { routingKey: 'other' })],
    })
    const answer = await push(b, flow.topic.code, { vip: true, amount: 5 })
    expect(answer.body.data).toMatchObject({ routingKeys: ['vip'], deliveries: 1 })
    await drain(b, worker, answer.body.data!.messageId)
    const big = await pushOk(b, flow.topic.code, { vip: false, amount: 500 })
    await drain(b, worker, big)
    expect(sink.at('/r-vip')).toHaveLength(1)
    expect(sink.at('/r-big')).toHaveLength(1)
    expect(JSON.parse(sink.at('/r-big')[0]!.body)).toMatchObject({ amount: 500 })
    expect(sink.at('/r-other')).toHaveLength(0)
  })

  it('retries a failing consumer until it recovers, and ends one that never does dead with its reason', async () => {
    sink.on('/flaky', (count) => (count < 3 ? 500 : 200))
    sink.on('/down', 503)
    const retry = { retriable: '1', retryNum: '3', retryTimeInterval: '1' } as const
    const flow = await openFlow(b, { consumers: [httpConsumer(`${sink.url}/flaky`, retry), httpConsumer(`${sink.url}/down`, { ...retry, retryNum: '2' })] })
    const messageId = await pushOk(b, flow.topic.code, { id: 1 })
    const rows = await drain(b, worker, messageId)
    const byConsumer = new Map(rows.map((r) => [r.consumer_id, r]))
    expect(byConsumer.get(flow.consumers[0]!.id)).toMatchObject({ status: 'delivered', attempts: 3, last_error: '' })
    const dead = byConsumer.get(flow.consumers[1]!.id)!
    expect(dead).toMatchObject({ status: 'dead', attempts: 3 })
    expect(dead.last_error).toContain('HTTP 503')
    expect(dead.last_error).toContain('sink says no')
    expect(dead.last_error).toContain('gave up after 3 attempts')
    expect(sink.at('/down')).toHaveLength(3)
  })

  it('does not let a slow consumer hold up the others', async () => {
    let release: () => void = () => {}
    const held = new Promise<void>((r) => (release = r))
    sink.on('/slow', async () => {
      await held
      return 200
    })
    const flow = await openFlow(b, { consumers: [httpConsumer(`${sink.url}/slow`), httpConsumer(`${sink.url}/fast`)] })
    const messageId = await pushOk(b, flow.topic.code, { id: 2 })
    const running = createDeliveryWorker({ store: b.hub.store, events: b.hub.events, outbox: b.hub.outbox, config: b.hub.config, log: () => {} }, { pollMs: 20 })
    running.start()
    try {
      // The fast one ends while the slow one is still held, however long a busy machine takes.
      await eventually(async () => (await deliveriesOf(b, messageId)).find((d) => d.consumer_id === flow.consumers[1]!.id), (fast) => fast?.status === 'delivered', 'the fast consumer\'s delivery')
      expect((await deliveriesOf(b, messageId)).find((d) => d.consumer_id === flow.consumers[0]!.id)?.status).toBe('delivering')
    } finally {
      release()
      await running.stop()
    }
    expect((await drain(b, worker, messageId)).every((d) => d.status === 'delivered')).toBe(true)
  })

  it('drains a backlog as fast as the consumer answers, not one batch per poll interval', async () => {
    const flow = await openFlow(b, { consumers: [httpConsumer(`${sink.url}/backlog`)] })
    for (let i = 0; i < 40; i++) await pushOk(b, flow.topic.code, { i })
    // Two slots and a poll every 2 s: a worker that waited for the next poll would need ~40 s.
    const running = createDeliveryWorker({ store: b.hub.store, events: b.hub.events, outbox: b.hub.outbox, config: b.hub.config, log: () => {} }, { pollMs: 2000, perConsumer: 2 })
    const started = Date.now()
    running.start()
    try {
      while (sink.at('/backlog').length < 40 && Date.now() - started < 20_000) await new Promise((r) => setTimeout(r, 20))
    } finally {
      await running.stop()
    }
    expect(sink.at('/backlog').map((r) => (JSON.parse(r.body) as { i: number }).i).sort((x, y) => x - y)).toEqual([...Array(40).keys()])
    // Half of what waiting for the polls would take: room for a busy machine, none for a wait per poll.
    expect(Date.now() - started).toBeLessThan(20_000)
  })

  it('says plainly that bigdata consumers cannot be delivered yet, nor excel ones without a file location, and leaves serverApi ones to be pulled', async () => {
    const flow = await openFlow(b, { consumers: [{ dataConsumeType: 'excel' }, { dataConsumeType: 'bigdata' }, { dataConsumeType: 'serverApi' }] })
    const messageId = await pushOk(b, flow.topic.code, { id: 3 })
    for (let i = 0; i < 3; i++) await worker.tick()
    const byConsumer = new Map((await deliveriesOf(b, messageId)).map((r) => [r.consumer_id, r]))
    const [excel, bigdata, serverApi] = flow.consumers.map((c) => byConsumer.get(c.id)!)
    for (const r of [excel!, bigdata!]) expect(r).toMatchObject({ status: 'dead', attempts: 1 })
    expect(bigdata!.last_error).toMatch(/cannot be delivered by this hub yet/)
    expect(excel!.last_error).toMatch(/data source \(a file location\) is not set/)
    // Its application pulls it (pull.test.ts): the worker neither tries nor ends it.
    expect(serverApi).toMatchObject({ status: 'pending', attempts: 0, last_error: '' })
  })

  it('applies the consumer\'s post-processing before delivery', async () => {
    const flow = await openFlow(b, {
      consumers: [httpConsumer(`${sink.url}/post`, { postProcessorEnabled: '1', postProcessorType: 'JavaScript', postProcessorExpression: 'return { orderId: data.id, total: data.items.length }' })],
    })
    await drain(b, worker, await pushOk(b, flow.topic.code, { id: 9, items: [1, 2, 3] }))
    expect(JSON.parse(sink.at('/post')[0]!.body)).toEqual({ orderId: 9, total: 3 })
  })
})
