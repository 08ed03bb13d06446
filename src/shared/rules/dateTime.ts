import { z } from 'zod'

/**
 * Date-time fields of the contract (issue 32 item 11). The spec's own form is
 * `yyyy-MM-dd hh:mm:ss` (its default date format; hours 00–23 as its examples use them), the
 * console's date-time inputs send ISO 8601 (`yyyy-MM-ddTHH:mm`, the datetime-local value), and
 * callers of the hub's API send either. Both are accepted, with or without seconds (a fraction
 * of a second is allowed: an instant keeps its milliseconds, a local date-time drops it), and each field keeps ONE form, so what is read back —
 * and what the hub compares and stores — does not depend on who wrote it:
 *
 * - a local date-time (a schedule's pollingStartTime, read in the hub's time zone):
 *   `yyyy-MM-ddTHH:mm:ss`, what a datetime-local input shows;
 * - an instant (the from/to filters of the message log, notifications and incidents, compared
 *   with the hub's stored UTC instants): `yyyy-MM-ddTHH:mm:ss.sssZ`, the stored form. One
 *   written without a zone (the spec's form) is a time of the hub's UTC clock, as the operation
 *   logs' yyyy-MM-dd days are; one with `Z` or an offset is that instant.
 *
 * A value that is neither, or no real calendar date or time (2026-02-30, 24:00), is refused
 * with 'msg_field_invalid' (code 4001). Not here: yyyy-MM-dd day fields (the spec's date form
 * already), and a dblink producer's taskStartTime, which is a value of the source's own column
 * handed to its database as written.
 */
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?$/
const ZONED = /^(.+?)(Z|[+-]\d{2}:?\d{2})$/i

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** The milliseconds since the epoch of a zone-less date-time read as UTC, or null when it is no real date and time. */
function utcOf(text: string): number | null {
  const m = LOCAL.exec(text)
  if (!m) return null
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map((v) => Number(v ?? 0)) as [number, number, number, number, number, number]
  const at = new Date(Date.UTC(y, mo - 1, d, h, mi, s, Number((m[7] ?? '').padEnd(3, '0').slice(0, 3))))
  at.setUTCFullYear(y) // years 0–99 are not shifted to 19xx
  const real = at.getUTCFullYear() === y && at.getUTCMonth() === mo - 1 && at.getUTCDate() === d && at.getUTCHours() === h && at.getUTCMinutes() === mi && at.getUTCSeconds() === s
  return real ? at.getTime() : null
}

/** `yyyy-MM-ddTHH:mm:ss` for a local date-time in the spec's or ISO's form (a fraction of a second dropped); null when it is neither. */
export function localDateTimeOf(text: string): string | null {
  const at = utcOf(text.trim())
  if (at === null) return null
  const d = new Date(at)
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
}

/** The stored form of an instant (`toISOString`, milliseconds kept); a time without a zone is UTC. Null when it is none. */
export function instantOf(text: string): string | null {
  const value = text.trim()
  const local = utcOf(value)
  if (local !== null) return new Date(local).toISOString()
  const m = ZONED.exec(value)
  const wall = m ? utcOf(m[1]!) : null
  if (!m || wall === null) return null
  const zone = m[2]!.toUpperCase()
  if (zone === 'Z') return new Date(wall).toISOString()
  const [, sign, hh, mm] = /^([+-])(\d{2}):?(\d{2})$/.exec(zone)!
  if (Number(hh) > 23 || Number(mm) > 59) return null
  // The wall time at that offset: the instant is the wall time less the offset.
  const offset = (Number(hh) * 60 + Number(mm)) * 60_000 * (sign === '-' ? -1 : 1)
  return new Date(wall - offset).toISOString()
}

/** A pipe from text to its one form, refusing what `of` cannot read; '' stays '' (no value). */
const normalised = (of: (text: string) => string | null, key: string) =>
  z
    .string({ error: key })
    .trim()
    .max(40, key)
    .transform((v, ctx) => {
      if (v === '') return ''
      const out = of(v)
      if (out === null) {
        ctx.addIssue({ code: 'custom', message: key })
        return z.NEVER
      }
      return out
    })

/** A local date-time field ('' for none): stored as `yyyy-MM-ddTHH:mm:ss`. */
export const localDateTimeRule = (key = 'msg_field_invalid') => normalised(localDateTimeOf, key)

/** An optional instant of a filter: compared as the stored `yyyy-MM-ddTHH:mm:ss.sssZ`. */
export const instantFilterRule = (key = 'msg_field_invalid') => normalised(instantOf, key).optional()
