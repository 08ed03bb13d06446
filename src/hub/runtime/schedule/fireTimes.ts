import { Cron } from 'croner'
import { POLLING, TIMETABLE, type ScheduleFields as ProducerScheduleFields } from '../../../shared/rules/datahub/producerModes'
import { ownValue } from '../../../shared/ownKey'
import { POSITIVE_INTEGER } from '../../../shared/rules/patterns'

/**
 * When a producer's schedule fires (issue 14), in the hub's time zone. Every calendar step comes
 * from croner; nothing here adds days or hours to a date by hand.
 *
 * - Timetable ('1'): weekdays 1–7 (Monday–Sunday), hours 00–23 (amHours ∪ pmHours), minutes
 *   00–55 in steps of 5 → the cron pattern `0 <minutes> <hours> * * <weekdays>`. It is a fixed-time
 *   job (croner's "no-wildcard" rule): a time that a DST change skips fires at the first valid
 *   time after the gap, a time that occurs twice fires once.
 * - Polling ('2'): every pollingInterval intervalUnits (1 minute, 2 hour, 3 day, 4 week,
 *   dictionary pf_producer_interval_units) from pollingStartTime (a local date-time; without one,
 *   from `anchor`, the producer's last save). Minutes and hours are steps of elapsed time (DST
 *   moves nothing, so no calendar is involved); days and weeks keep the start's wall-clock time (croner's pattern on its
 *   minute and hour, and weekday for weeks, with a minimum interval of N − ½ days/weeks, so a
 *   23- or 25-hour day around a DST change still counts as one day).
 *
 * The fires are a fixed series for given fields: every hub node computes the same instants,
 * which is what makes the claim (producer, planned time) unique across nodes.
 */
export interface ScheduleFields extends ProducerScheduleFields {
  intervalUnit: string
  pollingStartTime: string
}

/** A schedule's fires: the first one strictly after `after`, or null when none is left. */
export interface FirePlan {
  next(after: Date): Date | null
  /** The last fire at or before `at`; null when none came yet. Catch-up claims it without walking every missed fire. */
  latest(at: Date): Date | null
}

/** croner's previous run at or before `at` (its reference is exclusive, so one second on). */
const previousOf = (job: Cron, at: Date): Date | null => {
  const [run] = job.previousRuns(1, new Date(at.getTime() + 1000))
  return run && run <= at ? run : null
}

const list = (text: string): number[] =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map(Number)

const allIn = (values: number[], ok: (n: number) => boolean) => values.length > 0 && values.every((n) => Number.isInteger(n) && ok(n))

/** Seconds of one interval unit, and whether it follows the wall clock (days, weeks). */
const UNITS: Record<string, { seconds: number; wallClock: boolean }> = {
  '1': { seconds: 60, wallClock: false },
  '2': { seconds: 3600, wallClock: false },
  '3': { seconds: 86_400, wallClock: true },
  '4': { seconds: 7 * 86_400, wallClock: true },
}

/** Iterations spent finding the series' next fire at most (a day series counted from years ago). */
const MAX_STEPS = 100_000

/**
 * The plan of the schedule, or null when it never fires (an empty or invalid timetable, a
 * polling interval that is not a positive whole number, an unknown strategy or unit).
 */
export function planOf(fields: ScheduleFields, timeZone: string, anchor: Date): FirePlan | null {
  if (fields.requestStrategy === TIMETABLE) return timetable(fields, timeZone)
  if (fields.requestStrategy === POLLING) return polling(fields, timeZone, anchor)
  return null
}

function timetable(fields: ScheduleFields, timeZone: string): FirePlan | null {
  const weeks = list(fields.weeks)
  const hours = [...list(fields.amHours), ...list(fields.pmHours)]
  const minutes = list(fields.minutes)
  if (!allIn(weeks, (n) => n >= 1 && n <= 7) || !allIn(hours, (n) => n >= 0 && n <= 23) || !allIn(minutes, (n) => n >= 0 && n <= 55 && n % 5 === 0)) return null
  // croner counts Sunday as 0; the widget as 7.
  const days = [...new Set(weeks.map((d) => d % 7))].sort()
  const pattern = `0 ${[...new Set(minutes)].join(',')} ${[...new Set(hours)].join(',')} * * ${days.join(',')}`
  const job = new Cron(pattern, { timezone: timeZone, paused: true, fixedTimeRule: 'no-wildcard' })
  return { next: (after) => job.nextRun(after), latest: (at) => previousOf(job, at) }
}

function polling(fields: ScheduleFields, timeZone: string, anchor: Date): FirePlan | null {
  if (!POSITIVE_INTEGER.test(fields.pollingInterval.trim())) return null
  const unit = ownValue(UNITS, fields.intervalUnit.trim() || '1')
  if (!unit) return null
  const n = Number(fields.pollingInterval.trim())
  const start = startOf(fields.pollingStartTime, timeZone) ?? anchor
  if (!unit.wallClock) {
    // Elapsed time, not the calendar: the series is start + k × step in epoch milliseconds, which
    // no DST change or zone moves (a calendar step would be croner's, below).
    const stepMs = n * unit.seconds * 1000
    const index = (at: Date) => Math.floor((at.getTime() - start.getTime()) / stepMs)
    return {
      next: (after) => (after < start ? start : new Date(start.getTime() + (index(after) + 1) * stepMs)),
      latest: (at) => (at < start ? null : new Date(start.getTime() + index(at) * stepMs)),
    }
  }
  // Days and weeks: the start's local time of day (and weekday), at least n − ½ units apart.
  const parts = localParts(start, timeZone)
  const pattern = `${parts.second} ${parts.minute} ${parts.hour} * * ${unit.seconds > 86_400 ? parts.weekday : '*'}`
  const job = new Cron(pattern, { timezone: timeZone, paused: true, fixedTimeRule: 'no-wildcard', ...(n > 1 ? { interval: Math.round((n - 0.5) * unit.seconds) } : {}) })
  /** The series walked from its start: a day or week series has few fires per year. */
  const walk = (until: Date): { last: Date | null; next: Date | null } => {
    let last: Date | null = null
    let at: Date | null = start
    for (let i = 0; at && at <= until && i < MAX_STEPS; i++) {
      last = at
      at = job.nextRun(at)
    }
    return { last, next: at && at > until ? at : null }
  }
  return {
    next(after) {
      if (after < start) return start
      return n === 1 ? job.nextRun(after) : walk(after).next
    },
    latest(at) {
      if (at < start) return null
      return n === 1 ? previousOf(job, at) : walk(at).last
    },
  }
}

/** A local date-time ('YYYY-MM-DDTHH:mm[:ss]') in the zone, as an instant; null when empty or unreadable. */
function startOf(text: string, timeZone: string): Date | null {
  const value = text.trim()
  if (value === '') return null
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null
  try {
    // croner reads startAt in the job's zone: its first run at or after is that instant.
    const job = new Cron('* * * * * *', { timezone: timeZone, paused: true, startAt: value.length === 16 ? `${value}:00` : value })
    return job.nextRun(new Date(0))
  } catch {
    return null
  }
}

/** The wall-clock second, minute, hour and croner weekday of an instant in the zone. */
function localParts(at: Date, timeZone: string): { second: number; minute: number; hour: number; weekday: number } {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', weekday: 'short', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(at)
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday'))
  return { second: Number(get('second')), minute: Number(get('minute')), hour: Number(get('hour')), weekday }
}

/** The next `count` fires after `from` (fewer when the plan ends). */
export function nextFires(plan: FirePlan, from: Date, count: number): Date[] {
  const out: Date[] = []
  let at: Date | null = from
  while (out.length < count && (at = plan.next(at))) out.push(at)
  return out
}

/** The hub's time zone: HUB_TIMEZONE, else the system's. */
export const systemTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone

/** Whether croner and Intl know the zone (an IANA name such as Asia/Shanghai, or UTC). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name })
    new Cron('* * * * *', { timezone: name, paused: true }).nextRun()
    return true
  } catch {
    return false
  }
}
