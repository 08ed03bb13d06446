import type { MessageFilter } from '../../../../shared/contract/datahub/runtime'
import { MESSAGE_STATUS_FILTERS, type MessageStatusFilter } from '../../../../shared/rules/datahub/runtime'
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
 * The query a link opens the log with (the flow's counts, the home page's numbers): topicCode,
 * consumerId, status, and receivedFrom / receivedTo (ISO instants, a custom period); what is
 * missing or unreadable keeps initialQuery's value.
 */
export function queryFromLink(params: URLSearchParams, now: Date = new Date()): MessageQuery {
  const q = initialQuery(params.get('topicCode') ?? '', now)
  const status = params.get('status') ?? ''
  if ((MESSAGE_STATUS_FILTERS as readonly string[]).includes(status)) q.status = status as MessageStatusFilter
  q.consumerId = params.get('consumerId') ?? ''
  const from = Date.parse(params.get('receivedFrom') ?? '')
  const to = Date.parse(params.get('receivedTo') ?? '')
  if (Number.isFinite(from) || Number.isFinite(to)) {
    q.period = { preset: 'custom', range: { start: Number.isFinite(from) ? new Date(from) : q.period.range.start, end: Number.isFinite(to) ? new Date(to) : q.period.range.end } }
  }
  return q
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
