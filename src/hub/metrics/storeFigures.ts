import { runtimeDb } from '../runtime/tables'
import type { Store } from '../store'

/**
 * What the store holds now, for the gauges a scrape shows: two grouped reads, whatever the
 * number of messages (the message log as its retention keeps it).
 */
export interface StoreFigures {
  /** Messages in the log per topic (a message no consumer gets is counted too). */
  received: { topic: string; count: number }[]
  /**
   * Deliveries per consumer and state (pending, delivering, delivered, dead), with the
   * consumer's topic and application ('' for a consumer since deleted) and the oldest one's
   * creation (ISO).
   */
  deliveries: { topic: string; consumer: string; application: string; state: string; count: number; oldest: string | null }[]
}

/** The states in which a delivery is still owed to its consumer: its backlog. */
export const BACKLOG_STATES: ReadonlySet<string> = new Set(['pending', 'delivering'])

export async function readStoreFigures(store: Store): Promise<StoreFigures> {
  const db = runtimeDb(store.db)
  const received = await db
    .selectFrom('dh_messages')
    .select(['topic_code', (eb) => eb.fn.countAll().as('n')])
    .groupBy('topic_code')
    .execute()
  // Grouped first, then named: the index (consumer_id, status, created_at) answers the grouping
  // and the oldest alone, and the consumers are joined once per group, not once per delivery.
  const grouped = db
    .selectFrom('dh_deliveries')
    .select(['consumer_id', 'status', (eb) => eb.fn.countAll().as('n'), (eb) => eb.fn.min('created_at').as('oldest')])
    .groupBy(['consumer_id', 'status'])
    .as('g')
  const deliveries = await db
    .selectFrom(grouped)
    .leftJoin('consumers', 'consumers.id', 'g.consumer_id')
    .select(['g.consumer_id', 'g.status', 'g.n', 'g.oldest', 'consumers.topic_code', 'consumers.application_code'])
    .execute()
  return {
    received: received.map((r) => ({ topic: r.topic_code, count: Number(r.n) })),
    deliveries: deliveries.map((r) => ({
      topic: r.topic_code ?? '',
      consumer: r.consumer_id,
      application: r.application_code ?? '',
      state: r.status,
      count: Number(r.n),
      oldest: r.oldest === null || r.oldest === undefined ? null : String(r.oldest),
    })),
  }
}

/**
 * `read` answered from its last result for `ttlMs` after that result came, and shared by the
 * calls made while it runs: however often monitoring systems scrape, the store is read at most
 * once per ttlMs (a failure is kept as long, so a failing store is not asked again at once).
 */
export function cachedFor<T>(ttlMs: number, read: () => Promise<T>, now: () => number = Date.now): () => Promise<T> {
  let last: { value: Promise<T>; settledAt: number | null } | null = null
  return () => {
    if (last && (last.settledAt === null || now() - last.settledAt < ttlMs)) return last.value
    const entry: { value: Promise<T>; settledAt: number | null } = { value: read(), settledAt: null }
    const settle = () => {
      entry.settledAt = now()
    }
    entry.value.then(settle, settle)
    last = entry
    return entry.value
  }
}
