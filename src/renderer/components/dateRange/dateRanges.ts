/**
 * The spec's date-range dropdown presets (part 2 §2, §9) as pure functions of "now", so every
 * list that filters by date (logs, statistics) computes the same local-time ranges and tests can
 * pin the clock. Weeks start on Monday, as the spec's "this week" does.
 */
export type DateRangePreset = 'today' | 'yesterday' | 'thisWeek' | 'lastWeek' | 'thisMonth' | 'lastMonth' | 'custom'

export const DATE_RANGE_PRESETS: readonly DateRangePreset[] = ['today', 'yesterday', 'thisWeek', 'lastWeek', 'thisMonth', 'lastMonth', 'custom']

/** A preset, never 'custom', so `rangeOf(DEFAULT_DATE_RANGE_PRESET)` gives the initial range. */
export const DEFAULT_DATE_RANGE_PRESET: Exclude<DateRangePreset, 'custom'> = 'thisWeek'

/** Local-time range: start at 00:00:00.000 of the first day, end at 23:59:59.999 of the last. */
export interface DateRange {
  start: Date
  end: Date
}

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate(), 0, 0, 0, 0)
const endOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate(), 23, 59, 59, 999)
// Built from year/month/day, never by adding milliseconds: a daylight-saving day is not 24 h long.
const addDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n)
/** Days since the last Monday (Monday 0 … Sunday 6). */
const sinceMonday = (d: Date) => (d.getDay() + 6) % 7

/** The whole local days from `first` to `last`. */
export function daysRange(first: Date, last: Date): DateRange {
  return { start: startOfDay(first), end: endOfDay(last) }
}

export function rangeOf(preset: Exclude<DateRangePreset, 'custom'>, now: Date = new Date()): DateRange {
  switch (preset) {
    case 'today':
      return daysRange(now, now)
    case 'yesterday': {
      const y = addDays(now, -1)
      return daysRange(y, y)
    }
    case 'thisWeek': {
      const monday = addDays(now, -sinceMonday(now))
      return daysRange(monday, addDays(monday, 6))
    }
    case 'lastWeek': {
      const monday = addDays(now, -sinceMonday(now) - 7)
      return daysRange(monday, addDays(monday, 6))
    }
    case 'thisMonth':
      // Day 0 of the next month is the last day of this one.
      return daysRange(new Date(now.getFullYear(), now.getMonth(), 1), new Date(now.getFullYear(), now.getMonth() + 1, 0))
    case 'lastMonth':
      return daysRange(new Date(now.getFullYear(), now.getMonth() - 1, 1), new Date(now.getFullYear(), now.getMonth(), 0))
  }
}

const pad = (n: number) => String(n).padStart(2, '0')

/** yyyy-MM-dd of a local date. */
export function formatDay(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

/** Parses yyyy-MM-dd as a local date; undefined when it is not a real calendar day. */
export function parseDay(text: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  if (!m) return undefined
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]))
  return formatDay(d) === text ? d : undefined
}

/** yyyy-MM-dd of every day in the range when it spans more than one day, else [] */
export function datesIn(range: DateRange): string[] {
  const first = startOfDay(range.start)
  const last = startOfDay(range.end)
  if (last.getTime() <= first.getTime()) return []
  const days: string[] = []
  for (let d = first; d.getTime() <= last.getTime(); d = addDays(d, 1)) days.push(formatDay(d))
  return days
}
