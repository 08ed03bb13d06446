import type { NotificationFilter } from '../../../shared/contract/alarms/notifications'
import type { OutboxChannel, OutboxObjectType, OutboxState } from '../../../shared/rules/alarms/outbox'
import { DEFAULT_DATE_RANGE_PRESET, rangeOf, type DateRange, type DateRangePreset } from '../../components/dateRange/dateRanges'

/** The message centre's search form as the operator fills it in; '' means "any". */
export interface NotificationQuery {
  channel: OutboxChannel | ''
  state: OutboxState | ''
  objectType: OutboxObjectType | ''
  objectId: string
  /** Off: whenever created (what still needs attention may be older than this week). */
  timed: boolean
  period: { preset: DateRangePreset; range: DateRange }
}

/**
 * The sent messages start on this week (spec §9's default range); the notifications needing
 * attention on the failed ones, whenever they were created, as the bell counts them.
 */
export function initialQuery(preset: Partial<Pick<NotificationQuery, 'state' | 'timed'>> = {}, now: Date = new Date()): NotificationQuery {
  return {
    channel: '',
    state: preset.state ?? '',
    objectType: '',
    objectId: '',
    timed: preset.timed ?? true,
    period: { preset: DEFAULT_DATE_RANGE_PRESET, range: rangeOf(DEFAULT_DATE_RANGE_PRESET, now) },
  }
}

/** What the hub is asked: only the criteria given, the local-time range as ISO instants. */
export function filterOf(q: NotificationQuery): NotificationFilter {
  const f: NotificationFilter = {}
  if (q.timed) {
    f.createdFrom = q.period.range.start.toISOString()
    f.createdTo = q.period.range.end.toISOString()
  }
  if (q.channel) f.channel = q.channel
  if (q.state) f.state = q.state
  if (q.objectType) f.objectType = q.objectType
  if (q.objectId.trim()) f.objectId = q.objectId.trim()
  return f
}
