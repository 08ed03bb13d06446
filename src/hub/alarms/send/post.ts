import { addressCheck } from '../../kernel/outbound/addressPolicy'
import { WsdlFailure } from '../../kernel/outbound/failure'
import { decode, httpRequest } from '../../kernel/outbound/httpFetch'
import type { HubContext } from '../../http/context'
import { DeliveryError } from '../../kernel/deliveryError'
import { keyed } from '../../text/keyedText'

const ANSWER_BYTES = 64 * 1024

/**
 * POSTs a JSON body to a webhook (callWebhook: any method and body) under the hub's address rule, the one web-service calls use
 * (HUB_ALLOW_PRIVATE_WSDL: off, loopback, private and link-local addresses are refused, checked
 * on the address the socket connects to). No redirect is followed. Answers the answer's text
 * of a 2xx; another status is a failed try, a refused address a setting to fix (permanent).
 */
export function postJson(hub: Pick<HubContext, 'config'>, address: string, body: string, headers: Record<string, string>, signal: AbortSignal): Promise<string> {
  return callWebhook(hub, 'POST', address, body, { 'content-type': 'application/json; charset=utf-8', accept: 'application/json', ...headers }, signal)
}

/** The same for any method and body (the SMS gateway's template); a GET sends no body. */
export async function callWebhook(hub: Pick<HubContext, 'config'>, method: 'GET' | 'POST', address: string, body: string, headers: Record<string, string>, signal: AbortSignal): Promise<string> {
  let url: URL
  try {
    url = new URL(address)
  } catch {
    throw new DeliveryError(keyed('msg_exchange_webhook_not_url', { address }), true)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new DeliveryError(keyed('msg_exchange_webhook_protocol', { protocol: url.protocol }), true)
  const data = method === 'GET' ? null : Buffer.from(body, 'utf8')
  const budget = { remainingBytes: ANSWER_BYTES, maxBytes: ANSWER_BYTES, signal, allowed: addressCheck(hub.config.allowPrivateWsdl === true), maxRedirects: 0, seconds: 0 }
  const where = `${url.origin}${url.pathname}`
  let answer
  try {
    answer = await httpRequest(url, budget, {
      method,
      headers: { ...headers, ...(data ? { 'content-length': String(data.length) } : {}) },
      ...(data ? { body: data } : {}),
      bodyOfAnyStatus: true,
      truncate: true,
    })
  } catch (err) {
    if (err instanceof WsdlFailure && err.reason === 'addressRefused') {
      throw new DeliveryError(keyed('msg_exchange_webhook_private', { origin: url.origin }), true)
    }
    if (signal.aborted || (err instanceof WsdlFailure && err.reason === 'timeout')) throw new DeliveryError(keyed('msg_exchange_no_answer_in_time', { origin: where }))
    const cause = (err as { cause?: { code?: string; message?: string } }).cause
    throw new DeliveryError(cause ? keyed('msg_exchange_unreachable', { origin: where, reason: String(cause.code ?? cause.message) }) : keyed('msg_exchange_unreachable_plain', { origin: where }))
  }
  const text = decode(answer.body, answer.contentType)
  if (answer.status < 200 || answer.status >= 300) throw new DeliveryError(text ? keyed('msg_exchange_http_refused_body', { method, address: where, status: answer.status, body: text.slice(0, 300) }) : keyed('msg_exchange_http_refused', { method, address: where, status: answer.status }))
  return text
}
