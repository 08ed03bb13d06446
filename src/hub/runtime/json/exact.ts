/**
 * JSON whose numbers keep their digits. A peer's `9007199254740993` or `12.50` is business data
 * (a 64-bit id, an amount): JSON.parse would make the first `9007199254740992` and the second
 * `12.5`. Every place that parses a message's text and writes it again goes through here.
 *
 * Numbers that print back exactly as written stay plain JS numbers, so engines and comparisons
 * see what they always saw; any other number is a LosslessNumber (lossless-json) holding its
 * text, which stringifyExact writes back digit for digit. Text with no such number takes the
 * native parser: the common message pays one regular-expression test, not a JS parser.
 */
import { LosslessNumber, isLosslessNumber, parse, stringify } from 'lossless-json'

export { LosslessNumber }

/** A number kept as the text a peer wrote, because no double prints back as that text. */
export const isExactNumber = (value: unknown): value is LosslessNumber => isLosslessNumber(value)

/**
 * A number token JSON.parse may not give back as written: 16 or more digits, an exponent, a
 * fraction ending in 0, `-0`, or a fraction small enough that JS prints it with an exponent.
 * Loose on purpose: it may also match inside a string, which only costs the slower parser.
 */
const mayChange = /(?:^|[:[,])\s*(?:-0(?![.\d])|-?(?:\d[\d.]{15}|\d[\d.]*[eE]|\d*\.\d*0(?!\d)|0\.0{5}))/

/** Whether every number of the JSON text survives JSON.parse and JSON.stringify unchanged. */
export const numbersSurviveNative = (text: string): boolean => !mayChange.test(text)

/**
 * A number's decimal text as the value parseExact would give: a plain number when it prints
 * back as written, else a LosslessNumber. Also for a driver's text of a bigint or numeric column.
 */
export const numberOfDigits = (digits: string): number | LosslessNumber => {
  const value = Number(digits)
  return String(value) === digits ? value : new LosslessNumber(digits)
}
const keepDigits = numberOfDigits

/** The JSON text as a value whose numbers keep their digits (see the file's comment). */
export function parseExact(text: string): unknown {
  if (numbersSurviveNative(text)) return JSON.parse(text)
  try {
    return parse(text, null, keepDigits)
  } catch {
    // lossless-json also refuses a key given twice with two values, which JSON.parse takes (the
    // last wins): such text is read as JSON.parse reads it, so that parseExact refuses exactly
    // what JSON.parse refuses (its SyntaxError), never a message JSON.parse would take.
    return JSON.parse(text) as unknown
  }
}

/** Whether a value parseExact made (or one built from it) holds a number kept as text. */
export function holdsExact(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false
  if (isLosslessNumber(value)) return true
  if (Array.isArray(value)) return value.some(holdsExact)
  for (const key in value) if (holdsExact((value as Record<string, unknown>)[key])) return true
  return false
}

/** JSON text of a value, numbers kept as text written back digit for digit; like JSON.stringify. */
export function stringifyExact(value: unknown, indent?: number): string {
  if (!holdsExact(value)) return JSON.stringify(value ?? null, null, indent)
  return stringify(value, null, indent) ?? 'null'
}

/** The decimal text of a number as the peer wrote it: a kept number's text, else JS's own. */
export const numberText = (value: number | LosslessNumber): string => (isLosslessNumber(value) ? value.value : String(value))

/**
 * The value with every kept number as the nearest double: for code that judges a value by its
 * numbers (a JSON Schema's `type: number`, `minimum`) rather than writing it on. The value
 * itself is not changed; without kept numbers it is answered as it is.
 */
export function withDoubles(value: unknown): unknown {
  if (!holdsExact(value)) return value
  const walk = (v: unknown): unknown => {
    if (v === null || typeof v !== 'object') return v
    if (isLosslessNumber(v)) return Number(v.value)
    if (Array.isArray(v)) return v.map(walk)
    const copy: Record<string, unknown> = {}
    for (const [k, inner] of Object.entries(v)) Object.defineProperty(copy, k, { value: walk(inner), enumerable: true, writable: true, configurable: true })
    return copy
  }
  return walk(value)
}
