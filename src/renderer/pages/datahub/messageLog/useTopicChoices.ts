import { useEffect, useState } from 'react'
import { consumerListAll } from '../../../../shared/contract/datahub/consumer'
import { topicListAll } from '../../../../shared/contract/datahub/topic'
import { callHub } from '../../../api/hub'

export interface Choice {
  value: string
  label: string
}

/** The topics to pick from; without the list the topic filter just stays at "all" (failure logged). */
export function useTopicChoices(): Choice[] {
  const [topics, setTopics] = useState<Choice[]>([])
  useEffect(() => {
    void callHub(topicListAll, undefined, { quiet: true }).then((r) => r.ok && setTopics(r.data.map((t) => ({ value: t.code, label: `${t.name} (${t.code})` }))))
  }, [])
  return topics
}

/** The consumers of one topic, named as their boxes are (application name, else code). */
export function useConsumerChoices(topicCode: string): Choice[] {
  const [consumers, setConsumers] = useState<Choice[]>([])
  useEffect(() => {
    if (!topicCode) {
      setConsumers([])
      return
    }
    let live = true
    void callHub(consumerListAll, { topicCode }, { quiet: true }).then((r) => {
      if (live) setConsumers(r.ok ? r.data.map((c) => ({ value: c.id, label: c.applicationName || c.applicationCode || c.id })) : [])
    })
    return () => {
      live = false
    }
  }, [topicCode])
  return consumers
}
