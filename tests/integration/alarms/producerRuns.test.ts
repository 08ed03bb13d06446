import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest'
import * as producerApi from '../../../src/shared/contract/datahub/producer'
import type { Producer } from '../../../src/shared/contract/datahub/producer'
import { hubContext } from '../../../src/hub/app'
import { alarmDb } from '../../../src/hub/alarms/tables'
import { saveWebhook } from '../../../src/hub/alarms/webhooks'
import { createDeliveryWorker } from '../../../src/hub/runtime/queue/worker'
import { createScheduler } from '../../../src/hub/runtime/schedule/scheduler'
import { describeEachStore, storeTargets } from '../../support/stores'
import { openBench, type Bench } from '../datahub/support'
import { startSink, type Sink } from '../runtime/support'
import { signedBy } from './support'
import { batchOf, failing, runsOf, testFetcher } from '../schedule/support'

const targets = await storeTargets()
const MINUTE = 60_000
const START = new Date(Math.ceil((Date.now() + 60 * MINUTE) / MINUTE) * MINUTE)

const fetcher = testFetcher()
beforeAll(() => fetcher.install())
afterAll(() => fetcher.uninstall())
afterEach(() => vi.useRealTimers())

describeEachStore(targets, 'alarms: a scheduled producer run that fails after its retries', (target) => {
  let b: Bench
  let sink: Sink
  beforeAll(async () => {
    b = await openBench(target, { timeZone: 'UTC' })
    sink = await startSink()
    sink.on('/hook', (_, r) => (signedBy(r, 'run-secret-1') ? 200 : 401))
    await saveWebhook({ store: b.hub.store, config: b.hub.config }, { code: 'runs_hook', name: 'Runs', kind: 'http', url: `${sink.url}/hook`, secret: 'run-secret-1', status: '1' })
  })
  afterAll(async () => {
    await sink?.close()
    await b?.close()
  })

  it('opens an incident with one alarm when the run fails, and sends a recovery when the next run succeeds', async () => {
    const t = await b.topic({ dataFormat: 'json' })
    const alarm = JSON.stringify({ objData: [{ type: 'http', status: '1', value: '5', receiver: 'runs_hook' }] })
    const created = await b.producer(t.code, { appName: 'Orders feed', requestStrategy: '2', pollingInterval: '1', intervalUnit: '1', pollingStartTime: START.toISOString().slice(0, 16), alarmStatus: '1', alarm })
    const p = await b.ok<Producer>(producerApi.producerDisableOrEnable, { id: created.id })
    const scheduler = createScheduler(hubContext({ store: b.hub.store, config: b.hub.config, log: () => {} }), { runLeaseMs: MINUTE, retryUnitMs: 1, purgeEveryMs: 24 * 60 * MINUTE })
    const worker = createDeliveryWorker({ store: b.hub.store, events: b.hub.events, outbox: b.hub.outbox, config: { ...b.hub.config, allowPrivateWsdl: true }, log: () => {} }, { retryUnitMs: 2 })
    const fire = async (at: number) => {
      vi.setSystemTime(at)
      await scheduler.tick()
      await scheduler.idle()
      await worker.tick()
      await worker.tick()
    }
    try {
      vi.useFakeTimers({ toFake: ['Date'] })
      fetcher.script = failing('the source answered 503')
      await fire(START.getTime() + 5)
      expect(await runsOf(b.hub.store, p.id)).toMatchObject([{ state: 'failed' }])
      const incidents = () => alarmDb(b.hub.store.db).selectFrom('dh_incidents').selectAll().where('object_id', '=', p.id).execute()
      expect(await incidents()).toMatchObject([{ rule: 'producer_run_failed', state: 'open', count: 1, object_name: 'Orders feed' }])
      expect(sink.at('/hook').map((r) => JSON.parse(r.body) as { kind: string; error: string })).toMatchObject([{ kind: 'alarm', error: 'the source answered 503' }])

      fetcher.script = async function* () {
        yield batchOf([{ n: 1 }])
      }
      await fire(START.getTime() + MINUTE + 5)
      expect((await runsOf(b.hub.store, p.id)).map((r) => r.state).sort()).toEqual(['failed', 'succeeded'])
      expect(await incidents()).toMatchObject([{ state: 'resolved', resolved_by: '' }])
      expect(sink.at('/hook').map((r) => (JSON.parse(r.body) as { kind: string }).kind)).toEqual(['alarm', 'recovery'])
    } finally {
      await scheduler.stop()
      await worker.stop()
    }
  })
})
