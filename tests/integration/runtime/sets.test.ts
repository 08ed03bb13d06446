import { afterAll, beforeAll, expect, it } from 'vitest'
import { claimDue, finishAll, type Ending } from '../../../src/hub/runtime/queue/deliveries'
import { recordMessage } from '../../../src/hub/runtime/queue/messages'
import { runtimeDb, type RuntimeDb } from '../../../src/hub/runtime/tables'
import { openStore, type Store } from '../../../src/hub/store'
import { describeEachStore, storeTargets, type StoreLocation } from '../../support/stores'

const targets = await storeTargets()
const LEASE_MS = 60_000

/**
 * The runtime's batched writes (issue 13): pushes that arrive together share one commit, and
 * the worker claims and finishes deliveries in sets. Two stores opened on one database stand
 * for two hub nodes.
 */
describeEachStore(targets, 'exchange runtime: group commit, and deliveries claimed and finished in sets', (target) => {
  let location: StoreLocation
  let nodeA: Store
  let nodeB: Store
  let a: RuntimeDb
  let b: RuntimeDb
  const topic = (code: string) => ({ id: `topic-${code}`, code, logStoreDay: 7, logDataStoreDay: 7 })
  const payload = (n: number) => ({ text: JSON.stringify({ n }), format: 'json' as const })

  beforeAll(async () => {
    location = await target.create()
    nodeA = await openStore(location)
    nodeB = await openStore(location)
    a = runtimeDb(nodeA.db)
    b = runtimeDb(nodeB.db)
  })
  afterAll(async () => {
    await nodeA?.close()
    await nodeB?.close()
    await location?.cleanup()
  })

  it('commits every push of a burst with its deliveries, and refuses only the one that cannot be stored', async () => {
    const t = topic('burst')
    // Push 13 names its consumer twice: its deliveries break the unique (message, consumer) index.
    const pushes = Array.from({ length: 40 }, (_, n) =>
      recordMessage(nodeA, { topic: t, producerId: 'p', payload: payload(n), routingKeys: [t.code], consumerIds: n === 13 ? ['c1', 'c1'] : ['c1', 'c2'] }),
    )
    const settled = await Promise.allSettled(pushes)
    expect(settled.filter((s) => s.status === 'rejected').length).toBe(1)
    expect(settled[13]!.status).toBe('rejected')
    const ids = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []))
    const stored = await b.selectFrom('dh_messages').select(['id', 'payload']).where('topic_code', '=', t.code).execute()
    expect(stored.map((m) => m.id).sort()).toEqual([...ids].sort())
    expect(stored.map((m) => JSON.parse(m.payload!).n)).not.toContain(13)
    const deliveries = await b.selectFrom('dh_deliveries').select(['message_id', 'consumer_id']).where('message_id', 'in', ids).execute()
    expect(deliveries.length).toBe(39 * 2)
  })

  it('two nodes claiming sets at the same time never both get one delivery, and together get every one', async () => {
    const t = topic('race')
    await Promise.all(Array.from({ length: 120 }, (_, n) => recordMessage(nodeA, { topic: t, producerId: 'p', payload: payload(n), routingKeys: [t.code], consumerIds: ['racer'] })))
    const byA = new Set<string>()
    const byB = new Set<string>()
    for (;;) {
      const now = Date.now()
      const [fromA, fromB] = await Promise.all([claimDue(a, 'racer', now, 7, LEASE_MS, target.name), claimDue(b, 'racer', now, 7, LEASE_MS, target.name)])
      if (fromA.length === 0 && fromB.length === 0) break
      fromA.forEach((d) => byA.add(d.id))
      fromB.forEach((d) => byB.add(d.id))
    }
    expect([...byA].filter((id) => byB.has(id))).toEqual([])
    expect(byA.size + byB.size).toBe(120)
  })

  it('finishes a set in one go, each with its own outcome, and only while the delivery is still held', async () => {
    const t = topic('finish')
    await Promise.all([0, 1, 2].map((n) => recordMessage(nodeA, { topic: t, producerId: 'p', payload: payload(n), routingKeys: [t.code], consumerIds: ['finisher'] })))
    const now = Date.now()
    const held = await claimDue(a, 'finisher', now, 10, LEASE_MS, target.name)
    expect(held.length).toBe(3)
    const endings: Ending[] = [
      { delivery: held[0]!, attempts: 1, outcome: { kind: 'delivered' }, startedAt: now, now: now + 5 },
      { delivery: held[1]!, attempts: 1, outcome: { kind: 'retry', error: 'HTTP 503', nextAt: now + 60_000 }, startedAt: now, now: now + 7 },
      { delivery: held[2]!, attempts: 1, outcome: { kind: 'dead', error: 'no such consumer' }, startedAt: now, now: now + 9 },
    ]
    const ended = await finishAll(a, nodeA.kind, endings)
    expect(ended.map((d) => d?.status)).toEqual(['delivered', 'pending', 'dead'])
    const rows = new Map((await b.selectFrom('dh_deliveries').selectAll().where('consumer_id', '=', 'finisher').execute()).map((r) => [r.id, r]))
    expect(rows.get(held[0]!.id)).toMatchObject({ status: 'delivered', attempts: 1, last_error: '', lease_until: null, duration_ms: 5, finished_at: new Date(now + 5).toISOString() })
    expect(rows.get(held[1]!.id)).toMatchObject({ status: 'pending', attempts: 1, last_error: 'HTTP 503', lease_until: null, finished_at: null, next_attempt_at: new Date(now + 60_000).toISOString() })
    expect(rows.get(held[2]!.id)).toMatchObject({ status: 'dead', attempts: 1, last_error: 'no such consumer', duration_ms: 9 })
    // Recorded already: a second finish (a node that lost its hold) changes nothing.
    expect(await finishAll(b, nodeB.kind, endings)).toEqual([undefined, undefined, undefined])
  })
})
