import { afterAll, beforeAll, expect, it } from 'vitest'
import { messageDeliveries, messageDiscard, messageList, messageReplay, messageRetry, type DeliveryEntry, type MessageSummary } from '../../../src/shared/contract/datahub/runtime'
import type { Paged } from '../../../src/shared/contract/paging'
import { createDeliveryWorker, type DeliveryWorker } from '../../../src/hub/runtime/queue/worker'
import { runtimeDb } from '../../../src/hub/runtime/tables'
import { describeEachStore, storeTargets } from '../../support/stores'
import { openBench, type Bench } from '../datahub/support'
import { drain, httpConsumer, openFlow, pushOk, startSink, type Sink } from './support'

const targets = await storeTargets()

type Matrix = { message: MessageSummary & { payload: string | null }; deliveries: DeliveryEntry[] }

describeEachStore(targets, 'exchange runtime: the message log, replay, retry and discard', (target) => {
  let b: Bench
  let sink: Sink
  let worker: DeliveryWorker
  beforeAll(async () => {
    b = await openBench(target)
    sink = await startSink()
    worker = createDeliveryWorker({ store: b.hub.store, events: b.hub.events, outbox: b.hub.outbox, config: b.hub.config, log: () => {} }, { retryUnitMs: 20 })
  })
  afterAll(async () => {
    await worker?.stop()
    await sink?.close()
    await b?.close()
  })

  it('lists messages by topic and delivery state, shows one message\'s deliveries, and lets an operator retry, replay and discard', async () => {
    let healthy = false
    sink.on('/log-down', () => (healthy ? 200 : 500))
    const flow = await openFlow(b, { consumers: [httpConsumer(`${sink.url}/log-ok`, { applicationName: 'Warehouse' }), httpConsumer(`${sink.url}/log-down`)] })
    const [ok, down] = flow.consumers
    const first = await pushOk(b, flow.topic.code, { n: 1 })
    await drain(b, worker, first)

    const page = await b.ok<Paged<MessageSummary>>(messageList, { topicCode: flow.topic.code })
    expect(page.totalElements).toBe(1)
    expect(page.content[0]).toMatchObject({ id: first, payloadKept: true, counts: { delivered: 1, dead: 1, pending: 0 } })
    expect((await b.ok<Paged<MessageSummary>>(messageList, { topicCode: flow.topic.code, status: 'pending' })).totalElements).toBe(0)
    expect((await b.ok<Paged<MessageSummary>>(messageList, { topicCode: flow.topic.code, status: 'dead' })).content.map((m) => m.id)).toEqual([first])

    const matrix = await b.ok<Matrix>(messageDeliveries, { id: first })
    expect(JSON.parse(matrix.message.payload!)).toEqual({ n: 1 })
    const byConsumer = new Map(matrix.deliveries.map((d) => [d.consumerId, d]))
    expect(byConsumer.get(ok!.id)).toMatchObject({ status: 'delivered', applicationName: 'Warehouse', dataConsumeType: 'http', attempts: 1 })
    const dead = byConsumer.get(down!.id)!
    expect(dead.status).toBe('dead')
    expect(dead.lastError).toContain('HTTP 500')

    // The receiver is back: retry the dead delivery.
    healthy = true
    expect(await b.ok(messageRetry, { ids: [dead.id, byConsumer.get(ok!.id)!.id] })).toEqual({ count: 1 })
    await drain(b, worker, first)
    expect((await b.ok<Matrix>(messageDeliveries, { id: first })).deliveries.map((d) => d.status)).toEqual(['delivered', 'delivered'])
    expect(sink.at('/log-down')).toHaveLength(2)

    // Replay to a consumer that already has it: delivered once more.
    const replayed = await b.ok<DeliveryEntry>(messageReplay, { messageId: first, consumerId: ok!.id })
    expect(replayed).toMatchObject({ status: 'pending', attempts: 0 })
    await drain(b, worker, first)
    expect(sink.at('/log-ok')).toHaveLength(2)

    // Discard: a pending delivery is given up by hand and never sent.
    healthy = false
    const second = await pushOk(b, flow.topic.code, { n: 2 })
    const pending = (await b.ok<Matrix>(messageDeliveries, { id: second })).deliveries
    expect(await b.ok(messageDiscard, { ids: pending.map((d) => d.id) })).toEqual({ count: 2 })
    await worker.tick()
    expect((await b.ok<Matrix>(messageDeliveries, { id: second })).deliveries.map((d) => d.status)).toEqual(['failed', 'failed'])
    expect(sink.at('/log-ok')).toHaveLength(2)

    // Replay of a discarded delivery: it waits for a try again, which delivers it.
    const discardedOk = pending.find((d) => d.consumerId === ok!.id)!
    expect(await b.ok<DeliveryEntry>(messageReplay, { messageId: second, consumerId: ok!.id })).toMatchObject({ id: discardedOk.id, status: 'pending' })
    await drain(b, worker, second)
    expect(sink.at('/log-ok')).toHaveLength(3)

    // The rollups counted each operator action as the runtime counts a try's outcome (home page,
    // widgets): a given-up delivery retried or replayed is retrying, an open one discarded failed;
    // a delivered one replayed adds nothing until its try ends. Both grains alike.
    const deadTries = dead.attempts
    for (const table of ['dh_rollups', 'dh_rollups_hourly'] as const) {
      const rows = await runtimeDb(b.hub.store.db)
        .selectFrom(table)
        .select(['consumer_id', (eb) => eb.fn.sum<string>('received').as('received'), (eb) => eb.fn.sum<string>('delivered').as('delivered'), (eb) => eb.fn.sum<string>('failed').as('failed'), (eb) => eb.fn.sum<string>('retrying').as('retrying')])
        .where('topic_id', '=', flow.topic.id)
        .groupBy('consumer_id')
        .orderBy('consumer_id')
        .execute()
      const of = (id: string) => {
        const row = rows.find((x) => x.consumer_id === id)
        return { received: Number(row?.received ?? 0), delivered: Number(row?.delivered ?? 0), failed: Number(row?.failed ?? 0), retrying: Number(row?.retrying ?? 0) }
      }
      expect(of(''), table).toEqual({ received: 2, delivered: 0, failed: 0, retrying: 0 })
      // ok: delivered, replayed and delivered again, discarded, replayed and delivered.
      expect(of(ok!.id), table).toEqual({ received: 0, delivered: 3, failed: 1, retrying: 1 })
      // down: tried until given up, retried by hand and delivered, then discarded.
      expect(of(down!.id), table).toEqual({ received: 0, delivered: 1, failed: 2, retrying: deadTries - 1 + 1 })
    }
  })

  it('refuses unknown messages, consumers of another topic, and empty batches', async () => {
    expect((await b.send(messageDeliveries, { id: 'nope' })).body).toMatchObject({ code: '4040', message: '消息暂不存在' })
    const a = await openFlow(b, { consumers: [httpConsumer(`${sink.url}/x`)] })
    const other = await openFlow(b, { consumers: [httpConsumer(`${sink.url}/y`)] })
    const id = await pushOk(b, a.topic.code, { n: 1 })
    expect((await b.send(messageReplay, { messageId: id, consumerId: other.consumers[0]!.id })).body.code).toBe('4040')
    expect((await b.send(messageRetry, { ids: [] })).body.code).toBe('4001')
  })
})
