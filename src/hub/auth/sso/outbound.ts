import { addressCheck } from '../../kernel/outbound/addressPolicy'
import { WsdlFailure } from '../../kernel/outbound/failure'
import { decode, httpRequest, parseHttpUrl, type Answer } from '../../kernel/outbound/httpFetch'
import type { HubContext } from '../../http/context'

/** An identity provider's answers are small (a validation, a discovery document, keys, tokens). */
const ANSWER_BYTES = 1024 * 1024
const TIMEOUT_MS = 15_000
export const PROVIDER_TIMEOUT_SECONDS = TIMEOUT_MS / 1000

/** How a call to an identity provider failed to get an answer; each says so in its own words (refusals.ts). */
export type UnreachableKind = 'io' | 'timeout' | 'addressRefused'

/**
 * Why a call to an identity provider got no answer: the spec's "IO exception" (or a refused
 * address, or no answer in time). `url` is the address asked and `cause` what the network said
 * in `detail` (`connect ECONNREFUSED 127.0.0.1:9`), so the administrator can see where and why (issue 33).
 */
export class ProviderUnreachable extends Error {
  constructor(
    readonly url: string,
    readonly why: string,
    readonly kind: UnreachableKind = 'io',
    readonly detail: string = why,
  ) {
    super(`${url}: ${why}`)
    this.name = 'ProviderUnreachable'
  }
}

/** What the network said, in its words: the system error's message (it names the code and address), else the failure's reason. */
function networkCause(err: WsdlFailure): string {
  const cause = err.cause as { code?: string; message?: string } | undefined
  if (cause?.message) return cause.message
  if (cause?.code) return cause.code
  return err.reason
}

/**
 * One request to an identity provider under the hub's address rule, the one web-service calls
 * and alarm webhooks follow (HUB_ALLOW_PRIVATE_WSDL off: loopback, private and link-local
 * addresses refused, checked on the address the socket connects to). Only URLs built from what
 * the administrator configured get here, never one a sign-in call names. No redirect is followed;
 * the body of any status is kept.
 */
export async function providerRequest(hub: Pick<HubContext, 'config'>, address: string, init: { method?: string; headers?: Record<string, string>; body?: Buffer; signal?: AbortSignal } = {}): Promise<Answer> {
  let url: URL
  try {
    url = parseHttpUrl(address)
  } catch {
    throw new ProviderUnreachable(address, 'not an http(s) URL', 'io', 'not an http(s) URL')
  }
  const signal = init.signal ? AbortSignal.any([init.signal, AbortSignal.timeout(TIMEOUT_MS)]) : AbortSignal.timeout(TIMEOUT_MS)
  const budget = { remainingBytes: ANSWER_BYTES, maxBytes: ANSWER_BYTES, signal, allowed: addressCheck(hub.config.allowPrivateWsdl === true), maxRedirects: 0, seconds: TIMEOUT_MS / 1000 }
  try {
    return await httpRequest(url, budget, {
      method: init.method ?? 'GET',
      headers: { accept: 'application/json, application/xml, text/xml;q=0.9, */*;q=0.5', ...init.headers, ...(init.body ? { 'content-length': String(init.body.length) } : {}) },
      ...(init.body ? { body: init.body } : {}),
      bodyOfAnyStatus: true,
    })
  } catch (err) {
    if (err instanceof WsdlFailure) {
      const at = url.origin + url.pathname
      if (err.reason === 'addressRefused') throw new ProviderUnreachable(at, 'the address is internal, loopback or reserved; the hub calls such addresses only with HUB_ALLOW_PRIVATE_WSDL on', 'addressRefused', '')
      if (err.reason === 'timeout') throw new ProviderUnreachable(at, `no answer within ${PROVIDER_TIMEOUT_SECONDS} s`, 'timeout', '')
      const cause = networkCause(err)
      throw new ProviderUnreachable(at, `${err.reason} (${cause})`, 'io', cause)
    }
    throw err
  }
}

/** The answer's text. */
export const answerText = (answer: Answer): string => decode(answer.body, answer.contentType)

/**
 * A Fetch API function over providerRequest, for openid-client's `customFetch`: every call the
 * library makes (discovery, keys, token endpoint) goes under the same address rule and limits.
 */
export function providerFetch(hub: Pick<HubContext, 'config'>) {
  return async (url: string, options: { method?: string; headers?: Headers | Record<string, string>; body?: unknown; signal?: AbortSignal | null }): Promise<Response> => {
    const headers: Record<string, string> = {}
    new Headers(options.headers as HeadersInit | undefined).forEach((value, name) => {
      headers[name] = value
    })
    const body = options.body === undefined || options.body === null ? undefined : Buffer.from(options.body instanceof URLSearchParams ? options.body.toString() : String(options.body), 'utf8')
    const answer = await providerRequest(hub, url, { method: options.method ?? 'GET', headers, ...(body ? { body } : {}), ...(options.signal ? { signal: options.signal } : {}) })
    const nullBody = answer.status === 204 || answer.status === 304
    const response = new Response(nullBody ? null : new Uint8Array(answer.body), { status: answer.status, headers: answer.contentType ? { 'content-type': answer.contentType } : {} })
    // A constructed Response has no url; a refusal of its status names the address that answered it.
    Object.defineProperty(response, 'url', { value: url })
    return response
  }
}
