import { addressCheck } from '../../kernel/outbound/addressPolicy'
import { WsdlFailure } from '../../kernel/outbound/failure'
import { decode, httpRequest, type Answer } from '../../kernel/outbound/httpFetch'
import type { Payload } from '../engines/payload'
import { DeliveryError } from '../../kernel/deliveryError'
import { soapEnvelope, soapHeaders, type SoapCall } from './envelope'
import { faultOf } from './fault'
import { resolveCall, type SoapTarget } from './operation'
import { keyed } from '../../text/keyedText'

/** How much of an answer is read: enough for any Fault; a large result is not needed. */
const ANSWER_BYTES = 256 * 1024
const ANSWER_EXCERPT = 300

export interface SoapCallOptions {
  /**
   * The hub's allowPrivateWsdl: web-service calls follow the WSDL address rule for the WSDL and
   * for the service address alike, so a WSDL cannot point the hub at an internal address the
   * rule refuses (private services need HUB_ALLOW_PRIVATE_WSDL on, as their WSDLs already do).
   */
  allowPrivate: boolean
  /** Aborted when the try runs out of time or the worker stops. */
  signal: AbortSignal
  /** Extra HTTP headers (the message id and topic of a delivery). */
  headers?: Record<string, string>
  /** Read the whole answer, failing past this many bytes (a webservice producer's data); unset: its start only. */
  answerBytes?: number
}

function serviceUrl(address: string): URL {
  let url: URL
  try {
    url = new URL(address)
  } catch {
    throw new DeliveryError(keyed('msg_exchange_service_not_url', { address }), true)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new DeliveryError(keyed('msg_exchange_service_protocol', { protocol: url.protocol }), true)
  return url
}

/** A request that got no answer, as the delivery log says it. */
function unanswered(err: unknown, url: URL, signal: AbortSignal): unknown {
  if (!(err instanceof WsdlFailure)) return err
  if (err.reason === 'addressRefused') {
    return new DeliveryError(keyed('msg_exchange_service_private', { origin: url.origin }), true)
  }
  if (err.reason === 'tooLarge') return new DeliveryError(keyed('msg_exchange_answer_too_large', { address: `${url.origin}${url.pathname}`, mib: String(err.params.maxMb) }))
  if (err.reason === 'timeout' || signal.aborted) return new DeliveryError(keyed('msg_exchange_no_answer_in_time', { origin: url.origin }))
  const cause = err.cause as { code?: string; message?: string } | undefined
  return new DeliveryError(cause ? keyed('msg_exchange_unreachable', { origin: url.origin, reason: String(cause.code ?? cause.message) }) : keyed('msg_exchange_unreachable_plain', { origin: url.origin }))
}

/** The HTTP headers of a call's POST: the SOAP version's content type and action, the length, then the caller's own. */
export const soapRequestHeaders = (call: SoapCall, bodyBytes: number, extra: Record<string, string> = {}): Record<string, string> => ({
  ...soapHeaders(call),
  'content-length': String(bodyBytes),
  ...extra,
})

/**
 * One web-service call carrying `payload` (see soapEnvelope for how it maps into the body): the
 * operation resolved from the WSDL, then posted (postSoap). Answers the answer's text.
 */
export async function callSoap(target: SoapTarget, payload: Payload, options: SoapCallOptions): Promise<string> {
  const call = await resolveCall(target, options)
  return postSoap(call, soapEnvelope(call, payload), options)
}

/**
 * An envelope POSTed to the call's service address and the answer checked. A 2xx answer without
 * a Fault is a success; a Fault (with any status) or another status is a failed try the caller
 * may retry; settings that can never work throw a permanent DeliveryError. No redirect is
 * followed (a moved service is a setting to fix). Answers the answer's text: its start only
 * (enough for any Fault), or all of it up to `answerBytes` when the caller needs it.
 */
export async function postSoap(call: SoapCall, envelope: string, options: SoapCallOptions): Promise<string> {
  const body = Buffer.from(envelope, 'utf8')
  const url = serviceUrl(call.address)
  const whole = options.answerBytes !== undefined
  const bytes = options.answerBytes ?? ANSWER_BYTES
  const budget = { remainingBytes: bytes, maxBytes: bytes, signal: options.signal, allowed: addressCheck(options.allowPrivate), maxRedirects: 0, seconds: 0 }
  let answer: Answer
  try {
    answer = await httpRequest(url, budget, {
      method: 'POST',
      headers: soapRequestHeaders(call, body.length, options.headers),
      body,
      bodyOfAnyStatus: true,
      truncate: !whole,
    })
  } catch (err) {
    throw unanswered(err, url, options.signal)
  }
  const text = decode(answer.body, answer.contentType)
  const where = `${url.origin}${url.pathname}`
  const fault = faultOf(text)
  if (fault) throw new DeliveryError(keyed('msg_exchange_soap_fault', { address: where, status: answer.status, fault }))
  if (answer.status >= 200 && answer.status < 300) return text
  const excerpt = text.length > ANSWER_EXCERPT ? `${text.slice(0, ANSWER_EXCERPT)}…` : text
  throw new DeliveryError(excerpt ? keyed('msg_exchange_http_refused_body', { method: 'POST', address: where, status: answer.status, body: excerpt }) : keyed('msg_exchange_http_refused', { method: 'POST', address: where, status: answer.status }))
}
