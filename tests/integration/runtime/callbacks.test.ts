import { afterAll, beforeAll, expect, it } from 'vitest'
import { messageBulk, messageReplay } from '../../../src/shared/contract/datahub/runtime'
import { CALLBACK_TRIES } from '../../../src/hub/runtime/report/outbox'
import { createDeliveryWorker, type DeliveryWorker } from '../../../src/hub/runtime/queue/worker'
import { runtimeDb } from '../../../src/hub/runtime/tables'
import { newId } from '../../../src/hub/store/ids'
import { renderStored } from '../../../src/hub/text/keyedText'
import { describeEachStore, storeTargets } from '../../support/stores'
import { openBench, type Bench } from '../datahub/support'
import { httpConsumer, openFlow, outboxOf, pushOk, settle as settleOutbox, startSink, type Sink } from './support'

const targets = await storeTargets()

/** A serverApi producer that calls back over HTTP, after all consumers (rule 1) or each (rule 2). */
const calling = (url: string, rule: '1' | '2', strategy = '2') => ({
  alarm: JSON.stringify({ objData: [], callbackData: { callbackStatus: '1', callbackRule: rule } }),
  apiRequestInfoModel: {
    apiAddr: '/producer/serverApi',
    callbackStrategy: strategy,
    callbackHttpParamsModel: { url, method: 'POST', headers: [{ key: 'x-callback-token', value: 's3cret', description: '', checked: true }] },
  },
})

describeEachStore(targets, 'exchange runtime: producer callbacks', (target) => {
  let b: Bench
  let sink: Sink
  let worker: DeliveryWorker
  beforeAll(async () => {
    b = await openBench(target)
    sink = await startSink()
    sink.on('/down', 500)
    worker = createDeliveryWorker({ store: b.hub.store, events: b.hub.events, outbox: b.hub.outbox, config: b.hub.config, log: () => {} }, { retryUnitMs: 5 })
  })
  afterAll(async () => {
    await worker?.stop()
    await sink?.close()
    await b?.close()
  })
  const callbacksOf = (messageId: string) => outboxOf(b, messageId)
  const settle = (messageId: string) => settleOutbox(b, worker, messageId)

  it('rule 1: one HTTP callback once every consumer finished, with each outcome; a replay does not call back again', async () => {
    const flow = await openFlow(b, {
      producer: calling(`${sink.url}/cb-all`, '1'),
      consumers: [httpConsumer(`${sink.url}/ok`, { applicationName: 'Ledger' }), httpConsumer(`${sink.url}/down`, { applicationName: 'Archive' })],
    })
    const id = await pushOk(b, flow.topic.code, { n: 1 })
    await settle(id)
    const calls = sink.at('/cb-all')
    expect(calls).toHaveLength(1)
    expect(calls[0]!.headers['x-callback-token']).toBe('s3cret')
    const report = JSON.parse(calls[0]!.body)
    expect(report).toMatchObject({ messageId: id, topicCode: flow.topic.code, status: 'failed' })
    expect(report.consumers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ applicationName: 'Ledger', status: 'success', attempts: 1 }),
        expect.objectContaining({ applicationName: 'Archive', status: 'failed', error: expect.stringContaining('HTTP 500') }),
      ]),
    )
    expect((await callbacksOf(id)).map((c) => c.status)).toEqual(['sent'])

    await b.ok(messageReplay, { messageId: id, consumerId: flow.consumers[0]!.id })
    await settle(id)
    expect(sink.at('/cb-all')).toHaveLength(1)
  })

  it('rule 1: discarding the last open delivery by hand ends the message, and the producer hears of it', async () => {
    const flow = await openFlow(b, {
      producer: calling(`${sink.url}/cb-discard`, '1'),
      consumers: [httpConsumer(`${sink.url}/ok`), httpConsumer(`${sink.url}/down`, { retriable: '1', retryNum: '5', retryTimeInterval: '100000' })],
    })
    const id = await pushOk(b, flow.topic.code, { n: 9 })
    await worker.tick()
    await worker.tick()
    // One delivered, one waiting for a retry far away: no callback yet.
    expect(sink.at('/cb-discard')).toHaveLength(0)
    expect(await b.ok(messageBulk, { action: 'discard', filter: { topicCode: flow.topic.code, status: 'retrying' } })).toEqual({ count: 1 })
    await settle(id)
    const calls = sink.at('/cb-discard')
    expect(calls).toHaveLength(1)
    expect(JSON.parse(calls[0]!.body)).toMatchObject({ messageId: id, status: 'failed' })
  })

  it('rule 2: one callback per consumer as each finishes', async () => {
    const flow = await openFlow(b, {
      producer: calling(`${sink.url}/cb-each`, '2'),
      consumers: [httpConsumer(`${sink.url}/ok`), httpConsumer(`${sink.url}/down`)],
    })
    const id = await pushOk(b, flow.topic.code, { n: 2 })
    await settle(id)
    const reports = sink.at('/cb-each').map((r) => JSON.parse(r.body) as { consumerId: string; status: string })
    expect(reports.map((r) => [r.consumerId, r.status]).sort()).toEqual(
      [
        [flow.consumers[0]!.id, 'success'],
        [flow.consumers[1]!.id, 'failed'],
      ].sort(),
    )
  })

  it('a callback receiver that keeps failing is tried a few times, then failed with its reason; strategy 1 sends nothing', async () => {
    const failing = await openFlow(b, { producer: calling(`${sink.url}/down`, '1'), consumers: [httpConsumer(`${sink.url}/ok`)] })
    const id = await pushOk(b, failing.topic.code, { n: 3 })
    const before = sink.at('/down').length
    await settle(id)
    const [callback] = await callbacksOf(id)
    expect(callback).toMatchObject({ status: 'failed', attempts: CALLBACK_TRIES })
    expect(callback!.last_error).toContain('HTTP 500')
    expect(sink.at('/down').length - before).toBe(CALLBACK_TRIES)

    const quiet = await openFlow(b, { producer: calling(`${sink.url}/cb-none`, '1', '1'), consumers: [httpConsumer(`${sink.url}/ok`)] })
    const other = await pushOk(b, quiet.topic.code, { n: 4 })
    await settle(other)
    await worker.tick()
    expect(await callbacksOf(other)).toEqual([])
    expect(sink.at('/cb-none')).toHaveLength(0)
  })

  it('a web-service callback (strategy 3) without a WSDL address is failed at once with the reason', async () => {
    const flow = await openFlow(b, { producer: calling(`${sink.url}/ws`, '1', '3'), consumers: [httpConsumer(`${sink.url}/ok`)] })
    const id = await pushOk(b, flow.topic.code, { n: 5 })
    await settle(id)
    const [callback] = await callbacksOf(id)
    expect(callback).toMatchObject({ status: 'failed', attempts: 1 })
    expect(callback!.last_error).toContain('WSDL address (wsdlUrl) is not set')
  })

  it('a notice of a kind no part of the hub sends is failed at its first try, naming the kind', async () => {
    // As a notice written by an older hub would be, of a kind this one no longer registers.
    const at = new Date().toISOString()
    const id = newId()
    await runtimeDb(b.hub.store.db)
      .insertInto('dh_callbacks')
      .values({ id, message_id: newId(), kind: 'retired_kind', owner_id: 'p', consumer_key: 'retired', status: 'pending', attempts: 0, next_attempt_at: at, lease_until: null, body: '{}', last_error: '', created_at: at, finished_at: null, incident_id: null, expires_at: null })
      .execute()
    await worker.tick()
    const notice = await runtimeDb(b.hub.store.db).selectFrom('dh_callbacks').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    expect(notice).toMatchObject({ status: 'failed', attempts: 1 })
    expect(renderStored('en', notice.last_error)).toBe("no part of the hub sends notices of the kind 'retired_kind'")
  })
})
