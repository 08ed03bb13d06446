import type { Endpoint } from '../../../../shared/endpoint'
import { watchEndpoints } from '../../../api/query/invalidation'

/**
 * What the flow page polls for all the rows on screen in one call per refresh (live counts,
 * producers' schedules): the virtualised list mounts and unmounts rows as it scrolls, each box
 * follows its topic, and one timer asks the hub for every followed topic at once.
 * Spec §9: loaded table data refreshes after 10 seconds.
 */
export const FLOW_REFRESH_MS = 10_000
/** Rows mounting together (a page load, a scroll) are gathered into one first call. */
const GATHER_MS = 50

type Listener<T> = (value: T) => void

export interface TopicPoller<T> {
  /** Follows one topic; the last known value is given at once. Returns the unfollow. */
  follow(topicCode: string, listener: Listener<T>): () => void
  /** Asks again soon for every followed topic (something changed them); calls close together are one. */
  refreshSoon(): void
  /** For tests: forget everything known and stop polling. */
  reset(): void
}

/**
 * A poller over `ask`, which answers the value of each topic asked (null: the call failed; the
 * last values stay and the next refresh tries again). A mutation that invalidates one of
 * `watches` makes it ask again soon.
 */
export function topicPoller<T>(ask: (topicCodes: string[]) => Promise<ReadonlyMap<string, T> | null>, watches: readonly Endpoint[] = []): TopicPoller<T> {
  const listeners = new Map<string, Set<Listener<T>>>()
  const latest = new Map<string, T>()
  let timer: ReturnType<typeof setTimeout> | null = null
  let inFlight = false
  /** A refresh came due while one was on its way: ask again when it is back. */
  let askAgain = false
  let unwatch: (() => void) | null = null

  const schedule = (ms: number) => {
    if (timer) clearTimeout(timer)
    timer = setTimeout(() => void refresh(), ms)
  }
  const refreshSoon = () => {
    if (listeners.size > 0) schedule(GATHER_MS)
  }

  async function refresh(): Promise<void> {
    timer = null
    const codes = [...listeners.keys()]
    if (codes.length === 0) return
    if (inFlight) {
      askAgain = true
      return
    }
    inFlight = true
    const answer = await ask(codes)
      .catch(() => null)
      .finally(() => (inFlight = false))
    for (const [code, value] of answer ?? []) {
      const set = listeners.get(code)
      if (!set) continue
      latest.set(code, value)
      for (const l of set) l(value)
    }
    if (listeners.size === 0) return
    if (askAgain) {
      askAgain = false
      schedule(GATHER_MS)
    } else if (!timer) schedule(FLOW_REFRESH_MS)
  }

  /** Nobody follows any topic (the page was left): stop, and forget, so coming back asks at once. */
  function idle(): void {
    if (timer) clearTimeout(timer)
    timer = null
    askAgain = false
    latest.clear()
    unwatch?.()
    unwatch = null
  }

  return {
    follow(topicCode, listener) {
      let set = listeners.get(topicCode)
      if (!set) listeners.set(topicCode, (set = new Set()))
      set.add(listener)
      if (!unwatch && watches.length > 0) unwatch = watchEndpoints(watches.map((e) => e.id), refreshSoon)
      const known = latest.get(topicCode)
      // A topic not seen yet: fetch soon rather than at the next 10 s tick.
      if (known !== undefined) listener(known)
      else refreshSoon()
      return () => {
        set.delete(listener)
        if (set.size > 0) return
        listeners.delete(topicCode)
        if (listeners.size === 0) idle()
      }
    },
    refreshSoon,
    reset() {
      listeners.clear()
      idle()
    },
  }
}
