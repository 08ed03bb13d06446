/**
 * Instants as the operator reads them: in the console's language and the time zone of the
 * computer the console runs on (scheduled fires, runs). The hub plans in its own zone
 * (HUB_TIMEZONE); views name it when it is not the operator's.
 */
export const userTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone

const WITH_WEEKDAY: Intl.DateTimeFormatOptions = { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
const PLAIN: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }

/**
 * An ISO instant in `language` (the console's, e.g. 'zh-CN' or 'en'), in `timeZone` (default the
 * operator's). `weekday`: with the day of the week (fire times, where "which day" matters).
 * Unparsable text is shown as it is.
 */
export function formatInstant(iso: string, language: string, { timeZone, weekday = false }: { timeZone?: string; weekday?: boolean } = {}): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return iso
  return new Intl.DateTimeFormat(language, { ...(weekday ? WITH_WEEKDAY : PLAIN), ...(timeZone ? { timeZone } : {}) }).format(d)
}

/** The UTC offset a zone has at an instant ('GMT+08:00'). */
const offsetAt = (zone: string, at: Date): string => new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).format(at).split(' ').at(-1) ?? ''

/**
 * Whether two zones keep the same clock (UTC and Etc/UTC are one zone to the operator): the same
 * offset now and in half a year, as two zones that agree in winter may not in summer.
 */
export function sameZone(a: string, b: string, at: Date = new Date()): boolean {
  if (a === b) return true
  const later = new Date(at.getTime() + 182 * 86_400_000)
  try {
    return [at, later].every((d) => offsetAt(a, d) === offsetAt(b, d))
  } catch {
    // A zone this runtime does not know: not the operator's.
    return false
  }
}

/** A duration in the console's language: 850 ms, 12 s, 3 min 5 s, 2 h 4 min. */
export function formatDuration(ms: number, t: (key: string, o: Record<string, number>) => string): string {
  if (ms < 1000) return t('runs:duration_ms', { n: ms })
  const s = Math.round(ms / 1000)
  if (s < 60) return t('runs:duration_s', { s })
  const m = Math.floor(s / 60)
  if (m < 60) return t('runs:duration_m', { m, s: s % 60 })
  return t('runs:duration_h', { h: Math.floor(m / 60), m: m % 60 })
}
