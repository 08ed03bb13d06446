import { afterAll, beforeAll, expect, it } from 'vitest'
import { createAlarmWatch, type AlarmWatch } from '../../../src/hub/alarms/watch/watch'
import { incidentList, type Incident } from '../../../src/shared/contract/alarms/incidents'
import { webhookSave } from '../../../src/shared/contract/alarms/webhooks'
import { messageDiscard, messageRetry } from '../../../src/shared/contract/datahub/runtime'
import type { Paged } from '../../../src/shared/contract/paging'
import { createDeliveryWorker, type DeliveryWorker } from '../../../src/hub/runtime/queue/worker'
import { runtimeDb } from '../../../src/hub/runtime/tables'
import { describeEachStore, storeTargets } from '../../support/stores'
import { openBench, type Bench } from '../datahub/support'
import { httpConsumer, openFlow, pushOk, startSink, type Sink } from '../runtime/support'
import { alarmOf, hookCalls, incidentsOf, noticesOf, setRule, signedBy, until } from './support'

const targets = await storeTargets()

/**
 * Issue 33, item 3: an incident recovers when what raised it is over, not on the first success,
 * and every incident that opens reaches its channels, also beside another open on the same
 * consumer.
 */
describeEachStore(targets, 'alarms: an incident clears when its cause is over, and every one is sent', (target) => {
  let b: Bench
  let sink: Sink
  let worker: DeliveryWorker
  let watch: AlarmWatch
  let targetUp = false

  beforeAll(async () => {
    b = await openBench(target)
    sink = await startSink()
    sink.on('/target', () => (targetUp ? 200 : 503))
    sink.on('/hook', (_, r) => (signedBy(r, 'recovery-secret-1') ? 200 : 401))
    // The receivers are on loopback: the hub calls them only with private addresses allowed.
    const hub = { store: b.hub.store, events: b.hub.events, outbox: b.hub.outbox, config: { ...b.hub.config, allowPrivateWsdl: true }, log: (l: string) => b.hub.logs.push(l) }
    worker = createDeliveryWorker(hub, { retryUnitMs: 2 })
    watch = createAlarmWatch(hub, { nodeId: 'recovery-test' })
    await b.ok(webhookSave, { code: 'recovery_hook', name: 'Recovery hook', kind: 'http', url: `${sink.url}/hook`, secret: 'recovery-secret-1', status: '1' })
  })
  afterAll(async () => {
    await watch?.stop()
    await worker?.stop()
    await sink?.close()
    await b?.close()
  })

  const work = () => worker.tick()
  /** What the webhook received about the consumer, as [kind, rule]. */
  const hookFor = (consumerId: string) => hookCalls(sink.at('/hook')).filter((c) => c.objectId === consumerId).map((c) => [c.kind, c.rule])
  const allSent = async (consumerId: string, n: number) => {
    const notices = await noticesOf(b, consumerId)
    return notices.length === n && notices.every((x) => x.status === 'sent')
  }
  const deliveries = (consumerId: string, status: string) =>
    runtimeDb(b.hub.store.db).selectFrom('dh_deliveries').select('id').where('consumer_id', '=', consumerId).where('status', '=', status).orderBy('id').execute()
  const stateOf = async (consumerId: string) => Object.fromEntries((await incidentsOf(b, consumerId)).map((i) => [i.rule, i.state]))

  it('500 dead deliveries: one redelivered leaves the dead incident open; retried and discarded, it clears', async () => {
    const flow = await openFlow(b, { consumers: [httpConsumer(`${sink.url}/target`, { applicationName: 'Archive', alarmStatus: '1', alarm: alarmOf({ http: 'recovery_hook' }) })] })
    const consumerId = flow.consumers[0]!.id
    for (let i = 0; i < 500; i += 25) await Promise.all(Array.from({ length: 25 }, (_, j) => pushOk(b, flow.topic.code, { n: i + j })))
    // No retries: each ends dead at its first try; 500 failed in a row also trip consumer_failures.
    await until(async () => (await deliveries(consumerId, 'dead')).length === 500, '500 dead deliveries', work)
    const deadCount = async () => (await incidentsOf(b, consumerId)).find((i) => i.rule === 'consumer_dead')?.count
    await until(async () => (await deadCount()) === 500 && (await allSent(consumerId, 2)), 'both alarms sent, all 500 counted', work)
    expect(await stateOf(consumerId)).toEqual({ consumer_dead: 'open', consumer_failures: 'open' })

    // The target is back and one dead message is redelivered: the run of failures is over, the dead are not.
    targetUp = true
    const dead = (await deliveries(consumerId, 'dead')).map((d) => d.id)
    expect(await b.ok(messageRetry, { ids: [dead[0]!] })).toEqual({ count: 1 })
    await until(async () => (await deliveries(consumerId, 'delivered')).length === 1, 'the redelivery', work)
    await until(async () => (await stateOf(consumerId)).consumer_failures === 'resolved' && (await allSent(consumerId, 3)), 'the failures in a row to clear', work)
    // Further passes change nothing: 499 are still dead.
    await work()
    await work()
    expect(await stateOf(consumerId)).toEqual({ consumer_dead: 'open', consumer_failures: 'resolved' })
    expect(hookFor(consumerId).filter(([kind]) => kind === 'recovery')).toEqual([['recovery', 'consumer_failures']])

    // Half retried and delivered: still open while the others are dead.
    expect(await b.ok(messageRetry, { ids: dead.slice(1, 250) })).toEqual({ count: 249 })
    await until(async () => (await deliveries(consumerId, 'delivered')).length === 250, 'the retried half delivered', work)
    await work()
    expect((await stateOf(consumerId)).consumer_dead).toBe('open')

    // The rest discarded: nothing is dead any more, and the incident recovers with its notice.
    expect(await b.ok(messageDiscard, { ids: dead.slice(250) })).toEqual({ count: 250 })
    await until(async () => (await stateOf(consumerId)).consumer_dead === 'resolved' && (await allSent(consumerId, 4)), 'the dead incident to recover', work)
    expect(hookFor(consumerId).sort()).toEqual([['alarm', 'consumer_dead'], ['alarm', 'consumer_failures'], ['recovery', 'consumer_dead'], ['recovery', 'consumer_failures']])
    targetUp = false
  })

  it('a failure incident and a backlog incident open on one consumer: both reach the webhook, each clears on its own', async () => {
    await setRule(b, 'consumer_lag', { threshold: 1 })
    try {
      const flow = await openFlow(b, { consumers: [httpConsumer(`${sink.url}/target`, { applicationName: 'Payroll', alarmStatus: '1', alarm: alarmOf({ http: 'recovery_hook' }) })] })
      const consumerId = flow.consumers[0]!.id
      // One message goes dead (consumer_dead) ...
      await pushOk(b, flow.topic.code, { n: 1 })
      await until(async () => (await stateOf(consumerId)).consumer_dead === 'open', 'the dead incident', work)
      // ... and the next waits undelivered (no worker pass) past the lag threshold (consumer_lag).
      await pushOk(b, flow.topic.code, { n: 2 })
      await until(async () => (await stateOf(consumerId)).consumer_lag === 'open', 'the lag incident', () => watch.tick())
      // The target is back before the worker's next pass, which sends the alarms and delivers the backlog.
      targetUp = true
      await until(() => allSent(consumerId, 2), 'both alarms sent', work)
      expect(hookFor(consumerId).sort()).toEqual([['alarm', 'consumer_dead'], ['alarm', 'consumer_lag']])
      // The alert centre shows both as notified.
      const open = await b.ok<Paged<Incident>>(incidentList, { state: 'open', objectId: consumerId })
      expect(open.content.map((i) => [i.rule, i.notifiedAt !== null, i.alarmChannels]).sort()).toEqual([['consumer_dead', true, 1], ['consumer_lag', true, 1]])

      // The backlog is delivered: lag clears, the dead message still holds its incident open.
      await until(async () => (await deliveries(consumerId, 'delivered')).length === 1, 'the waiting message delivered', work)
      await until(async () => (await stateOf(consumerId)).consumer_lag === 'resolved', 'the lag to clear', () => watch.tick())
      await until(() => allSent(consumerId, 3), 'the lag recovery sent', work)
      expect(await stateOf(consumerId)).toMatchObject({ consumer_dead: 'open', consumer_lag: 'resolved' })

      // The dead one retried: it clears too.
      const dead = (await deliveries(consumerId, 'dead')).map((d) => d.id)
      expect(await b.ok(messageRetry, { ids: dead })).toEqual({ count: 1 })
      await until(async () => (await stateOf(consumerId)).consumer_dead === 'resolved' && (await allSent(consumerId, 4)), 'the dead incident to recover', work)
      expect(hookFor(consumerId).slice(2)).toEqual([['recovery', 'consumer_lag'], ['recovery', 'consumer_dead']])
    } finally {
      targetUp = false
      await setRule(b, 'consumer_lag', { threshold: 1800 })
    }
  })

  it('an incident whose alarm settings name no enabled receiver is listed as reaching no channel', async () => {
    await b.ok(webhookSave, { code: 'paused_hook', name: 'Paused hook', kind: 'http', url: `${sink.url}/hook`, secret: 'recovery-secret-1', status: '0' })
    const flow = await openFlow(b, { consumers: [httpConsumer(`${sink.url}/target`, { applicationName: 'Orphan', alarmStatus: '1', alarm: alarmOf({ http: 'paused_hook, no_such_hook' }) })] })
    const consumerId = flow.consumers[0]!.id
    await pushOk(b, flow.topic.code, { n: 1 })
    await until(async () => (await stateOf(consumerId)).consumer_dead === 'open', 'the dead incident', work)
    const listed = await b.ok<Paged<Incident>>(incidentList, { state: 'open', objectId: consumerId })
    expect(listed.content.map((i) => [i.rule, i.alarmChannels])).toEqual([['consumer_dead', 0]])
    expect(await noticesOf(b, consumerId)).toEqual([])
    expect(hookFor(consumerId)).toEqual([])
  })
})
