import { planOf, type FirePlan } from './fireTimes'

/**
 * Where a producer's schedule stands, from its stored row: the scheduler plans its fires with it,
 * and the console's "next fire" (producerSchedules.ts) is read from the same series, so both say
 * the same instant — a polling schedule without a start counts from the last save, not from now.
 */

/** The producer and topic columns a series is made of (select them beside the join of both). */
export const SERIES_COLUMNS = [
  'producers.status as ps', 'producers.updated_at as pat', 'producers.request_strategy', 'producers.weeks', 'producers.am_hours', 'producers.pm_hours',
  'producers.minutes', 'producers.polling_interval', 'producers.interval_unit', 'producers.polling_start_time',
  'topics.status as ts', 'topics.updated_at as tat', 'topics.is_delete',
] as const

export interface SeriesRow {
  ps: string
  pat: string
  request_strategy: string
  weeks: string
  am_hours: string
  pm_hours: string
  minutes: string
  polling_interval: string
  interval_unit: string
  polling_start_time: string
  ts: string
  tat: string
  is_delete: string
}

/** An enabled producer on an enabled, undeleted topic: its schedule fires. */
export const firesNow = (r: SeriesRow): boolean => r.ps !== '0' && r.ts === '1' && r.is_delete === '0'

export interface Series {
  plan: FirePlan
  /** Where the series stands: its last claimed fire, or the last save when that came later. */
  since: Date
}

/**
 * The series of the row, or null when the schedule never fires. `lastFire` is the producer's
 * last claimed fire (runs.ts lastFires). A save of the producer or its topic restarts the count,
 * so enabling never catches up on the time it was off.
 */
export function seriesOf(r: SeriesRow, timeZone: string, lastFire: string | undefined): Series | null {
  const savedAt = r.pat > r.tat ? r.pat : r.tat
  const plan = planOf(
    { requestStrategy: r.request_strategy, weeks: r.weeks, amHours: r.am_hours, pmHours: r.pm_hours, minutes: r.minutes, pollingInterval: r.polling_interval, intervalUnit: r.interval_unit, pollingStartTime: r.polling_start_time },
    timeZone,
    new Date(savedAt),
  )
  if (!plan) return null
  return { plan, since: new Date(lastFire && lastFire > savedAt ? lastFire : savedAt) }
}

/**
 * The fire the scheduler will claim next, seen at `now`. Its due fire, while that is ahead; once
 * it has passed the scheduler claims the latest fire due (one catch-up run) or skips it while a
 * run is still going, and either way plans the one after `now` next.
 */
export function upcomingFire(series: Series, now: Date): Date | null {
  return series.plan.next(series.since > now ? series.since : now)
}
