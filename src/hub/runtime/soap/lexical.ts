import { DECIMAL_TYPES, INTEGER_TYPES } from '../../datahub/wsdl/shape'
import { isExactNumber, numberText, type LosslessNumber } from '../json/exact'
import { DeliveryError } from '../../kernel/deliveryError'

/** A message value that becomes an element's text. */
export type Scalar = string | number | boolean | LosslessNumber

/** A refusal no retry can change, kept as its key: the delivery log renders it in its reader's language. */
export const soapRefusal = (key: string, params: Record<string, string>): DeliveryError => new DeliveryError({ key, params }, true)

/** JSON's number syntax (what a kept number's text and JS's own number text are). */
const JSON_NUMBER = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/
/** A longer expansion than this is no business value; it is refused rather than written. */
const MAX_DIGITS = 1000

/**
 * A JSON number's text as an xs:decimal: no exponent, every digit kept (`1e-7` → `0.0000001`,
 * `1e21` → `1000000000000000000000`, `12.50` stays `12.50`). null for text that is no JSON number.
 */
export function plainDecimal(text: string): string | null {
  const m = JSON_NUMBER.exec(text)
  if (!m) return null
  const [, sign, whole, fraction = '', exponent] = m
  if (exponent === undefined) return text
  const shift = Number(exponent)
  if (Math.abs(shift) > MAX_DIGITS) return null
  const digits = whole! + fraction
  let point = whole!.length + shift
  let all = digits
  if (point <= 0) {
    all = '0'.repeat(1 - point) + all
    point = 1
  } else if (point > all.length) all = all + '0'.repeat(point - all.length)
  const intPart = all.slice(0, point).replace(/^0+(?=\d)/, '')
  const fracPart = all.slice(point)
  return `${sign}${intPart}${fracPart ? `.${fracPart}` : ''}`
}

/** A decimal without its fraction when the fraction is zero (`3.0` → `3`); null when it has one. */
function wholeOf(decimal: string): string | null {
  const [intPart, fraction = ''] = decimal.split('.')
  return /^0*$/.test(fraction) ? intPart! : null
}

/** Epoch milliseconds as xs:dateTime (UTC). */
const isoOf = (ms: number): string | null => {
  const date = new Date(ms)
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

/**
 * A value as its XSD type's lexical form: numbers without exponent for xs:decimal and the integer
 * types (a fraction in a whole-number type is refused), booleans as true/false, a date-time with
 * a space (the spec's `yyyy-MM-dd HH:mm:ss`) or as epoch milliseconds as ISO 8601. Text is left
 * as it is otherwise (the service reads and checks it); `element` names the element in a refusal.
 */
export function lexicalText(type: string, value: Scalar, element: string): string {
  const number = typeof value === 'number' || isExactNumber(value) ? numberText(value) : null
  if (DECIMAL_TYPES.has(type) || INTEGER_TYPES.has(type)) {
    const text = number ?? (typeof value === 'string' ? value.trim() : null)
    const decimal = text === null ? null : plainDecimal(text)
    if (decimal === null) return typeof value === 'string' ? value : String(value)
    if (DECIMAL_TYPES.has(type)) return decimal
    const whole = wholeOf(decimal)
    if (whole === null) throw soapRefusal('msg_soap_value_not_type', { element, value: text!, type: `xs:${type}` })
    return whole === '-0' ? '0' : whole
  }
  if (number !== null) {
    if (type === 'dateTime' && typeof value === 'number') return isoOf(value) ?? number
    if (type === 'date' && typeof value === 'number') return isoOf(value)?.slice(0, 10) ?? number
    // xs:float and xs:double take JSON's number text as it is (exponent included).
    return number
  }
  if (typeof value !== 'string') return value ? 'true' : 'false'
  if (type === 'dateTime' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(value)) return value.replace(' ', 'T')
  return value
}
