/**
 * Dates in workbooks. A spreadsheet keeps a date as a serial number (days since its epoch, the
 * time of day as the fraction) and only the cell's number format says it is one: 46356 shown
 * as `yyyy-mm-dd` is 2026-11-30. A message should not carry that serial, so a cell whose format
 * is a date or time format becomes ISO 8601 text:
 * - a date format: `2026-11-30` (with a time of day in the value after all: a date-time, so nothing is lost);
 * - a date and time format: `2026-11-30T12:30:00+08:00`, the wall-clock time the sheet shows read
 *   in the hub's time zone (HUB_TIMEZONE; a workbook has no zone of its own), with its offset;
 * - a time format on a value below one day: `08:15:30` (a time of day, no date, no zone);
 * - an elapsed-time format (`[h]:mm`): an ISO duration, `PT25H30M`.
 * The serial is rounded to the millisecond first: an .xlsx keeps 15 significant digits in text
 * (`46356.5208333333`) where an .xls keeps the whole double (`46356.520833333336`), and both are
 * 12:30:00. Workbooks in the 1904 date system (date1904, old Mac workbooks) count from 1904-01-01;
 * the 1900 system counts Excel's way, whose day 60 is the 29 February 1900 that never was (days
 * 1–59 are one day later than plain counting; 60 reads as 28 February).
 */

const DAY_MS = 86_400_000

export type DateKind = 'date' | 'datetime' | 'time' | 'duration'

/** The date and time letters of a number format's first section, quoted text and escapes left out. */
function tokensOf(format: string): { tokens: string[]; elapsed: boolean } {
  const tokens: string[] = []
  let elapsed = false
  const f = format
  for (let i = 0; i < f.length; ) {
    const c = f[i]!
    const lower = c.toLowerCase()
    if (c === ';') break
    if (c === '"') {
      const end = f.indexOf('"', i + 1)
      i = end < 0 ? f.length : end + 1
    } else if (c === '\\' || c === '_' || c === '*') {
      i += 2
    } else if (c === '[') {
      // [Red], [$-804], [<100] are colours, locales and conditions; [h], [mm], [ss] elapsed time.
      const end = f.indexOf(']', i)
      const inner = f.slice(i + 1, end < 0 ? f.length : end).toLowerCase()
      if (/^(h+|m+|s+)$/.test(inner)) {
        elapsed = true
        tokens.push(inner[0]!)
      }
      i = end < 0 ? f.length : end + 1
    } else if (f.slice(i, i + 7).toLowerCase() === 'general') {
      i += 7
    } else if (f.slice(i, i + 5).toUpperCase() === 'AM/PM' || f.slice(i, i + 5) === '上午/下午') {
      tokens.push('p')
      i += 5
    } else if (f.slice(i, i + 3).toUpperCase() === 'A/P') {
      tokens.push('p')
      i += 3
    } else if ('0#?'.includes(c)) {
      // A number's digits, with its point, grouping, exponent and percent.
      while (i < f.length && '0#?.,Ee+-%'.includes(f[i]!)) i++
    } else if (lower === 'b' && (f[i + 1] === '1' || f[i + 1] === '2')) {
      i += 2 // a calendar switch, not a field
    } else if ('ymdhsegb'.includes(lower)) {
      let j = i
      while (j < f.length && f[j]!.toLowerCase() === lower) j++
      tokens.push(lower)
      i = j
    } else {
      i++
    }
  }
  return { tokens, elapsed }
}

/**
 * What a number format says its value is: a date, a date-time, a time of day, an elapsed time,
 * or (null) a plain number. `m` is minutes right after hours or before seconds, else the month.
 */
export function dateKindOf(format: string | undefined): DateKind | null {
  if (!format) return null
  const { tokens, elapsed } = tokensOf(format)
  if (elapsed) return 'duration'
  let date = false
  let time = false
  tokens.forEach((t, i) => {
    if (t === 'm') {
      if (tokens[i - 1] === 'h' || tokens[i + 1] === 's') time = true
      else date = true
    } else if ('ydegb'.includes(t)) date = true
    else time = true
  })
  if (date && time) return 'datetime'
  if (date) return 'date'
  return time ? 'time' : null
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')
const clock = (d: Date) => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}${d.getUTCMilliseconds() ? `.${pad(d.getUTCMilliseconds(), 3)}` : ''}`
const day = (d: Date) => `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`

const formatters = new Map<string, Intl.DateTimeFormat>()
const formatterOf = (timeZone: string) => {
  let f = formatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' })
    formatters.set(timeZone, f)
  }
  return f
}

/** The zone's offset from UTC at an instant, in milliseconds (whole seconds: old local mean times have them). */
function offsetAt(instant: number, timeZone: string): number {
  const parts = formatterOf(timeZone).formatToParts(instant)
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'))
  return wall - Math.floor(instant / 1000) * 1000
}

/**
 * A wall-clock time (given as the UTC fields of `wall`) in the zone, as ISO text with the offset.
 * Where the clocks went back it is the earlier of the two instants; in the hour they skipped,
 * the instant the zone's former offset gives (shown an hour later), as Temporal's "compatible" does.
 */
export function zonedText(wall: number, timeZone: string): string {
  const offsets = new Set([offsetAt(wall - DAY_MS, timeZone), offsetAt(wall + DAY_MS, timeZone)])
  const fits = [...offsets].map((o) => wall - o).filter((instant) => offsetAt(instant, timeZone) === wall - instant)
  const instant = fits.length > 0 ? Math.min(...fits) : wall - offsetAt(wall - DAY_MS, timeZone)
  const offset = offsetAt(instant, timeZone)
  const shown = new Date(instant + offset)
  const abs = Math.abs(offset) / 1000
  const seconds = abs % 60
  const zone = `${offset < 0 ? '-' : '+'}${pad(Math.floor(abs / 3600))}:${pad(Math.floor(abs / 60) % 60)}${seconds ? `:${pad(seconds)}` : ''}`
  return `${day(shown)}T${clock(shown)}${zone}`
}

/** An elapsed time as an ISO 8601 duration: PT25H30M, PT0.5S, -PT1H. */
function durationText(ms: number): string {
  const abs = Math.abs(ms)
  const h = Math.floor(abs / 3_600_000)
  const m = Math.floor(abs / 60_000) % 60
  const s = (abs % 60_000) / 1000
  const body = `${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s || (!h && !m) ? `${s}S` : ''}`
  return `${ms < 0 ? '-' : ''}PT${body}`
}

export interface DateSystem {
  /** The workbook counts days from 1904-01-01 (its date1904 flag). */
  date1904: boolean
  /** The IANA zone a date-time's wall clock is read in: the hub's. */
  timeZone: string
}

/** The serial `value` of a cell formatted as `kind` as ISO 8601 text; null when no such date exists (years past 9999, before 1000). */
export function serialText(value: number, kind: DateKind, system: DateSystem): string | null {
  if (!Number.isFinite(value)) return null
  const ms = Math.round(value * DAY_MS)
  if (kind === 'duration') return durationText(ms)
  const days = Math.floor(ms / DAY_MS)
  const ofDay = ms - days * DAY_MS
  if (kind === 'time' && days === 0) return clock(new Date(ofDay))
  const epoch = system.date1904 ? Date.UTC(1904, 0, 1) : days < 60 ? Date.UTC(1899, 11, 31) : Date.UTC(1899, 11, 30)
  const wall = new Date(epoch + days * DAY_MS + ofDay)
  const year = wall.getUTCFullYear()
  if (year < 1000 || year > 9999) return null
  if (kind === 'date' && ofDay === 0) return day(wall)
  return zonedText(wall.getTime(), system.timeZone)
}
