import { messageCounts, type LiveCounts } from '../../../../shared/contract/datahub/runtime'
import { callHub } from '../../../api/hub'

/**
 * The flow diagram's live counts (received / delivered / failed / in retry), polled for all the
 * rows on screen in one call: the virtualised list mounts and unmounts rows as it scrolls, each
 * box subscribes to its topic, and one timer asks the hub for every subscribed topic at once.
 * Spec §9: loaded table data refreshes after 10 seconds.
 */
export const LIVE_COUNTS_REFRESH_MS = 10_000
/** Rows mounting together (a page load, a scroll) are gathered into one first call. */
const GATHER_MS = 50

export interface TopicLiveCounts {
  topic: LiveCounts
  consumers: ReadonlyMap<string, LiveCounts>
}
type Listener = (counts: TopicLiveCounts) => void

const listeners = new Map<string, Set<Listener>>()
const latest = new Map<string, TopicLiveCounts>()
let timer: ReturnType<typeof setTimeout> | null = null
let inFlight = false

async function refresh(): Promise<void> {
  timer = null
  const codes = [...listeners.keys()]
  if (codes.length === 0) return
  if (!inFlight) {
    inFlight = true
    // Quiet: counts are an extra; a failed refresh keeps the last numbers and tries again.
    const r = await callHub(messageCounts, { topicCodes: codes.join(',') }, { quiet: true }).finally(() => (inFlight = false))
    if (r.ok) {
      for (const t of r.data.topics) {
        const { topicCode, ...topic } = t
        const consumers = new Map(r.data.consumers.filter((c) => c.topicCode === topicCode).map(({ topicCode: _, consumerId, ...c }) => [consumerId, c]))
        const counts = { topic, consumers }
        latest.set(topicCode, counts)
        for (const l of listeners.get(topicCode) ?? []) l(counts)
      }
    }
  }
  if (listeners.size > 0 && !timer) timer = setTimeout(() => void refresh(), LIVE_COUNTS_REFRESH_MS)
}

/** Follows one topic's counts; the last known ones are given at once. Returns the unsubscribe. */
export function followLiveCounts(topicCode: string, listener: Listener): () => void {
  let set = listeners.get(topicCode)
  if (!set) listeners.set(topicCode, (set = new Set()))
  set.add(listener)
  const known = latest.get(topicCode)
  if (known) listener(known)
  else {
    // A topic not seen yet: fetch soon rather than at the next 10 s tick.
    if (timer) clearTimeout(timer)
    timer = setTimeout(() => void refresh(), GATHER_MS)
  }
  return () => {
    set.delete(listener)
    if (set.size > 0) return
    listeners.delete(topicCode)
    if (listeners.size === 0 && timer) {
      clearTimeout(timer)
      timer = null
    }
  }
}

/** For tests: forget everything known and stop polling. */
export function resetLiveCounts(): void {
  listeners.clear()
  latest.clear()
  if (timer) clearTimeout(timer)
  timer = null
}
