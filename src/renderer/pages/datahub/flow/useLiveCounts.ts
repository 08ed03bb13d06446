import { useEffect, useState } from 'react'
import { followLiveCounts, type TopicLiveCounts } from './liveCounts'

/** The live counts of a topic (and its consumers), refreshed every 10 s while shown. */
export function useLiveCounts(topicCode: string | undefined): TopicLiveCounts | null {
  const [counts, setCounts] = useState<TopicLiveCounts | null>(null)
  useEffect(() => {
    if (!topicCode) return
    return followLiveCounts(topicCode, setCounts)
  }, [topicCode])
  return counts
}
