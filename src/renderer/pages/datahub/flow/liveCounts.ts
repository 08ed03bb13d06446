import { messageCounts, type LiveCounts } from '../../../../shared/contract/datahub/runtime'
import { callHub } from '../../../api/hub'
import { FLOW_REFRESH_MS, topicPoller } from './topicPoller'

/**
 * The flow diagram's live counts (received / delivered / failed / in retry), polled for all the
 * rows on screen in one call (topicPoller.ts).
 */
export const LIVE_COUNTS_REFRESH_MS = FLOW_REFRESH_MS

export interface TopicLiveCounts {
  topic: LiveCounts
  consumers: ReadonlyMap<string, LiveCounts>
}

const poller = topicPoller<TopicLiveCounts>(async (codes) => {
  // Quiet: counts are an extra; a failed refresh keeps the last numbers and tries again.
  const r = await callHub(messageCounts, { topicCodes: codes.join(',') }, { quiet: true })
  if (!r.ok) return null
  return new Map(
    r.data.topics.map(({ topicCode, ...topic }) => {
      const consumers = new Map(r.data.consumers.filter((c) => c.topicCode === topicCode).map(({ topicCode: _, consumerId, ...c }) => [consumerId, c]))
      return [topicCode, { topic, consumers }]
    }),
  )
})

/** Follows one topic's counts; the last known ones are given at once. Returns the unsubscribe. */
export const followLiveCounts = poller.follow
/** For tests: forget everything known and stop polling. */
export const resetLiveCounts = poller.reset
