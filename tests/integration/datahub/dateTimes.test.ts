import { afterAll, beforeAll, expect, it } from 'vitest'
import { incidentList } from '../../../src/shared/contract/alarms/incidents'
import { notificationCount, notificationList } from '../../../src/shared/contract/alarms/notifications'
import { producerGet, producerUpdate, type Producer } from '../../../src/shared/contract/datahub/producer'
import { messageCounts, messageList, type MessageSummary } from '../../../src/shared/contract/datahub/runtime'
import { producerSchedulePreview } from '../../../src/shared/contract/datahub/schedule'
import { describeEachStore, storeTargets } from '../../support/stores'
import { openFlow, pushOk } from '../runtime/support'
import { openBench, refusal, type Bench } from './support'

/**
 * Issue 32 item 11: every date-time field of the contract takes the spec's own form
 * (`yyyy-MM-dd hh:mm:ss`, its default date format) as well as ISO 8601, through the real hub's
 * endpoints, and keeps one form: a schedule's start reads back as `yyyy-MM-ddTHH:mm:ss`, and the
 * from/to filters compare as the stored UTC instants (so they filter right, not only pass).
 */
const targets = await storeTargets()

/** An instant in the spec's form (UTC, the hub's clock for zone-less filter times). */
const specForm = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ')
const HOUR = 3_600_000

describeEachStore(targets, "date-time fields take the spec's form and keep one", (target) => {
  let b: Bench
  beforeAll(async () => {
    b = await openBench(target, { timeZone: 'UTC' })
  })
  afterAll(async () => {
    await b?.close()
  })

  it("a schedule's pollingStartTime: the spec's form is accepted on create and update and reads back in one form; no real time is 4001", async () => {
    const t = await b.topic({ dataFormat: 'json' })
    const polling = { requestStrategy: '2', pollingInterval: '1', intervalUnit: '1' }
    const created = await b.producer(t.code, { ...polling, pollingStartTime: '2026-12-01 10:00:00' })
    expect(created.pollingStartTime).toBe('2026-12-01T10:00:00')
    expect((await b.ok<Producer>(producerGet, { id: created.id })).pollingStartTime).toBe('2026-12-01T10:00:00')

    // What the console's datetime-local input sends, and the spec's form without seconds.
    for (const [sent, stored] of [
      ['2026-12-01T11:30', '2026-12-01T11:30:00'],
      ['2026-12-02 08:15', '2026-12-02T08:15:00'],
      ['2026-12-03T09:00:05', '2026-12-03T09:00:05'],
    ]) {
      const current = await b.ok<Producer>(producerGet, { id: created.id })
      await b.ok(producerUpdate, { id: created.id, version: current.version, pollingStartTime: sent })
      expect((await b.ok<Producer>(producerGet, { id: created.id })).pollingStartTime).toBe(stored)
    }

    for (const bad of ['2026-02-30 10:00:00', '2026-12-01 24:00:00', '01/12/2026 10:00', 'soon']) {
      const answer = await b.send(producerUpdate, { id: created.id, version: (await b.ok<Producer>(producerGet, { id: created.id })).version, pollingStartTime: bad })
      expect(refusal(answer)).toMatchObject({ code: '4001' })
    }
  })

  it("the schedule preview plans the same fires from the spec's form as from ISO's", async () => {
    const fields = { requestStrategy: '2', pollingInterval: '30', intervalUnit: '1' }
    const spec = await b.ok<{ fires: string[] }>(producerSchedulePreview, { ...fields, pollingStartTime: '2099-12-01 10:00:00' })
    const iso = await b.ok<{ fires: string[] }>(producerSchedulePreview, { ...fields, pollingStartTime: '2099-12-01T10:00' })
    expect(spec.fires.slice(0, 2)).toEqual(['2099-12-01T10:00:00.000Z', '2099-12-01T10:30:00.000Z'])
    expect(spec.fires).toEqual(iso.fires)
    expect(refusal(await b.send(producerSchedulePreview, { ...fields, pollingStartTime: '2099-13-01 10:00:00' }))).toMatchObject({ code: '4001' })
  })

  it("the message log's and the flow counts' receivedFrom / receivedTo in the spec's form filter by the instant", async () => {
    const flow = await openFlow(b, { topic: { dataFormat: 'json' }, consumers: [] })
    await pushOk(b, flow.topic.code, { id: 1 })
    const listed = async (filter: Record<string, string>) => (await b.ok<{ content: MessageSummary[] }>(messageList, { topicCode: flow.topic.code, ...filter })).content.length
    const before = specForm(Date.now() - HOUR)
    const after = specForm(Date.now() + HOUR)
    expect(await listed({ receivedFrom: before })).toBe(1)
    expect(await listed({ receivedFrom: before, receivedTo: after })).toBe(1)
    expect(await listed({ receivedFrom: after })).toBe(0)
    expect(await listed({ receivedTo: before })).toBe(0)
    // With a zone, the same instants.
    expect(await listed({ receivedFrom: `${before.replace(' ', 'T')}+00:00` })).toBe(1)
    expect(await listed({ receivedFrom: new Date().toISOString().replace('Z', '+01:00') })).toBe(1)

    const counts = async (receivedFrom: string) =>
      (await b.ok<{ topics: { topicCode: string; received: number }[] }>(messageCounts, { topicCodes: flow.topic.code, receivedFrom })).topics.find((c) => c.topicCode === flow.topic.code)?.received ?? 0
    expect(await counts(before)).toBe(1)
    expect(await counts(after)).toBe(0)
    expect(refusal(await b.send(messageList, { receivedFrom: '2026-12-01 10:00:00 tomorrow' }))).toMatchObject({ code: '4001' })
  })

  it("the notification and incident lists take their from/to bounds in the spec's form", async () => {
    for (const [endpoint, from, to] of [
      [notificationList, 'createdFrom', 'createdTo'],
      [notificationCount, 'createdFrom', 'createdTo'],
      [incidentList, 'seenFrom', 'seenTo'],
    ] as const) {
      await b.ok(endpoint, { [from]: '2026-12-01 10:00:00', [to]: '2026-12-31 23:59:59' })
      expect(refusal(await b.send(endpoint, { [from]: '2026-12-32 10:00:00' }))).toMatchObject({ code: '4001' })
    }
  })
})
