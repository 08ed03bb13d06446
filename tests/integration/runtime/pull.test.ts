import { afterAll, beforeAll, expect, it } from 'vitest'
import { messageDeliveries, type DeliveryEntry } from '../../../src/shared/contract/datahub/runtime'
import { createDeliveryWorker, type DeliveryWorker } from '../../../src/hub/runtime/queue/worker'
import { describeEachStore, storeTargets } from '../../support/stores'
import { openBench, type Bench } from '../datahub/support'
import { ack, deliveriesOf, httpConsumer, openFlow, pullConsumer, pullingApp, pullOk, pushOk, settle, startSink, type PullingApp, type Sink } from './support'

const targets = await storeTargets()
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const LONG_LEASE = 10 * 60_000
const SHORT_LEASE = 250

describeEachStore(targets, 'exchange runtime: serverApi consumers pull their messages through the hub', (target) => {
  let b: Bench
  let sink: Sink
  let worker: DeliveryWorker
  let app: PullingApp
  beforeAll(async () => {
    b = await openBench(target)
    sink = await startSink()
    worker = createDeliveryWorker({ store: b.hub.store, events: b.hub.events, outbox: b.hub.outbox, config: b.hub.config, log: () => {} }, { retryUnitMs: 5 })
    app = await pullingApp(b)
  })
  afterAll(async () => {
    await worker?.stop()
    await sink?.close()
    await b?.close()
  })
  /** The pull reads the hub's runtime settings per call: a lease and retry unit per test. */
  const settings = (leaseMs: number) => {
    b.hub.config.runtime = { ...b.hub.config.runtime, leaseMs, retryUnitMs: 5 }
  }
  const logOf = async (messageId: string): Promise<DeliveryEntry[]> => (await b.ok<{ deliveries: DeliveryEntry[] }>(messageDeliveries, { id: messageId })).deliveries

  it('hands a message out once, post-processed; the acknowledgement makes it delivered in the log, and the producer and notifications hear of it', async () => {
    settings(LONG_LEASE)
    const flow = await openFlow(b, {
      producer: {
        alarm: JSON.stringify({ objData: [], callbackData: { callbackStatus: '1', callbackRule: '2' } }),
        apiRequestInfoModel: { apiAddr: '/producer/serverApi', callbackStrategy: '2', callbackHttpParamsModel: { url: `${sink.url}/cb`, method: 'POST' } },
      },
      consumers: [
        pullConsumer(app, {
          applicationName: 'Billing',
          postProcessorEnabled: '1',
          postProcessorType: 'JavaScript',
          postProcessorExpression: 'return { order: data.id }',
          notifyInfo: JSON.stringify([{ type: 'http', status: '1', receiver: { url: `${sink.url}/notify`, method: 'POST' } }]),
        }),
      ],
    })
    const messageId = await pushOk(b, flow.topic.code, { id: 41 })
    const [got, ...more] = await pullOk(b, app, flow.topic.code)
    expect(more).toEqual([])
    expect(got).toMatchObject({ messageId, topicCode: flow.topic.code, attempt: 1, contentType: expect.stringContaining('application/json') })
    expect(JSON.parse(got!.data)).toEqual({ order: 41 })
    expect(await pullOk(b, app, flow.topic.code)).toEqual([])
    expect((await logOf(messageId))[0]).toMatchObject({ status: 'delivering', attempts: 0 })

    expect((await ack(b, app.headers, { deliveryIds: [got!.deliveryId] })).body.data).toEqual({ acknowledged: 1, failed: 0, notHeld: [] })
    const [entry] = await logOf(messageId)
    expect(entry).toMatchObject({ status: 'delivered', attempts: 1, lastError: '', applicationName: 'Billing', dataConsumeType: 'serverApi' })
    expect(entry!.finishedAt).not.toBeNull()
    expect(entry!.durationMs).toBeGreaterThanOrEqual(0)
    // A second acknowledgement of the same delivery changes nothing.
    expect((await ack(b, app.headers, { deliveryIds: [got!.deliveryId] })).body.data).toEqual({ acknowledged: 0, failed: 0, notHeld: [got!.deliveryId] })

    expect((await settle(b, worker, messageId)).map((c) => [c.kind, c.status])).toEqual([
      ['callback', 'sent'],
      ['notify_http', 'sent'],
    ])
    expect(JSON.parse(sink.at('/cb')[0]!.body)).toMatchObject({ messageId, consumerId: flow.consumers[0]!.id, status: 'success', attempts: 1 })
    expect(JSON.parse(sink.at('/notify')[0]!.body)).toMatchObject({ messageId, applicationName: 'Billing', status: 'success' })
  })

  it('offers a message again, as try 2, once its lease ran out unacknowledged', async () => {
    settings(SHORT_LEASE)
    const flow = await openFlow(b, { consumers: [pullConsumer(app, { retriable: '1', retryNum: '3', retryTimeInterval: '1' })] })
    const messageId = await pushOk(b, flow.topic.code, { id: 42 })
    const [first] = await pullOk(b, app, flow.topic.code)
    expect(first).toMatchObject({ messageId, attempt: 1 })
    await sleep(SHORT_LEASE + 50)
    let again = await pullOk(b, app, flow.topic.code)
    // The expired lease is a failed try; the retry comes after the consumer's interval (5 ms here).
    if (again.length === 0) {
      await sleep(30)
      again = await pullOk(b, app, flow.topic.code)
    }
    expect(again).toEqual([expect.objectContaining({ deliveryId: first!.deliveryId, messageId, attempt: 2 })])
    expect((await ack(b, app.headers, { deliveryIds: [first!.deliveryId] })).body.data).toMatchObject({ acknowledged: 1 })
    expect((await deliveriesOf(b, messageId))[0]).toMatchObject({ status: 'delivered', attempts: 2, last_error: '' })
  })

  it('follows the consumer\'s retry settings for reported failures and lapsed leases, and ends the delivery dead after the last try', async () => {
    settings(SHORT_LEASE)
    const flow = await openFlow(b, { consumers: [pullConsumer(app, { retriable: '1', retryNum: '1', retryTimeInterval: '1' })] })
    const messageId = await pushOk(b, flow.topic.code, { id: 43 })
    const [first] = await pullOk(b, app, flow.topic.code)
    expect((await ack(b, app.headers, { failed: [{ deliveryId: first!.deliveryId, reason: 'ledger closed' }] })).body.data).toEqual({ acknowledged: 0, failed: 1, notHeld: [] })
    expect((await logOf(messageId))[0]).toMatchObject({ status: 'pending', attempts: 1, lastError: '应用报告处理失败：ledger closed' })
    await sleep(30)
    const [second] = await pullOk(b, app, flow.topic.code)
    expect(second).toMatchObject({ deliveryId: first!.deliveryId, attempt: 2 })
    await sleep(SHORT_LEASE + 50)
    expect(await pullOk(b, app, flow.topic.code)).toEqual([])
    const [entry] = await logOf(messageId)
    expect(entry).toMatchObject({ status: 'dead', attempts: 2 })
    // The log is read in Chinese (the bench's default): the reason and its "gave up" both translated.
    expect(entry!.lastError).toBe('应用未在租约到期前确认该消息（尝试 2 次后放弃）')
    expect((await ack(b, app.headers, { deliveryIds: [first!.deliveryId] })).body.data).toMatchObject({ acknowledged: 0, notHeld: [first!.deliveryId] })
  })

  it('the delivery worker pushes the other consumers and leaves serverApi deliveries, pulled or not, to their application', async () => {
    settings(SHORT_LEASE)
    const flow = await openFlow(b, { consumers: [httpConsumer(`${sink.url}/pushed`), pullConsumer(app), pullConsumer(app)] })
    const messageId = await pushOk(b, flow.topic.code, { id: 44 })
    const [pulled] = await pullOk(b, app, flow.topic.code, 1)
    await sleep(SHORT_LEASE + 50)
    for (let i = 0; i < 3; i++) await worker.tick()
    const byConsumer = new Map((await deliveriesOf(b, messageId)).map((d) => [d.consumer_id, d]))
    expect(byConsumer.get(flow.consumers[0]!.id)).toMatchObject({ status: 'delivered' })
    const [, left, right] = flow.consumers.map((c) => byConsumer.get(c.id)!)
    const held = left!.id === pulled!.deliveryId ? left! : right!
    const waiting = held === left ? right! : left!
    // Pulled and its lease lapsed, yet the worker neither took it over nor ended it.
    expect(held).toMatchObject({ status: 'delivering', attempts: 0 })
    expect(waiting).toMatchObject({ status: 'pending', attempts: 0, last_error: '' })
    expect(sink.at('/pushed')).toHaveLength(1)
    // Both consumers belong to the application: one pull serves them together.
    expect((await pullOk(b, app, flow.topic.code)).map((m) => m.deliveryId)).toEqual([waiting.id])
  })
})
