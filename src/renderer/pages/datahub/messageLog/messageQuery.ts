import type { MessageFilter } from '../../../../shared/contract/datahub/runtime'
import type { MessageStatusFilter } from '../../../../shared/rules/datahub/runtime'
import { DEFAULT_DATE_RANGE_PRESET, rangeOf, type DateRange, type DateRangePreset } from '../../../components/dateRange/dateRanges'

/** The message log's search form as the operator fills it in; '' means "any". */
export interface MessageQuery {
  topicCode: string
  consumerId: string
  status: MessageStatusFilter | ''
  content: string
  period: { preset: DateRangePreset; range: DateRange }
}

/** Spec §9: the date range defaults to this week (from Monday). */
export function initialQuery(topicCode = '', now: Date = new Date()): MessageQuery {
  return {
    topicCode,
    consumerId: '',
    status: '',
    content: '',
    period: { preset: DEFAULT_DATE_RANGE_PRESET, range: rangeOf(DEFAULT_DATE_RANGE_PRESET, now) },
  }
}

/**
 * What the hub is asked: only the criteria given, the local-time range as ISO instants. With a
 * run (a link from a run history) the messages of that run whenever they came: a run that began
 * last week is not cut by "this week".
 */
export function filterOf(q: MessageQuery, runId = ''): MessageFilter {
  const f: MessageFilter = runId ? { runId } : { receivedFrom: q.period.range.start.toISOString(), receivedTo: q.period.range.end.toISOString() }
  if (q.topicCode) f.topicCode = q.topicCode
  // A consumer belongs to one topic: without the topic it would be a stale choice.
  if (q.consumerId && q.topicCode) f.consumerId = q.consumerId
  if (q.status) f.status = q.status
  if (q.content.trim()) f.content = q.content.trim()
  return f
}
