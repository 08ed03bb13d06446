import { DeliveryError } from '../deliver/types'

/** A callback or notification that can never be sent as set up: kept dead at once, not retried. */
export const permanentError = (reason: string) => new DeliveryError(reason, true)

/** Where an HTTP report goes: a producer's callbackHttpParamsModel, or a consumer's http notification. */
export interface CallModel {
  url?: string
  method?: string
  params?: { key: string; value: string; checked?: boolean }[]
  headers?: { key: string; value: string; checked?: boolean }[]
}
const checked = (rows: CallModel['params']) => (rows ?? []).filter((r) => r.checked !== false && r.key.trim() !== '')

/** The HTTP callback: the report as JSON (GET: as the query parameter `result`); any 2xx is sent. */
export async function postHttp(model: CallModel, body: string, signal: AbortSignal): Promise<void> {
  let url: URL
  try {
    url = new URL((model.url ?? '').trim())
  } catch {
    throw permanentError(`the callback URL '${model.url ?? ''}' is not a URL`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw permanentError(`the callback URL must be http or https, got ${url.protocol}`)
  for (const p of checked(model.params)) url.searchParams.append(p.key, p.value)
  const method = (model.method || 'POST').toUpperCase()
  const headers = new Headers()
  for (const h of checked(model.headers)) headers.append(h.key, h.value)
  const withBody = method !== 'GET' && method !== 'HEAD'
  if (withBody) headers.set('content-type', 'application/json')
  else url.searchParams.set('result', body)
  const response = await fetch(url, { method, headers, body: withBody ? body : undefined, signal, redirect: 'manual' })
  const answer = await response.text().catch(() => '')
  if (response.status < 200 || response.status >= 300) throw new Error(`${method} ${url.origin}${url.pathname} answered HTTP ${response.status}${answer ? `: ${answer.slice(0, 300)}` : ''}`)
}
