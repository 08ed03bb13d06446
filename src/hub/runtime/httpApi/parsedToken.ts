import type { Selectable } from 'kysely'
import type { AuthenticationsTable } from '../../datahub/dataSources/tables'
import { DeliveryError } from '../../kernel/deliveryError'
import { selectJsonPath } from '../engines/jsonPath'
import type { AddressCheck } from '../../kernel/outbound/addressPolicy'
import { sendHttp } from './send'
import { type KeyedText, keyed } from '../../text/keyedText'

type Method = Selectable<AuthenticationsTable>

/** A token API answers a token, not data. */
const TOKEN_ANSWER_BYTES = 1024 * 1024
/** Tokens kept at once (one per parsed-token method in use). */
const KEEP_AT_MOST = 256
const kept = new Map<string, { until: number; token: Promise<string> }>()
/** A kept token is fetched for every caller waiting on it, so on its own time limit (the spec's HTTP timeout), not a caller's. */
const SHARED_FETCH_MS = 180_000

/** Waits for `work` until `signal` aborts. */
function until<T>(work: Promise<T>, signal: AbortSignal, reason: KeyedText): Promise<T> {
  if (signal.aborted) return Promise.reject(new DeliveryError(reason))
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(new DeliveryError(reason))
    signal.addEventListener('abort', abort, { once: true })
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort))
  })
}

/**
 * The token of a parsed-token method (type '2', part 2 §9): fetched from its token API and read
 * out of the answer, kept for tokenValidity seconds (empty: fetched for every call). An edited
 * method (a new version) fetches anew; a failed fetch is not kept.
 */
export function parsedToken(method: Method, signal: AbortSignal, allowed: AddressCheck): Promise<string> {
  const validity = Number(method.token_validity) * 1000
  if (!(validity > 0)) return fetchToken(method, signal, allowed)
  const key = `${method.id} ${method.version}`
  const now = Date.now()
  const late = keyed('msg_exchange_token_late', { name: method.authen_name })
  const entry = kept.get(key)
  if (entry && entry.until > now) return until(entry.token, signal, late)
  const token = fetchToken(method, AbortSignal.timeout(SHARED_FETCH_MS), allowed)
  kept.delete(key)
  if (kept.size >= KEEP_AT_MOST) kept.delete(kept.keys().next().value!)
  kept.set(key, { until: now + validity, token })
  token.catch(() => {
    if (kept.get(key)?.token === token) kept.delete(key)
  })
  return until(token, signal, late)
}

/**
 * The token API is called with tokenMethod (POST by default) and tokenParams: a JSON object is
 * sent as a JSON body (GET: its members as query parameters), other text as a query string
 * (a=1&b=2; POST: as a urlencoded body). Success is tokenStatusCode: the answer's top-level
 * `code` when it has one (APIs that answer HTTP 200 with a code of their own), else the HTTP
 * status; the answer must be 2xx either way. The token is the first value at tokenParseLevel
 * (JsonPath). Reasons name the method and the API's origin, never the parameters or the answer,
 * which carry credentials.
 */
async function fetchToken(method: Method, signal: AbortSignal, allowed: AddressCheck): Promise<string> {
  const name = method.authen_name
  let url: URL
  try {
    url = new URL(method.token_url.trim())
  } catch {
    throw new DeliveryError(keyed('msg_exchange_token_no_url', { name }), true)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new DeliveryError(keyed('msg_exchange_token_protocol', { name, protocol: url.protocol }), true)
  const verb = (method.token_method || 'POST').toUpperCase()
  const headers = new Headers({ accept: 'application/json' })
  let body: string | undefined
  const params = method.token_params.trim()
  const json = jsonObject(params)
  if (verb === 'GET') {
    const query = json ? Object.entries(json).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]) : [...new URLSearchParams(params)]
    for (const [k, v] of query) url.searchParams.append(k!, v!)
  } else if (params) {
    headers.set('content-type', json ? 'application/json; charset=utf-8' : 'application/x-www-form-urlencoded; charset=utf-8')
    body = params
  }
  const answer = await sendHttp(url, { method: verb, headers, body, signal, maxBytes: TOKEN_ANSWER_BYTES, allowed, atLeastOnce: true }).catch((err: unknown) => {
    throw err instanceof DeliveryError ? new DeliveryError(keyed('msg_exchange_token_failed', { name, reason: err.text })) : err
  })
  const origin = url.origin
  let value: unknown
  try {
    value = JSON.parse(answer.text)
  } catch {
    throw new DeliveryError(keyed('msg_exchange_token_no_json', { name, origin, status: answer.status }))
  }
  const code = value !== null && typeof value === 'object' && 'code' in value ? String((value as { code: unknown }).code) : null
  const expected = method.token_status_code.trim()
  if (answer.status < 200 || answer.status > 299 || (expected && (code ?? String(answer.status)) !== expected)) {
    throw new DeliveryError(
      code === null
        ? keyed('msg_exchange_token_bad_code', { name, origin, status: answer.status, expected: expected || '2xx' })
        : keyed('msg_exchange_token_bad_code_with', { name, origin, status: answer.status, code, expected: expected || '2xx' }),
    )
  }
  const found = selectJsonPath(method.token_parse_level.trim() || '$', { text: answer.text, format: 'json' })[0]
  if ((typeof found !== 'string' && typeof found !== 'number') || String(found) === '') {
    throw new DeliveryError(keyed('msg_exchange_token_missing', { name, origin, path: method.token_parse_level.trim() || '$' }))
  }
  return String(found)
}

function jsonObject(text: string): Record<string, unknown> | null {
  if (!text.startsWith('{')) return null
  try {
    const value: unknown = JSON.parse(text)
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null
  } catch {
    return null
  }
}
