import type { Store } from '../../store'
import type { Refusal } from '../../kernel/refusal'
import { recordRefusalEvents } from '../events'
import { runtimeDb } from '../../runtime/tables'
import { encodeText } from '../../text/keyedText'

/** The refusals of a push that are the data's fault (format, schema, nesting, an mq body's charset): push_refused counts them. */
const DATA_REFUSALS: ReadonlySet<string> = new Set([
  'msg_runtime_data_not_json',
  'msg_runtime_data_not_xml',
  'msg_runtime_data_schema_mismatch',
  'msg_runtime_data_too_deep',
  'msg_runtime_charset_unknown',
  'msg_runtime_charset_conflict',
  'msg_runtime_body_not_in_charset',
])

interface Counted {
  count: number
  /** The last refusal's key and parameters: translated only when flushed, never on the push path. */
  last: Refusal
  at: number
}

/** Per store (a process may hold several, as tests do), per producer: refusals since the last flush. */
const counters = new WeakMap<Store, Map<string, Counted>>()

/**
 * Counts a push refused for its data: a map update in memory, nothing more on the push path.
 * The watch flushes the counts as alarm events every pass (flushRefusals). With several nodes,
 * each node counts its own pushes and flushes them into the shared store, where the evaluator
 * (one node at a time) adds them up per producer: N refusals spread over the nodes count as N.
 * A node that dies loses at most the counts of its last pass.
 */
export function countRefusal(store: Store, producerId: string, refusal: Refusal, now = Date.now()): void {
  if (!DATA_REFUSALS.has(refusal.messageKey)) return
  let byProducer = counters.get(store)
  if (!byProducer) counters.set(store, (byProducer = new Map()))
  const counted = byProducer.get(producerId)
  if (counted) {
    counted.count++
    counted.last = refusal
    counted.at = now
  } else byProducer.set(producerId, { count: 1, last: refusal, at: now })
}

/** Writes the counts as events and starts counting afresh; counts that fail to write are kept for the next flush. */
export async function flushRefusals(store: Store): Promise<void> {
  const byProducer = counters.get(store)
  if (!byProducer || byProducer.size === 0) return
  counters.set(store, new Map())
  const counted = [...byProducer].map(([producerId, c]) => ({ producerId, count: c.count, at: c.at, detail: encodeText({ key: c.last.messageKey, params: c.last.params }) }))
  try {
    await recordRefusalEvents(runtimeDb(store.db), counted)
  } catch (err) {
    for (const [id, c] of byProducer) {
      const now = counters.get(store)!.get(id)
      counters.get(store)!.set(id, now ? { ...now, count: now.count + c.count } : c)
    }
    throw err
  }
}
