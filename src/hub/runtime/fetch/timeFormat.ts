/**
 * Task times in the pattern the operator types (the form's hint: yyyy-MM-dd HH:mm:ss): yyyy, MM,
 * dd, HH, mm, ss and SSS stand for year, month, day, hour (0–23), minute, second and millisecond;
 * anything else is literal. Times are read and written in the hub's own time zone, as a source
 * that writes such local times means them.
 */
const TOKENS = ['yyyy', 'SSS', 'MM', 'dd', 'HH', 'mm', 'ss'] as const
type Token = (typeof TOKENS)[number]
const WIDTH: Record<Token, number> = { yyyy: 4, SSS: 3, MM: 2, dd: 2, HH: 2, mm: 2, ss: 2 }

type Part = { token: Token } | { literal: string }

function partsOf(pattern: string): Part[] {
  const parts: Part[] = []
  for (let i = 0; i < pattern.length; ) {
    const token = TOKENS.find((t) => pattern.startsWith(t, i))
    if (token) {
      parts.push({ token })
      i += token.length
      continue
    }
    const last = parts.at(-1)
    if (last && 'literal' in last) last.literal += pattern[i]
    else parts.push({ literal: pattern[i]! })
    i++
  }
  return parts
}

const pad = (n: number, width: number) => String(n).padStart(width, '0')

/** `time` written in `pattern`. */
export function formatTime(time: Date, pattern: string): string {
  const value: Record<Token, number> = {
    yyyy: time.getFullYear(),
    MM: time.getMonth() + 1,
    dd: time.getDate(),
    HH: time.getHours(),
    mm: time.getMinutes(),
    ss: time.getSeconds(),
    SSS: time.getMilliseconds(),
  }
  return partsOf(pattern)
    .map((p) => ('token' in p ? pad(value[p.token], WIDTH[p.token]) : p.literal))
    .join('')
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Epoch milliseconds of `text` read with `pattern`, or null when it does not match. */
export function parseTime(text: string, pattern: string): number | null {
  const parts = partsOf(pattern)
  const match = new RegExp(`^${parts.map((p) => ('token' in p ? `(\\d{${WIDTH[p.token]}})` : escapeRegExp(p.literal))).join('')}$`).exec(text.trim())
  if (!match) return null
  const value: Record<Token, number> = { yyyy: 1970, MM: 1, dd: 1, HH: 0, mm: 0, ss: 0, SSS: 0 }
  let group = 1
  for (const p of parts) if ('token' in p) value[p.token] = Number(match[group++])
  const time = new Date(value.yyyy, value.MM - 1, value.dd, value.HH, value.mm, value.ss, value.SSS)
  // 2024-02-30 would roll over to March: not a time the source meant.
  if (time.getMonth() !== value.MM - 1 || time.getDate() !== value.dd || value.HH > 23 || value.mm > 59 || value.ss > 59) return null
  return time.getTime()
}
