import { useMemo } from 'react'
import { consumerListAll } from '../../../../shared/contract/datahub/consumer'
import { topicListAll } from '../../../../shared/contract/datahub/topic'
import { useHubQuery } from '../../../api/query'

export interface Choice {
  value: string
  label: string
}

/** The topics to pick from; without the list the topic filter just stays at "all" (failure logged). */
export function useTopicChoices(): Choice[] {
  const { data } = useHubQuery(topicListAll, undefined, { quiet: true })
  return useMemo(() => (data ?? []).map((t) => ({ value: t.code, label: `${t.name} (${t.code})` })), [data])
}

/** The consumers of one topic, named as their boxes are (application name, else code). */
export function useConsumerChoices(topicCode: string): Choice[] {
  // No topic, no consumers; a failure empties the list.
  const { data, error } = useHubQuery(consumerListAll, { topicCode }, { quiet: true, enabled: topicCode !== '' })
  return useMemo(() => (error ? [] : (data ?? []).map((c) => ({ value: c.id, label: c.applicationName || c.applicationCode || c.id }))), [data, error])
}
