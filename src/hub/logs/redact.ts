import { isExactNumber, stringifyExact } from '../runtime/json/exact'

/**
 * What an audit entry keeps of an object or an input: its fields as JSON text, with secrets
 * masked (a password hash, a data source's password, an authentication's secret, a token never
 * reaches the log) and files as their name and size. Long texts are cut: the log is no archive.
 */
const SECRET = /pass(word)?|secret|token|hash|private|credential|api_?key/i
export const MASK = '******'
/** The largest before or after kept, in characters; a longer one is kept cut (and shows as one field). */
export const AUDIT_TEXT_MAX = 64_000

function clean(value: unknown, key: string, depth: number): unknown {
  if (value instanceof Uint8Array) return `[${value.byteLength} bytes]`
  // A number of message data kept as its digits (a sample in the flow simulator): written as that number.
  if (isExactNumber(value)) return value
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null) {
    return SECRET.test(key) && value !== '' && value !== null ? MASK : value
  }
  if (value === undefined || typeof value === 'function') return undefined
  if (depth > 8) return '…'
  if (Array.isArray(value)) return value.map((v) => clean(v, key, depth + 1))
  if (typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, clean(v, k, depth + 1)]))
  }
  return String(value)
}

/** The object with its secrets masked. */
export const redacted = (value: Record<string, unknown>): Record<string, unknown> => clean(value, '', 0) as Record<string, unknown>

/** JSON text of the object, secrets masked; null for none. */
export function auditText(value: Record<string, unknown> | null | undefined): string | null {
  if (value === null || value === undefined) return null
  const text = stringifyExact(redacted(value))
  return text.length > AUDIT_TEXT_MAX ? text.slice(0, AUDIT_TEXT_MAX) : text
}

/** Fields that name a record, best first (wire records and table rows). */
const NAME_FIELDS = ['username', 'name', 'code', 'title', 'parameterKey', 'parameter_key', 'roleName', 'role_name', 'menuName', 'menu_name_zh', 'appName', 'applicationName', 'applicationCode', 'application_code']

/** A readable name of the record: a name-like field, else any field ending in name or code. */
export function nameOf(value: Record<string, unknown> | null | undefined): string {
  if (!value) return ''
  const text = (k: string) => (typeof value[k] === 'string' ? (value[k] as string).trim() : '')
  for (const k of NAME_FIELDS) if (text(k)) return text(k).slice(0, 200)
  const key = Object.keys(value).find((k) => /(name|code)$/i.test(k) && text(k) !== '' && !SECRET.test(k))
  return key ? text(key).slice(0, 200) : ''
}
