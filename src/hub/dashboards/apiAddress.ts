import { addressCheck } from '../kernel/outbound/addressPolicy'
import { WsdlFailure } from '../kernel/outbound/failure'
import { decode, parseHttpUrl, httpRequest } from '../kernel/outbound/httpFetch'
import type { HubContext } from '../http/context'
import { widgetApiFailed, widgetApiNotJson, widgetApiRefused } from './refusals'

/** What an api widget's address may answer, and how long it may take. */
const ANSWER_BYTES = 1024 * 1024
const SECONDS = 10

/**
 * An api widget's data: GET of its http(s) address by the hub, JSON expected. It goes through
 * the hub's one address rule (wsdl/addressPolicy.ts, as WSDLs, web-service calls and alarm
 * webhooks): loopback, private, link-local and reserved addresses are refused unless the hub runs
 * with HUB_ALLOW_PRIVATE_WSDL, checked on the address the socket really connects to; no
 * redirect is followed; 1 MiB and 10 s at most. A widget is composed by administrators but
 * shown to every viewer of a dashboard, so the hub never becomes a way into its own network.
 */
export async function fetchApiJson(hub: Pick<HubContext, 'config'>, address: string): Promise<unknown> {
  const signal = AbortSignal.timeout(SECONDS * 1000)
  const budget = { remainingBytes: ANSWER_BYTES, maxBytes: ANSWER_BYTES, signal, allowed: addressCheck(hub.config.allowPrivateWsdl === true), maxRedirects: 0, seconds: SECONDS }
  let answer
  try {
    const url = parseHttpUrl(address)
    answer = await httpRequest(url, budget, { headers: { accept: 'application/json' } })
  } catch (err) {
    if (err instanceof WsdlFailure && (err.reason === 'addressRefused' || err.reason === 'urlInvalid')) throw widgetApiRefused({ url: address })
    if (err instanceof WsdlFailure && err.reason === 'tooLarge') throw widgetApiFailed({ url: address, reason: `> ${ANSWER_BYTES / 1024 / 1024} MB` })
    if (err instanceof WsdlFailure && err.reason === 'timeout') throw widgetApiFailed({ url: address, reason: `> ${SECONDS} s` })
    throw widgetApiFailed({ url: address, reason: (err as { cause?: { code?: string } }).cause?.code ?? 'unreachable' })
  }
  if (answer.status < 200 || answer.status > 299) throw widgetApiFailed({ url: address, reason: `HTTP ${answer.status}` })
  try {
    return JSON.parse(decode(answer.body, answer.contentType)) as unknown
  } catch {
    throw widgetApiNotJson({ url: address })
  }
}
