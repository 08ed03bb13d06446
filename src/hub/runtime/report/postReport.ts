import type { AddressCheck } from '../../kernel/outbound/addressPolicy'
import { DeliveryError } from '../../kernel/deliveryError'
import { isSuccess, refusedAnswer, sendHttp } from '../httpApi/send'
import { type KeyedText, keyed } from '../../text/keyedText'

/** A callback or notification that can never be sent as set up: kept dead at once, not retried. */
export const permanentError = (reason: KeyedText) => new DeliveryError(reason, true)

/** Where an HTTP report goes: a producer's callbackHttpParamsModel, or a consumer's http notification. */
export interface CallModel {
  url?: string
  method?: string
  params?: { key: string; value: string; checked?: boolean }[]
  headers?: { key: string; value: string; checked?: boolean }[]
}
const checked = (rows: CallModel['params']) => (rows ?? []).filter((r) => r.checked !== false && r.key.trim() !== '')

/**
 * The HTTP callback: the report as JSON (GET: as the query parameter `result`); any 2xx is sent.
 * It goes where exchange calls may (`allowed`: httpApi/send.ts targetCheck).
 */
export async function postHttp(model: CallModel, body: string, signal: AbortSignal, allowed: AddressCheck): Promise<void> {
  let url: URL
  try {
    url = new URL((model.url ?? '').trim())
  } catch {
    throw permanentError(keyed('msg_exchange_callback_not_url', { url: model.url ?? '' }))
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw permanentError(keyed('msg_exchange_callback_protocol', { protocol: url.protocol }))
  for (const p of checked(model.params)) url.searchParams.append(p.key, p.value)
  const method = (model.method || 'POST').toUpperCase()
  const headers = new Headers()
  for (const h of checked(model.headers)) headers.append(h.key, h.value)
  const withBody = method !== 'GET' && method !== 'HEAD'
  if (withBody) headers.set('content-type', 'application/json')
  else url.searchParams.set('result', body)
  const answer = await sendHttp(url, { method, headers, body: withBody ? body : undefined, signal, allowed, atLeastOnce: true })
  if (!isSuccess(answer.status)) throw refusedAnswer(method, url, answer)
}
