import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { alarmDb } from '../../../src/hub/alarms/tables'
import { createAlarmWatch, type AlarmWatch } from '../../../src/hub/alarms/watch/watch'
import { createDeliveryWorker, type DeliveryWorker } from '../../../src/hub/runtime/queue/worker'
import { openStore, type Store } from '../../../src/hub/store'
import { webhookSave } from '../../../src/shared/contract/alarms/webhooks'
import { describeEachStore, storeTargets } from '../../support/stores'
import { openBench, type Bench } from '../datahub/support'
import { startSink, type Sink } from '../runtime/support'
import { alarmOf, hookCalls, incidentsOf, noticesOf, setRule, signedBy, until } from './support'

/** Several hub nodes share a store only on PostgreSQL: two stores (two nodes' pools) on one database. */
const targets = (await storeTargets()).filter((t) => t.name === 'postgres')

describeEachStore(targets, 'alarms: a hub node that stops heart-beating', (target) => {
  let b: Bench
  let sink: Sink
  let otherDir: string
  let other: Store
  let a: AlarmWatch
  let c: AlarmWatch
  let worker: DeliveryWorker

  beforeAll(async () => {
    b = await openBench(target)
    sink = await startSink()
    sink.on('/hook', (_, r) => (signedBy(r, 'node-secret-1') ? 200 : 401))
    otherDir = await mkdtemp(join(tmpdir(), 'dh-node-'))
    other = await openStore({ dataDir: otherDir, databaseUrl: b.hub.config.databaseUrl })
    const config = { ...b.hub.config, allowPrivateWsdl: true }
    const log = (l: string) => b.hub.logs.push(l)
    a = createAlarmWatch({ store: b.hub.store, config, log }, { nodeId: 'node-a:8443' })
    c = createAlarmWatch({ store: other, config, log }, { nodeId: 'node-c:8443' })
    worker = createDeliveryWorker({ store: b.hub.store, events: b.hub.events, outbox: b.hub.outbox, config, log }, { retryUnitMs: 2 })
    await b.ok(webhookSave, { code: 'node_hook', name: 'Nodes hook', kind: 'http', url: `${sink.url}/hook`, secret: 'node-secret-1', status: '1' })
  })
  afterAll(async () => {
    await a?.stop()
    await worker?.stop()
    await other?.close()
    await sink?.close()
    await b?.close()
    if (otherDir) await rm(otherDir, { recursive: true, force: true })
  })

  it('another node raises for the silent one, and clears it when it beats again; a node that stops cleanly leaves the list', async () => {
    await setRule(b, 'node_silent', { threshold: 1, receivers: alarmOf({ http: 'node_hook' }) })
    await a.tick()
    await c.tick()
    const nodes = () => alarmDb(b.hub.store.db).selectFrom('dh_hub_nodes').select('node_id').orderBy('node_id').execute()
    expect((await nodes()).map((n) => n.node_id)).toEqual(['node-a:8443', 'node-c:8443'])
    expect(await incidentsOf(b, 'node-c:8443')).toEqual([])

    // Node c goes quiet (its watch no longer runs); node a, still beating, notices after a second.
    await until(async () => (await incidentsOf(b, 'node-c:8443')).length > 0, 'the silent node\'s incident', () => a.tick())
    expect(await incidentsOf(b, 'node-c:8443')).toMatchObject([{ rule: 'node_silent', object_type: 'node', state: 'open' }])
    expect(await incidentsOf(b, 'node-a:8443')).toEqual([])
    const sent = async (n: number) => (await noticesOf(b, 'node-c:8443')).filter((x) => x.status === 'sent').length === n
    await until(() => sent(1), 'the alarm', () => worker.tick())

    await c.tick()
    await a.tick()
    expect(await incidentsOf(b, 'node-c:8443')).toMatchObject([{ state: 'resolved' }])
    await until(() => sent(2), 'the recovery notice', () => worker.tick())
    expect(hookCalls(sink.at('/hook')).map((h) => [h.kind, h.rule, h.objectId])).toEqual([['alarm', 'node_silent', 'node-c:8443'], ['recovery', 'node_silent', 'node-c:8443']])

    // A planned stop removes the node's row: there is no silence to raise.
    await c.stop()
    expect((await nodes()).map((n) => n.node_id)).toEqual(['node-a:8443'])
  })
})
