import { useMemo } from 'react'
import type { Producer } from '../../../../shared/contract/datahub/producer'
import { topicDetail, topicGetSourceAndTargetFields } from '../../../../shared/contract/datahub/topic'
import { useHubQuery } from '../../../api/query'
import { targetNamesOf } from './useMappingImports'

/**
 * The topic's producer, for the mapping tab's side buttons: smart mapping is offered only when
 * its production mode is dblink (part 2 §2), and its columns are the smart mapping's sources.
 */
export function useTopicProducer(topicId: string): Producer | null {
  return useHubQuery(topicDetail, { id: topicId }, { quiet: true }).data?.dhProducer ?? null
}

/**
 * The producer's columns as source names: those marked for synchronisation, or all of them when
 * none or all are marked (the rule of the generated query, spec part 1 §4).
 */
export function sourceNamesOf(producer: Producer | null): string[] {
  const columns = producer?.dbLinkRequestInfoModel?.columnModelList ?? []
  const marked = columns.filter((c) => c.synchStatus === '1')
  const chosen = marked.length === 0 ? columns : marked
  return [...new Set(chosen.map((c) => c.columnName.trim()).filter((n) => n !== ''))]
}

/** Loads the smart mapping's lists when the dialog opens: sources from the producer, targets from the target table. */
export function useSmartMappingLists(open: boolean, producer: Producer | null, topicCode: string, consumerId: string) {
  // Closed: nothing asked, no lists; a failure gives no targets.
  const fields = useHubQuery(topicGetSourceAndTargetFields, { topicCode, consumerId }, { enabled: open })
  const targets = useMemo(() => (!open ? null : fields.error ? [] : fields.data ? targetNamesOf(fields.data) : null), [open, fields.data, fields.error])
  // Stable lists: the dialog starts over whenever it is handed new ones.
  const sources = useMemo(() => (open && targets ? sourceNamesOf(producer) : null), [open, targets, producer])
  return { sources, targets }
}
