import { afterAll, beforeAll, expect, it } from 'vitest'
import { countSeries, windowRows } from '../../../src/hub/ops/rollups/series'
import { hourOf, minuteOf, type RollupTable } from '../../../src/hub/ops/rollups/tables'
import { messageFilterSchema } from '../../../src/shared/contract/datahub/runtime'
import { actionableDeliveries } from '../../../src/hub/runtime/log/messageFilter'
import { discardDeliveries, retryDeliveries } from '../../../src/hub/runtime/log/operations'
import { claimDue, finish, finishAll, type Ending, type Outcome } from '../../../src/hub/runtime/queue/deliveries'
import { purgeExpired, recordMessage } from '../../../src/hub/runtime/queue/messages'
import { runtimeDb, type RuntimeDb } from '../../../src/hub/runtime/tables'
import { openStore, type Store } from '../../../src/hub/store'
import { describeEachStore, storeTargets, type StoreLocation } from '../../support/stores'

const targets = await storeTargets()

/** A small seeded generator (mulberry32): a failing stream is replayed from its seed. */
function random(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]! }
}

type Key = string
const key = (minute: number, topicId: string, consumerId: string): Key => `${minute}|${topicId}|${consumerId}`
interface Counted {
  received: number
  delivered: number
  failed: number
  retrying: number
}
const zero = (): Counted => ({ received: 0, delivered: 0, failed: 0, retrying: 0 })
const add = (m: Map<Key, Counted>, k: Key, field: keyof Counted, n: number) => {
  if (n === 0) return
  const c = m.get(k) ?? zero()
  c[field] += n
  m.set(k, c)
}

const TOPICS = [
  { id: 'topic-a', code: 'a', logStoreDay: 7, logDataStoreDay: 7, consumers: ['a1', 'a2'] },
  { id: 'topic-b', code: 'b', logStoreDay: 7, logDataStoreDay: 3, consumers: ['b1', 'b2', 'b3'] },
  { id: 'topic-c', code: 'c', logStoreDay: 1, logDataStoreDay: 1, consumers: ['c1'] },
]
const CONSUMERS = TOPICS.flatMap((t) => t.consumers)
const topicOfConsumer = new Map(TOPICS.flatMap((t) => t.consumers.map((c) => [c, t.id] as const)))

/** The message log's counts per minute: receipts by received_at, deliveries ended by finished_at and state. */
async function logCounts(db: RuntimeDb): Promise<Map<Key, Counted>> {
  const out = new Map<Key, Counted>()
  for (const m of await db.selectFrom('dh_messages').select(['topic_id', 'received_at']).execute()) add(out, key(minuteOf(Date.parse(m.received_at)), m.topic_id, ''), 'received', 1)
  const ended = await db
    .selectFrom('dh_deliveries')
    .innerJoin('dh_messages', 'dh_messages.id', 'dh_deliveries.message_id')
    .select(['dh_messages.topic_id', 'dh_deliveries.consumer_id', 'dh_deliveries.status', 'dh_deliveries.finished_at'])
    .where('dh_deliveries.status', 'in', ['delivered', 'dead'])
    .execute()
  for (const d of ended) add(out, key(minuteOf(Date.parse(d.finished_at!)), d.topic_id, d.consumer_id), d.status === 'delivered' ? 'delivered' : 'failed', 1)
  return out
}

/** Failed tries that wait for another, per consumer, as the log tells them: every try but the one that ended a delivery. */
async function retriesSoFar(db: RuntimeDb): Promise<Map<string, number>> {
  const rows = await db.selectFrom('dh_deliveries').select(['consumer_id', 'status', 'attempts']).execute()
  const out = new Map<string, number>()
  for (const r of rows) out.set(r.consumer_id, (out.get(r.consumer_id) ?? 0) + r.attempts - (r.status === 'delivered' || r.status === 'dead' ? 1 : 0))
  return out
}

async function rollupCounts(db: RuntimeDb, table: RollupTable = 'dh_rollups'): Promise<Map<Key, Counted>> {
  const out = new Map<Key, Counted>()
  for (const r of await db.selectFrom(table).selectAll().execute()) {
    const k = key(Number(r.minute), r.topic_id, r.consumer_id)
    for (const f of ['received', 'delivered', 'failed', 'retrying'] as const) add(out, k, f, Number(r[f]))
  }
  return out
}

const sorted = (m: Map<Key, Counted>) => [...m.entries()].sort(([a], [b]) => (a < b ? -1 : 1))

/** Per-minute counts summed per hour, keyed as the hourly rows are (the hour's first minute). */
function byHour(perMinute: Map<Key, Counted>): Map<Key, Counted> {
  const out = new Map<Key, Counted>()
  for (const [k, c] of perMinute) {
    const [minute, topicId, consumerId] = k.split('|')
    for (const f of ['received', 'delivered', 'failed', 'retrying'] as const) add(out, key(hourOf(Number(minute)), topicId!, consumerId!), f, c[f])
  }
  return out
}

/**
 * Issue 16: the rollups the runtime writes as it goes equal the message log's counts for the
 * same windows, over random streams of pushes (bursts sharing a group commit, now and then one
 * the store refuses) and tries (sets of the worker and single pulled ones, delivered, retried or
 * given up), minute by minute and summed into coarser buckets.
 */
describeEachStore(targets, 'rollups equal the message log over random streams', (target) => {
  let location: StoreLocation
  let store: Store
  let db: RuntimeDb

  beforeAll(async () => {
    location = await target.create()
    store = await openStore(location)
    db = runtimeDb(store.db)
  })
  afterAll(async () => {
    await store?.close()
    await location?.cleanup()
  })

  for (const seed of [1, 2, 3, 16]) {
    it(`stream of seed ${seed}`, async () => {
      for (const table of ['dh_rollups', 'dh_rollups_hourly', 'dh_deliveries', 'dh_messages'] as const) await db.deleteFrom(table).execute()
      const r = random(seed)
      const start = Date.UTC(2026, 0, 5, 10, 0, 17)
      let now = start
      const expectedRetries = new Map<Key, Counted>()
      let n = 0
      for (let step = 0; step < 30; step++) {
        // Now and then a quiet spell, so a stream spans several hours (the hourly rows).
        now += (r.next() < 0.15 ? r.int(45) * 60 : r.int(100)) * 1000
        if (r.next() < 0.45) {
          // A burst of pushes: they arrive together and share commits; one may be refused.
          const pushes = Array.from({ length: 1 + r.int(12) }, () => {
            const t = r.pick(TOPICS)
            const consumerIds = t.consumers.filter(() => r.next() < 0.7)
            const bad = r.next() < 0.05 && consumerIds.length > 0
            return recordMessage(store, { topic: t, producerId: 'p', payload: { text: JSON.stringify({ n: n++ }), format: 'json' }, routingKeys: [t.code], consumerIds: bad ? [consumerIds[0]!, consumerIds[0]!] : consumerIds }, now)
          })
          await Promise.allSettled(pushes)
          continue
        }
        const before = await retriesSoFar(db)
        const consumerId = r.pick(CONSUMERS)
        const claimed = await claimDue(db, consumerId, now, 1 + r.int(8), 60_000, store.kind)
        const outcomeOf = (): Outcome => {
          const x = r.next()
          return x < 0.5 ? { kind: 'delivered' } : x < 0.8 ? { kind: 'retry', error: 'no', nextAt: now + r.int(200) * 1000 } : { kind: 'dead', error: 'gone' }
        }
        if (r.next() < 0.3) {
          // Pulled deliveries end one at a time.
          for (const d of claimed) await finish(db, store.kind, d.id, d.attempts + 1, outcomeOf(), now, now)
        } else {
          const endings: Ending[] = claimed.map((d) => ({ delivery: d, attempts: d.attempts + 1, outcome: outcomeOf(), startedAt: now, now }))
          await finishAll(db, store.kind, endings)
        }
        const after = await retriesSoFar(db)
        for (const [c, total] of after) add(expectedRetries, key(minuteOf(now), topicOfConsumer.get(c)!, c), 'retrying', total - (before.get(c) ?? 0))
      }

      const expected = await logCounts(db)
      for (const [k, c] of expectedRetries) add(expected, k, 'retrying', c.retrying)
      expect(expected.size).toBeGreaterThan(0)
      expect(sorted(await rollupCounts(db))).toEqual(sorted(expected))
      // The hourly rows, written by the same statements, equal the log's counts per hour.
      expect(sorted(await rollupCounts(db, 'dh_rollups_hourly'))).toEqual(sorted(byHour(expected)))
      expect(new Set([...byHour(expected).keys()].map((k) => k.split('|')[0])).size, 'the stream spans hours').toBeGreaterThan(1)

      // Coarser windows, summed in SQL (whole hours from the hourly rows), equal the log's counts summed the same way.
      for (const bucketMinutes of [1, 7, 60, 120]) {
        const series = await countSeries(store.db, { from: start, to: now + 60_000, bucketMinutes })
        for (const t of TOPICS) {
          const ofTopic = await countSeries(store.db, { from: start, to: now + 60_000, bucketMinutes, topicId: t.id })
          const want = new Map<number, Counted>()
          for (const [k, c] of expected) {
            const [minute, topicId] = k.split('|')
            if (topicId !== t.id) continue
            const b = Math.floor(Number(minute) / bucketMinutes) * bucketMinutes * 60_000
            const w = want.get(b) ?? zero()
            for (const f of ['received', 'delivered', 'failed', 'retrying'] as const) w[f] += c[f]
            want.set(b, w)
          }
          expect(ofTopic.filter((b) => b.received + b.delivered + b.failed + b.retrying > 0).map((b) => [b.at, { received: b.received, delivered: b.delivered, failed: b.failed, retrying: b.retrying }])).toEqual(
            [...want.entries()].sort(([a], [b]) => a - b),
          )
        }
        const all = [...expected.values()].reduce((s, c) => s + c.received + c.delivered + c.failed + c.retrying, 0)
        expect(series.reduce((s, b) => s + b.received + b.delivered + b.failed + b.retrying, 0)).toBe(all)
      }

      // A window from any minute on (the home page's day sums): hourly rows and the first hour's rest equal the minutes' counts.
      for (const fromMinute of [minuteOf(start), hourOf(minuteOf(start)) + 60, minuteOf(start) + r.int(minuteOf(now) - minuteOf(start) + 1)]) {
        const summedRows = await store.db
          .selectFrom(windowRows(store.db, fromMinute).as('w'))
          .select(['w.topic_id', 'w.consumer_id', (eb) => eb.fn.sum<string>('w.received').as('received'), (eb) => eb.fn.sum<string>('w.delivered').as('delivered'), (eb) => eb.fn.sum<string>('w.failed').as('failed'), (eb) => eb.fn.sum<string>('w.retrying').as('retrying')])
          .groupBy(['w.topic_id', 'w.consumer_id'])
          .execute()
        const got = new Map<Key, Counted>()
        for (const w of summedRows) for (const f of ['received', 'delivered', 'failed', 'retrying'] as const) add(got, `${w.topic_id}|${w.consumer_id}`, f, Number(w[f]))
        const want = new Map<Key, Counted>()
        for (const [k, c] of expected) {
          const [minute, topicId, consumerId] = k.split('|')
          if (Number(minute) < fromMinute) continue
          for (const f of ['received', 'delivered', 'failed', 'retrying'] as const) add(want, `${topicId}|${consumerId}`, f, c[f])
        }
        expect(sorted(got), `window from minute ${fromMinute}`).toEqual(sorted(want))
      }
    })
  }

  /** Every delivery as it is now: what a step's outcomes are read from. */
  const snapshot = async () => new Map((await db.selectFrom('dh_deliveries').select(['id', 'consumer_id', 'status', 'attempts']).execute()).map((d) => [d.id, d]))

  for (const seed of [4, 5, 16]) {
    it(`stream of seed ${seed} with operators retrying and discarding (by selection and by filter)`, async () => {
      for (const table of ['dh_rollups', 'dh_rollups_hourly', 'dh_deliveries', 'dh_messages'] as const) await db.deleteFrom(table).execute()
      const r = random(seed)
      let now = Date.UTC(2026, 0, 5, 10, 0, 17)
      const expected = new Map<Key, Counted>()
      const seen = new Set<string>()
      let n = 0
      for (let step = 0; step < 40; step++) {
        now += (r.next() < 0.15 ? r.int(45) * 60 : r.int(100)) * 1000
        const minute = minuteOf(now)
        const before = await snapshot()
        const x = r.next()
        if (x < 0.35) {
          await Promise.allSettled(
            Array.from({ length: 1 + r.int(8) }, () => {
              const t = r.pick(TOPICS)
              return recordMessage(store, { topic: t, producerId: 'p', payload: { text: JSON.stringify({ n: n++ }), format: 'json' }, routingKeys: [t.code], consumerIds: t.consumers.filter(() => r.next() < 0.7) }, now)
            }),
          )
          for (const m of await db.selectFrom('dh_messages').select(['id', 'topic_id', 'received_at']).execute()) {
            if (seen.has(m.id)) continue
            seen.add(m.id)
            add(expected, key(minuteOf(Date.parse(m.received_at)), m.topic_id, ''), 'received', 1)
          }
          continue
        }
        if (x < 0.75) {
          // The runtime's tries, which end delivered, retried or given up (as the stream above).
          const claimed = await claimDue(db, r.pick(CONSUMERS), now, 1 + r.int(8), 60_000, store.kind)
          const outcomeOf = (): Outcome => {
            const y = r.next()
            return y < 0.4 ? { kind: 'delivered' } : y < 0.7 ? { kind: 'retry', error: 'no', nextAt: now } : { kind: 'dead', error: 'gone' }
          }
          await finishAll(db, store.kind, claimed.map((d) => ({ delivery: d, attempts: d.attempts + 1, outcome: outcomeOf(), startedAt: now, now })))
        } else {
          // An operator: retry or discard some deliveries picked in the log, or all a filter matches.
          const ids = [...before.keys()].filter(() => r.next() < 0.3)
          const filter = () => messageFilterSchema.parse({ topicCode: r.pick(TOPICS).code })
          const action = r.int(4)
          if (action === 0) await retryDeliveries(db, ids, now)
          else if (action === 1) await discardDeliveries(db, ids, now)
          else if (action === 2) await retryDeliveries(db, actionableDeliveries(db, filter(), 'retry'), now)
          else await discardDeliveries(db, actionableDeliveries(db, filter(), 'discard'), now)
        }
        // What became of each delivery in this step, counted as the rollups should have.
        for (const [id, d] of await snapshot()) {
          const was = before.get(id)
          if (!was) continue
          const k = key(minute, topicOfConsumer.get(d.consumer_id)!, d.consumer_id)
          const tries = d.attempts - was.attempts
          if (tries > 0) {
            const ended = d.status === 'delivered' || d.status === 'dead'
            if (ended) add(expected, k, d.status === 'delivered' ? 'delivered' : 'failed', 1)
            add(expected, k, 'retrying', tries - (ended ? 1 : 0))
          } else if ((was.status === 'dead' || was.status === 'failed') && d.status === 'pending') add(expected, k, 'retrying', 1)
          else if (was.status === 'pending' && d.status === 'failed') add(expected, k, 'failed', 1)
        }
      }
      const operated = [...(await snapshot()).values()].filter((d) => d.status === 'failed').length
      expect(operated, 'the stream discarded something').toBeGreaterThan(0)
      expect(sorted(await rollupCounts(db))).toEqual(sorted(expected))
      expect(sorted(await rollupCounts(db, 'dh_rollups_hourly'))).toEqual(sorted(byHour(expected)))
    })
  }

  it('rollups go with the message log they count (retention)', async () => {
    for (const table of ['dh_rollups', 'dh_rollups_hourly', 'dh_deliveries', 'dh_messages'] as const) await db.deleteFrom(table).execute()
    const t = TOPICS[2]! // logStoreDay 1
    const at = Date.UTC(2026, 0, 5, 10, 0, 0)
    await recordMessage(store, { topic: t, producerId: 'p', payload: { text: '{}', format: 'json' }, routingKeys: [t.code], consumerIds: [] }, at)
    const kept = async () => [
      ...(await db.selectFrom('dh_rollups').select('minute').where('topic_id', '=', t.id).where('minute', '=', minuteOf(at)).execute()),
      ...(await db.selectFrom('dh_rollups_hourly').select('minute').where('topic_id', '=', t.id).where('minute', '=', hourOf(minuteOf(at))).execute()),
    ]
    expect((await kept()).length).toBe(2)
    await purgeExpired(store, at + 12 * 60 * 60 * 1000)
    expect((await kept()).length).toBe(2)
    await purgeExpired(store, at + 2 * 24 * 60 * 60 * 1000)
    expect(await kept()).toEqual([])
  })
})
