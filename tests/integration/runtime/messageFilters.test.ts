import { afterAll, beforeAll, expect, it } from 'vitest'
import { messageBulk, messageCounts, messageDeliveries, messageList, type DeliveryEntry, type MessageSummary } from '../../../src/shared/contract/datahub/runtime'
import type { Paged } from '../../../src/shared/contract/paging'
import { createDeliveryWorker, type DeliveryWorker } from '../../../src/hub/runtime/queue/worker'
import { describeEachStore, storeTargets } from '../../support/stores'
import { fieldKeys, openBench, type Bench } from '../datahub/support'
import { deliveriesOf, httpConsumer, openFlow, pushOk, startSink, type Flow, type Sink } from './support'

const targets = await storeTargets()

type Counts = { topics: { topicCode: string; received: number; delivered: number; failed: number; retrying: number; waiting: number }[]; consumers: { consumerId: string; topicCode: string; received: number; delivered: number; failed: number; retrying: number; waiting: number }[] }

describeEachStore(targets, 'exchange runtime: message log filters, live counts, and actions on all matching', (target) => {
  let b: Bench
  let sink: Sink
  let worker: DeliveryWorker
  let flow: Flow
  let ids: { plain: string; percent: string; under: string }
  beforeAll(async () => {
    b = await openBench(target)
    sink = await startSink()
    worker = createDeliveryWorker({ store: b.hub.store, events: b.hub.events, outbox: b.hub.outbox, config: b.hub.config, log: () => {} }, { retryUnitMs: 20 })
    sink.on('/never', 503)
    sink.on('/later', 500)
    // ok: delivers; never: dead at the first failure; later: retries, but not before the test ends.
    flow = await openFlow(b, {
      consumers: [
        httpConsumer(`${sink.url}/ok`, { applicationName: 'Ledger' }),
        httpConsumer(`${sink.url}/never`),
        httpConsumer(`${sink.url}/later`, { retriable: '1', retryNum: '3', retryTimeInterval: '100000' }),
      ],
    })
    ids = {
      plain: await pushOk(b, flow.topic.code, { note: 'Order SHIPPED to Berlin' }),
      percent: await pushOk(b, flow.topic.code, { note: 'discount 100% off' }),
      under: await pushOk(b, flow.topic.code, { note: 'code a_b' }),
    }
    // One pass of the worker: every delivery is tried once.
    await worker.tick()
  })
  afterAll(async () => {
    await worker?.stop()
    await sink?.close()
    await b?.close()
  })

  const list = async (filter: Record<string, unknown>) => (await b.ok<Paged<MessageSummary>>(messageList, { topicCode: flow.topic.code, ...filter })).content.map((m) => m.id).sort()
  const all = () => Object.values(ids).sort()

  it('searches the content literally: % and _ are plain characters, letters match either case', async () => {
    expect(await list({ content: 'shipped' })).toEqual([ids.plain])
    expect(await list({ content: '100%' })).toEqual([ids.percent])
    expect(await list({ content: '%' })).toEqual([ids.percent])
    // '_' would match any one character as a wildcard: here only the message holding it.
    expect(await list({ content: 'a_b' })).toEqual([ids.under])
    expect(await list({ content: '_' })).toEqual([ids.under])
    expect(await list({ content: 'nowhere' })).toEqual([])
  })

  it('filters by consumer and state, retrying meaning waiting for another try', async () => {
    const [ok, never, later] = flow.consumers
    expect(await list({ status: 'retrying' })).toEqual(all())
    expect(await list({ status: 'dead', consumerId: never!.id })).toEqual(all())
    expect(await list({ status: 'dead', consumerId: ok!.id })).toEqual([])
    expect(await list({ status: 'retrying', consumerId: later!.id, content: 'berlin' })).toEqual([ids.plain])
    expect(await list({ consumerId: 'someone-else' })).toEqual([])
    const future = new Date(Date.now() + 60_000).toISOString()
    expect(await list({ receivedFrom: future })).toEqual([])
    expect(await list({ receivedTo: future, receivedFrom: new Date(Date.now() - 60_000).toISOString() })).toEqual(all())
  })

  it('counts per topic and per consumer for the flow diagram', async () => {
    const counts = await b.ok<Counts>(messageCounts, { topicCodes: `${flow.topic.code},unknown.topic` })
    expect(counts.topics).toEqual(
      expect.arrayContaining([
        { topicCode: flow.topic.code, received: 3, delivered: 3, failed: 3, retrying: 3, waiting: 0 },
        { topicCode: 'unknown.topic', received: 0, delivered: 0, failed: 0, retrying: 0, waiting: 0 },
      ]),
    )
    const byConsumer = new Map(counts.consumers.map((c) => [c.consumerId, c]))
    const [ok, never, later] = flow.consumers
    expect(byConsumer.get(ok!.id)).toMatchObject({ received: 3, delivered: 3, failed: 0, retrying: 0 })
    expect(byConsumer.get(never!.id)).toMatchObject({ received: 3, delivered: 0, failed: 3, retrying: 0 })
    expect(byConsumer.get(later!.id)).toMatchObject({ received: 3, delivered: 0, failed: 0, retrying: 3 })
    const future = new Date(Date.now() + 60_000).toISOString()
    const none = await b.ok<Counts>(messageCounts, { topicCodes: flow.topic.code, receivedFrom: future })
    expect(none.topics[0]).toMatchObject({ received: 0, delivered: 0 })
  })

  it('retries or discards all matching a filter, answering the count first without changing anything', async () => {
    const [ok, never, later] = flow.consumers
    const filter = { topicCode: flow.topic.code, content: 'o' }
    // Discard: pending (later) and dead (never) deliveries of the 3 messages; delivered ones stay.
    expect(await b.ok(messageBulk, { action: 'discard', dryRun: true, filter })).toEqual({ count: 6 })
    expect(await b.ok(messageBulk, { action: 'discard', dryRun: true, filter: { ...filter, consumerId: later!.id } })).toEqual({ count: 3 })
    expect(await b.ok(messageBulk, { action: 'discard', dryRun: true, filter: { ...filter, content: 'berlin' } })).toEqual({ count: 2 })
    // The dry run changed nothing.
    expect((await deliveriesOf(b, ids.plain)).map((d) => d.status).sort()).toEqual(['dead', 'delivered', 'pending'])
    // Retry takes dead and discarded ones only: the 3 of 'never'.
    expect(await b.ok(messageBulk, { action: 'retry', dryRun: true, filter })).toEqual({ count: 3 })
    expect(await b.ok(messageBulk, { action: 'retry', dryRun: true, filter: { ...filter, status: 'delivered' } })).toEqual({ count: 0 })

    expect(await b.ok(messageBulk, { action: 'discard', filter: { ...filter, consumerId: later!.id, content: 'discount' } })).toEqual({ count: 1 })
    const matrix = await b.ok<{ deliveries: DeliveryEntry[] }>(messageDeliveries, { id: ids.percent })
    expect(matrix.deliveries.find((d) => d.consumerId === later!.id)?.status).toBe('failed')

    // The receiver recovers: retry all dead ones of 'never' in one go.
    sink.on('/never', 200)
    expect(await b.ok(messageBulk, { action: 'retry', filter: { topicCode: flow.topic.code, consumerId: never!.id, status: 'dead' } })).toEqual({ count: 3 })
    await worker.tick()
    expect(sink.at('/never').filter((r) => r.method === 'POST')).toHaveLength(6)
    expect(await list({ consumerId: never!.id, status: 'delivered' })).toEqual(all())
    expect(ok).toBeTruthy()
  })

  it('refuses a malformed bulk request and an over-long content search with a code and a message', async () => {
    expect((await b.send(messageBulk, { action: 'explode', filter: {} })).body.code).toBe('4001')
    expect(fieldKeys(await b.send(messageList, { content: 'x'.repeat(201) }))).toEqual({ content: 'msg_runtime_content_too_long' })
    const tooMany = Array.from({ length: 201 }, (_, i) => `t${i}`).join(',')
    expect(fieldKeys(await b.send(messageCounts, { topicCodes: tooMany }))).toEqual({ topicCodes: 'msg_runtime_too_many_topics' })
  })
})
