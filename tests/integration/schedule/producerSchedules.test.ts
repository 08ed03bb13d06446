import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest'
import * as producerApi from '../../../src/shared/contract/datahub/producer'
import { producerSchedulePreview, producerSchedules, type ProducerScheduleState } from '../../../src/shared/contract/datahub/schedule'
import type { Producer } from '../../../src/shared/contract/datahub/producer'
import { describeEachStore, storeTargets } from '../../support/stores'
import { openBench, type Bench } from '../datahub/support'
import { batchOf, MINUTE, passAt, runsOf, schedulerOn, testFetcher } from './support'

const targets = await storeTargets()
const INTERVAL = 10 * MINUTE

const fetcher = testFetcher()
beforeAll(() => fetcher.install())
afterAll(() => fetcher.uninstall())
afterEach(() => vi.useRealTimers())

const iso = (ms: number) => new Date(ms).toISOString()

describeEachStore(targets, 'GET /producer/schedules: the flow boxes\' last run and next fire', (target) => {
  let b: Bench
  beforeAll(async () => {
    b = await openBench(target, { timeZone: 'UTC' })
  })
  afterAll(async () => {
    await b?.close()
  })

  const schedulesOf = async (...topicCodes: string[]) =>
    (await b.ok<{ producers: ProducerScheduleState[] }>(producerSchedules, { topicCodes: topicCodes.join(',') })).producers


  /** A json topic whose http producer (the test fetcher) polls every 10 minutes with no start time, enabled at `savedAt`. */
  async function pollingFlow(savedAt: number): Promise<{ topicCode: string; producer: Producer }> {
    const t = await b.topic({ dataFormat: 'json' })
    const created = await b.producer(t.code, { requestStrategy: '2', pollingInterval: '10', intervalUnit: '1', pollingStartTime: '' })
    // Enabling is the last save: the series counts from it.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(savedAt)
    const producer = await b.ok<Producer>(producerApi.producerDisableOrEnable, { id: created.id })
    return { topicCode: t.code, producer }
  }

  it('counts a polling schedule without a start from the last save, not from now; follows the runs, catch-up included', async () => {
    // A whole minute a little ahead of the real clock, so the session stays valid.
    const saved = Math.ceil(Date.now() / MINUTE) * MINUTE + MINUTE + 17_000
    const { topicCode, producer } = await pollingFlow(saved)
    expect(producer.updatedAt).toBe(iso(saved))

    vi.setSystemTime(saved + 3 * MINUTE)
    expect(await schedulesOf(topicCode)).toEqual([{ producerId: producer.id, topicCode, lastRun: null, nextFireAt: iso(saved + INTERVAL), timeZone: 'UTC' }])
    // The editor's preview (unsaved fields) counts from now: one interval after it.
    const preview = await b.ok<{ fires: string[] }>(producerSchedulePreview, { requestStrategy: '2', pollingInterval: '10', intervalUnit: '1' })
    expect(preview.fires[0]).toBe(iso(saved + 3 * MINUTE + INTERVAL))

    fetcher.script = async function* () {
      yield batchOf([{ n: 1 }, { n: 2 }])
    }
    const node = schedulerOn(b)
    await passAt(saved + INTERVAL + 5, node)
    const [run] = await runsOf(b.hub.store, producer.id)
    expect(run).toMatchObject({ state: 'succeeded', planned_at: iso(saved + INTERVAL) })
    expect(await schedulesOf(topicCode)).toEqual([
      {
        producerId: producer.id,
        topicCode,
        lastRun: { id: run!.id, state: 'succeeded', plannedAt: iso(saved + INTERVAL), finishedAt: run!.finished_at, messagesAccepted: 2 },
        nextFireAt: iso(saved + 2 * INTERVAL),
        timeZone: 'UTC',
      },
    ])

    // No hub fires for 35 minutes: the due fire has passed unclaimed, and the one after now comes next.
    await node.stop()
    vi.setSystemTime(saved + 4 * INTERVAL + 5 * MINUTE)
    expect((await schedulesOf(topicCode))[0]!.nextFireAt).toBe(iso(saved + 5 * INTERVAL))
    // A hub starts: one catch-up run for the latest missed fire; the next fire follows it.
    const after = schedulerOn(b)
    await passAt(saved + 4 * INTERVAL + 5 * MINUTE + 5, after)
    await after.stop()
    const [state] = await schedulesOf(topicCode)
    expect(state!.lastRun).toMatchObject({ state: 'succeeded', plannedAt: iso(saved + 4 * INTERVAL) })
    expect((await runsOf(b.hub.store, producer.id)).map((r) => r.trigger)).toEqual(['schedule', 'catchup'])
    expect(state!.nextFireAt).toBe(iso(saved + 5 * INTERVAL))
  })

  it('answers no next fire for a disabled producer, keeps its last run, and leaves out topics without a scheduled producer', async () => {
    const saved = Math.ceil(Date.now() / MINUTE) * MINUTE + MINUTE
    const { topicCode, producer } = await pollingFlow(saved)
    fetcher.script = async function* () {
      yield batchOf([{ n: 1 }])
    }
    const node = schedulerOn(b)
    await passAt(saved + INTERVAL, node)
    await node.stop()
    await b.ok(producerApi.producerDisableOrEnable, { id: producer.id })
    const pushed = await b.topic()
    await b.producer(pushed.code, { productionMode: 'serverApi', apiRequestInfoModel: { apiAddr: '/producer/serverApi' } })

    const answer = await schedulesOf(topicCode, pushed.code, 'no.such.topic')
    expect(answer).toEqual([{ producerId: producer.id, topicCode, lastRun: expect.objectContaining({ state: 'succeeded', messagesAccepted: 1 }), nextFireAt: null, timeZone: 'UTC' }])
  })
})
