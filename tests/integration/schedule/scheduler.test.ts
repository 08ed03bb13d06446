import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import * as producerApi from '../../../src/shared/contract/datahub/producer'
import { producerRunNow, producerRuns, producerSchedulePreview, type Run } from '../../../src/shared/contract/datahub/schedule'
import { messageList, type MessageSummary } from '../../../src/shared/contract/datahub/runtime'
import type { Producer, ProducerInput } from '../../../src/shared/contract/datahub/producer'
import { hubContext } from '../../../src/hub/app'
import { createScheduler } from '../../../src/hub/runtime/schedule/scheduler'
import { runtimeDb } from '../../../src/hub/runtime/tables'
import { openStore, type Store } from '../../../src/hub/store'
import { describeEachStore, storeTargets } from '../../support/stores'
import { openBench, refusal, type Bench } from '../datahub/support'
import { batchOf, failing, gate, passAt, runsOf, testFetcher, until } from './support'

const targets = await storeTargets()
const MINUTE = 60_000
/** Polling every minute from a start well after now (UTC: the tests' hub time zone). */
const START = new Date(Math.ceil((Date.now() + 60 * MINUTE) / MINUTE) * MINUTE)
const startText = START.toISOString().slice(0, 16)

const fetcher = testFetcher()
beforeAll(() => fetcher.install())
afterAll(() => fetcher.uninstall())
afterEach(() => {
  vi.useRealTimers()
  fetcher.calls.length = 0
})

/** A json topic with a running http producer (fetched by the test fetcher) and one running consumer. */
async function scheduledFlow(b: Bench, producer: Partial<ProducerInput> = {}): Promise<Producer> {
  const t = await b.topic({ dataFormat: 'json', topicSchema: JSON.stringify({ type: 'object', required: ['n'] }) })
  const p = await b.producer(t.code, { requestStrategy: '2', pollingInterval: '1', intervalUnit: '1', pollingStartTime: startText, ...producer })
  const c = await b.consumer(t.code, { dataConsumeType: 'http', httpRequestInfoModel: { requestUri: 'http://127.0.0.1:9/none', requestMethod: 'POST', authenStatus: '0' } })
  await b.ok((await import('../../../src/shared/contract/datahub/consumer')).consumerStatus, { id: c.id })
  return b.ok<Producer>(producerApi.producerDisableOrEnable, { id: p.id })
}

const schedulerOn = (b: Bench, store: Store = b.hub.store, overrides = {}) =>
  createScheduler(hubContext({ store, config: b.hub.config, log: (line) => b.hub.logs.push(line) }), { runLeaseMs: MINUTE, retryUnitMs: 1, purgeEveryMs: 24 * 60 * MINUTE, ...overrides })

describeEachStore(targets, 'scheduled producers (test fetcher)', (target) => {
  let b: Bench
  beforeAll(async () => {
    b = await openBench(target, { timeZone: 'UTC' })
  })
  afterAll(async () => {
    await b?.close()
  })

  it('runs a fire: messages go through the accept path carrying the run id; refused items are counted on the run', async () => {
    const p = await scheduledFlow(b)
    fetcher.script = async function* () {
      yield batchOf([{ n: 1 }, { n: 2 }], 2, { upTo: 2 })
      // Not JSON: the accept path refuses it, as it would a push.
      yield batchOf(['{broken', { n: 3 }], 5, { upTo: 7 })
    }
    vi.useFakeTimers({ toFake: ['Date'] })
    const node = schedulerOn(b)
    await passAt(START.getTime() + 5, node)
    const [run] = await runsOf(b.hub.store, p.id)
    expect(run).toMatchObject({ state: 'succeeded', trigger: 'schedule', planned_at: START.toISOString(), rows_read: 7, messages_accepted: 3, messages_refused: 1, node: node.node })
    vi.useRealTimers()
    const log = await b.ok<{ content: MessageSummary[]; totalElements: number }>(messageList, { runId: run!.id })
    expect(log.totalElements).toBe(3)
    expect(log.content.every((m) => m.runId === run!.id)).toBe(true)
    const deliveries = await runtimeDb(b.hub.store.db).selectFrom('dh_deliveries').select('message_id').where('message_id', 'in', log.content.map((m) => m.id)).execute()
    expect(deliveries).toHaveLength(3)
    const checkpoint = await runtimeDb(b.hub.store.db).selectFrom('dh_producer_checkpoints').selectAll().where('producer_id', '=', p.id).executeTakeFirst()
    expect(JSON.parse(checkpoint!.checkpoint)).toEqual({ upTo: 7 })
    // The next run reads on from there.
    vi.useFakeTimers({ toFake: ['Date'] })
    await passAt(START.getTime() + MINUTE + 5, node)
    expect(fetcher.calls.at(-1)!.checkpoint).toEqual({ upTo: 7 })
    await node.stop()
  })

  it('after downtime, the missed fires become one catch-up run', async () => {
    const p = await scheduledFlow(b)
    vi.useFakeTimers({ toFake: ['Date'] })
    const before = schedulerOn(b)
    await passAt(START.getTime() + 5, before)
    await before.stop()
    // Thirty fires pass with no hub running.
    const after = schedulerOn(b)
    await passAt(START.getTime() + 30 * MINUTE + 5, after)
    await passAt(START.getTime() + 30 * MINUTE + 10_000, after)
    const runs = await runsOf(b.hub.store, p.id)
    expect(runs.map((r) => [r.trigger, r.planned_at])).toEqual([
      ['schedule', START.toISOString()],
      ['catchup', new Date(START.getTime() + 30 * MINUTE).toISOString()],
    ])
    await after.stop()
  })

  it('retries a failed run per the producer (retryNum), then ends it failed with the reason', async () => {
    const p = await scheduledFlow(b, { retriable: '1', retryNum: '2', retryTimeInterval: '5' })
    fetcher.script = failing('the source answered 503')
    vi.useFakeTimers({ toFake: ['Date'] })
    const node = schedulerOn(b, b.hub.store, { retryUnitMs: 1000 })
    await passAt(START.getTime() + 5, node)
    expect(await runsOf(b.hub.store, p.id)).toMatchObject([{ state: 'retrying', attempt: 1, error: 'the source answered 503' }])
    // Not yet due (5 s): nothing happens.
    await passAt(START.getTime() + 2000, node)
    expect(fetcher.calls.filter((c) => c.producer.id === p.id)).toHaveLength(1)
    await passAt(START.getTime() + 6000, node)
    await passAt(START.getTime() + 12_000, node)
    const [run] = await runsOf(b.hub.store, p.id)
    expect(run).toMatchObject({ state: 'failed', attempt: 2, error: 'the source answered 503' })
    expect(fetcher.calls.filter((c) => c.producer.id === p.id).map((c) => c.run.attempt)).toEqual([0, 1, 2])
    await node.stop()
  })

  it('disabling the producer cancels its run at the next batch boundary; the batches committed before stay', async () => {
    const p = await scheduledFlow(b)
    const slow = gate()
    const entered = gate()
    fetcher.script = async function* (context) {
      yield batchOf([{ n: 1 }])
      entered.open()
      await slow.wait(context.signal)
      yield batchOf([{ n: 2 }])
    }
    const node = schedulerOn(b)
    node.start()
    const run = await b.ok<Run>(producerRunNow, { id: p.id })
    await entered.wait(new AbortController().signal)
    await b.ok(producerApi.producerDisableOrEnable, { id: p.id })
    slow.open()
    const [ended] = await until(() => runsOf(b.hub.store, p.id), (rows) => rows[0]?.state !== 'running')
    expect(ended).toMatchObject({ id: run.id, state: 'cancelled', messages_accepted: 1 })
    const log = await b.ok<{ totalElements: number }>(messageList, { runId: run.id })
    expect(log.totalElements).toBe(1)
    await node.stop()
  })

  it('runs now on request, lists the runs, and refuses per the spec when it cannot', async () => {
    const p = await scheduledFlow(b)
    fetcher.script = async function* () {
      yield batchOf([{ n: 1 }])
    }
    const node = schedulerOn(b)
    node.start()
    const run = await b.ok<Run>(producerRunNow, { id: p.id })
    expect(run).toMatchObject({ producerId: p.id, trigger: 'manual', state: 'running', node: node.node })
    await until(() => runsOf(b.hub.store, p.id), (rows) => rows[0]?.state === 'succeeded')
    const page = await b.ok<{ content: Run[]; totalElements: number }>(producerRuns, { id: p.id, state: 'succeeded' })
    expect(page.totalElements).toBe(1)
    expect(page.content[0]).toMatchObject({ id: run.id, state: 'succeeded', messagesAccepted: 1, rowsRead: 1, error: '' })
    expect(page.content[0]!.durationMs).toBeGreaterThanOrEqual(0)
    expect((await b.ok<{ totalElements: number }>(producerRuns, { id: p.id, state: 'failed' })).totalElements).toBe(0)

    // Deleting a producer whose schedule is enabled.
    expect(refusal(await b.send(producerApi.producerDelete, { id: p.id }))).toEqual({ code: '4090', message: '生产者存在已启用的调度任务：请先停用生产者再删除' })
    // Job not started: the producer is stopped.
    await b.ok(producerApi.producerDisableOrEnable, { id: p.id })
    expect(refusal(await b.send(producerRunNow, { id: p.id }, { locale: 'en' }))).toEqual({ code: '4090', message: 'Job not started: enable the producer and its topic first' })
    // No job: a pushed producer has no schedule.
    const t = await b.topic()
    const pushed = await b.producer(t.code, { productionMode: 'serverApi', apiRequestInfoModel: { apiAddr: '/producer/serverApi' } })
    expect(refusal(await b.send(producerRunNow, { id: pushed.id }))).toEqual({ code: '4090', message: '没有调度任务：该生产方式不按调度获取数据' })
    await node.stop()
  })

  it('previews the next five fires in the hub time zone, and refuses a schedule that never fires', async () => {
    const preview = await b.ok<{ timeZone: string; fires: string[] }>(producerSchedulePreview, { requestStrategy: '1', weeks: '1', amHours: '09', pmHours: '', minutes: '00,30' })
    expect(preview.timeZone).toBe('UTC')
    expect(preview.fires).toHaveLength(5)
    for (const fire of preview.fires) {
      const d = new Date(fire)
      expect([d.getUTCDay(), d.getUTCHours(), [0, 30].includes(d.getUTCMinutes())]).toEqual([1, 9, true])
    }
    expect(refusal(await b.send(producerSchedulePreview, { requestStrategy: '1', weeks: '', amHours: '09', minutes: '00' }))).toEqual({
      code: '4001',
      message: '该调度永远不会触发：请选择星期、小时和分钟，或填写轮询间隔',
    })
  })
})

describe.runIf(targets.find((t) => t.name === 'postgres')?.missing === null)('two hub nodes on one PostgreSQL (test fetcher)', () => {
  const pgTarget = targets.find((t) => t.name === 'postgres')!
  let b: Bench
  let second: Store
  beforeAll(async () => {
    b = await openBench(pgTarget, { timeZone: 'UTC' })
    second = await openStore({ dataDir: b.hub.config.dataDir, databaseUrl: b.hub.config.databaseUrl })
  })
  afterAll(async () => {
    await second?.close()
    await b?.close()
  })

  it('runs each of 20 consecutive fires exactly once', async () => {
    const p = await scheduledFlow(b)
    fetcher.script = async function* () {
      yield batchOf([{ n: 1 }])
    }
    vi.useFakeTimers({ toFake: ['Date'] })
    const one = schedulerOn(b)
    const two = schedulerOn(b, second)
    for (let i = 0; i < 20; i++) await passAt(START.getTime() + i * MINUTE + 3, one, two)
    const runs = await runsOf(b.hub.store, p.id)
    expect(runs.map((r) => r.planned_at)).toEqual(Array.from({ length: 20 }, (_, i) => new Date(START.getTime() + i * MINUTE).toISOString()))
    expect(runs.every((r) => r.state === 'succeeded' && r.messages_accepted === 1)).toBe(true)
    expect(fetcher.calls.filter((c) => c.producer.id === p.id)).toHaveLength(20)
    await Promise.all([one.stop(), two.stop()])
  })

  it('takes over a run whose node died once its lease ended', async () => {
    const p = await scheduledFlow(b)
    const hang = gate()
    let first = true
    fetcher.script = async function* (context) {
      if (first) {
        first = false
        // The first node dies in the middle of reading: it never answers again.
        await hang.wait(context.signal)
        return
      }
      yield batchOf([{ n: 1 }])
    }
    vi.useFakeTimers({ toFake: ['Date'] })
    const dying = schedulerOn(b)
    const survivor = schedulerOn(b, second)
    vi.setSystemTime(START.getTime() + 3)
    await dying.tick()
    const [held] = await runsOf(b.hub.store, p.id)
    expect(held).toMatchObject({ state: 'running', node: dying.node })
    // Within the lease, the survivor leaves it alone.
    await passAt(START.getTime() + 30_000, survivor)
    expect((await runsOf(b.hub.store, p.id))[0]).toMatchObject({ state: 'running', node: dying.node })
    // After it (60 s), the survivor takes it and finishes it.
    await passAt(START.getTime() + MINUTE + 30_000, survivor)
    const runs = await runsOf(b.hub.store, p.id)
    expect(runs[0]).toMatchObject({ id: held!.id, state: 'succeeded', node: survivor.node, messages_accepted: 1 })
    vi.useRealTimers()
    await dying.stop()
    await survivor.stop()
    expect((await runsOf(b.hub.store, p.id))[0]).toMatchObject({ state: 'succeeded', node: survivor.node })
  })
})
