import http from 'node:http'
import https from 'node:https'
import { isIP } from 'node:net'
import { Readable } from 'node:stream'
import zlib from 'node:zlib'
import type { HubConfig } from '../../config'
import { AddressRefused, checkedLookup, exchangeTargetCheck, ownAddresses, type AddressCheck } from '../../kernel/outbound/addressPolicy'
import { DeliveryError } from '../../kernel/deliveryError'
import { keyed } from '../../text/keyedText'

/** How much of a refusing peer's answer goes into a reason. */
const ANSWER_EXCERPT = 300

export interface SentAnswer {
  status: number
  contentType: string
  text: string
}

export interface SendInit {
  method: string
  headers: Headers
  body?: BodyInit | undefined
  /** Ends the wait (a timeout, a stopping worker or run). */
  signal: AbortSignal
  /** A larger answer fails the call instead of filling the hub's memory; unset: no limit. */
  maxBytes?: number
  /** The addresses the call may connect to: targetCheck(hub.config). */
  allowed: AddressCheck
  /**
   * The caller accepts that the peer may get this call twice: a delivery or a report, which the
   * hub retries anyway (at least once). Then a POST on a kept socket the peer reset before any
   * answer byte is sent again on a new connection; otherwise only an idempotent method is.
   */
  atLeastOnce?: boolean
}

/**
 * Where the hub's exchange calls may go (http producers and consumers, token APIs, callbacks and
 * notifications): anywhere but this machine — loopback, link-local (cloud metadata), unspecified
 * and the hub's own addresses — unless the administrator allows local addresses with the switch
 * that allows them for WSDL (allowPrivateWsdl, HUB_ALLOW_PRIVATE_WSDL).
 */
export function targetCheck(config: Pick<HubConfig, 'allowPrivateWsdl' | 'host'>): AddressCheck {
  if (config.allowPrivateWsdl === true) return ANYWHERE
  let check = checks.get(config)
  if (!check) checks.set(config, (check = exchangeTargetCheck(false, ownAddresses(config.host))))
  return check
}
const ANYWHERE: AddressCheck = () => true
/** One check per hub config: the machine's addresses are read once, not per call. */
const checks = new WeakMap<object, AddressCheck>()

/**
 * Sockets kept for the next call, one pool for calls that may go anywhere and one for checked
 * calls: a kept socket was checked when it connected, and is only reused for the same host.
 */
const open = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) }
const checked = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) }
const poolFor = (allowed: AddressCheck) => (allowed === ANYWHERE ? open : checked)

/**
 * One outgoing HTTP exchange, redirects not followed (a moved API is a setting to fix). Every
 * address it connects to passes `allowed` first: an IP literal here, a name's every DNS answer
 * when it is looked up (no gap between the check and the connection). A refused address is a
 * permanent DeliveryError. A call that gets no answer throws a DeliveryError saying so, by origin
 * only: the path and query may carry parameters an operator did not mean to show in a log.
 */
export async function sendHttp(url: URL, init: SendInit): Promise<SentAnswer> {
  const { signal, maxBytes, allowed } = init
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (isIP(host) && !allowed(host)) throw addressRefused(url, false)
  if (signal.aborted) throw unanswered(url, signal, signal.reason)
  let response: http.IncomingMessage
  try {
    response = await request(url, init, allowed)
  } catch (err) {
    if (err instanceof AddressRefused) throw addressRefused(url, true)
    throw unanswered(url, signal, err)
  }
  const status = response.statusCode ?? 0
  const contentType = String(response.headers['content-type'] ?? '')
  try {
    return { status, contentType, text: await readText(response, url, maxBytes) }
  } catch (err) {
    if (err instanceof DeliveryError) throw err
    if (!isSuccess(status) && !signal.aborted) return { status, contentType, text: '' }
    throw unanswered(url, signal, err)
  }
}

async function request(url: URL, init: SendInit, allowed: AddressCheck): Promise<http.IncomingMessage> {
  const headers: Record<string, string> = { accept: '*/*', 'accept-encoding': 'gzip, deflate, br' }
  init.headers.forEach((value, key) => (headers[key] = value))
  let body: Buffer | undefined
  if (init.body !== undefined && init.body !== null) {
    // Serialised as fetch would: a form gets its content type (a multipart one its boundary).
    const serialised = new Response(init.body)
    body = Buffer.from(await serialised.arrayBuffer())
    const type = serialised.headers.get('content-type')
    if (type && !init.headers.has('content-type')) headers['content-type'] = type
    headers['content-length'] = String(body.length)
  }
  const https_ = url.protocol === 'https:'
  const pool = poolFor(allowed)
  const resendable = init.atLeastOnce === true || IDEMPOTENT.has(init.method.toUpperCase())
  const attempt = (fresh: boolean) =>
    new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = (https_ ? https : http).request(url, {
        method: init.method,
        headers,
        signal: init.signal,
        // The retry's connection is a new one, kept for nobody: the pool may hold more stale sockets.
        agent: fresh ? false : https_ ? pool.https : pool.http,
        lookup: checkedLookup(allowed),
      })
      let readBefore = 0
      req.on('socket', (socket) => (readBefore = socket.bytesRead))
      req.on('error', (err: NodeJS.ErrnoException) => {
        const answered = (req.socket?.bytesRead ?? readBefore) > readBefore
        if (resendable && !fresh && req.reusedSocket && !answered && !init.signal.aborted && DROPPED.has(err.code ?? '')) resolve(attempt(true))
        else reject(err)
      })
      req.on('response', resolve)
      req.end(body)
    })
  return attempt(false)
}

/**
 * How a kept socket the peer has closed fails the request written on it. A peer closes an idle
 * kept socket when it likes (its keep-alive timeout, a restart); a request that went out on it
 * just then is reset before any byte of an answer. Nothing was answered, so the call is made once
 * more on a new connection — as browsers do — instead of failing a delivery the peer never saw
 * (a loaded machine once lost that race: ECONNRESET where the peer's HTTP 503 was due).
 * A reset can also mean the peer read the request and then failed, so a method that changes
 * something (a POST poll that moves the peer's cursor) is sent again only when the caller says
 * a second copy is acceptable (`atLeastOnce`).
 */
const DROPPED = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED'])
/** Methods that mean the same when sent twice (RFC 9110 §9.2.2). */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE', 'PUT', 'DELETE'])

function addressRefused(url: URL, resolved: boolean): DeliveryError {
  return new DeliveryError(keyed(resolved ? 'msg_exchange_address_refused_resolves' : 'msg_exchange_address_refused_is', { origin: url.origin, host: url.hostname }), true)
}

function unanswered(url: URL, signal: AbortSignal, err: unknown): DeliveryError {
  if (signal.aborted) return new DeliveryError(keyed('msg_exchange_no_answer_in_time', { origin: url.origin }))
  const e = err as { code?: string; message?: string; cause?: { code?: string; message?: string } }
  return new DeliveryError(keyed('msg_exchange_unreachable', { origin: url.origin, reason: String(e.code ?? e.cause?.code ?? e.cause?.message ?? e.message) }))
}

/** The answer's body as the peer meant it (gzip, deflate and br undone, as fetch would). */
function decoded(response: http.IncomingMessage): Readable {
  const encoding = String(response.headers['content-encoding'] ?? '').trim().toLowerCase()
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip' ? zlib.createGunzip() : encoding === 'deflate' ? zlib.createInflate() : encoding === 'br' ? zlib.createBrotliDecompress() : null
  if (!decoder) return response
  response.on('error', (err) => decoder.destroy(err))
  return response.pipe(decoder)
}

async function readText(response: http.IncomingMessage, url: URL, maxBytes: number | undefined): Promise<string> {
  const tooLarge = () => new DeliveryError(keyed('msg_exchange_answer_too_large', { address: `${url.origin}${url.pathname}`, mib: Math.round((maxBytes ?? 0) / 1024 / 1024) }))
  if (maxBytes !== undefined && Number(response.headers['content-length']) > maxBytes) {
    response.destroy()
    throw tooLarge()
  }
  const body = decoded(response)
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length
    if (maxBytes !== undefined && size > maxBytes) {
      response.destroy()
      throw tooLarge()
    }
    chunks.push(chunk)
  }
  return new TextDecoder(charsetOf(String(response.headers['content-type'] ?? ''))).decode(Buffer.concat(chunks))
}

/** The declared charset when the decoder knows it, else UTF-8 (as Response.text() would). */
function charsetOf(contentType: string): string {
  const declared = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType)?.[1]
  if (!declared) return 'utf-8'
  try {
    return new TextDecoder(declared).encoding
  } catch {
    return 'utf-8'
  }
}

/** The reason of a non-2xx answer: method, address without query, status and the start of the answer. */
export function refusedAnswer(method: string, url: URL, answer: SentAnswer): DeliveryError {
  const excerpt = answer.text.length > ANSWER_EXCERPT ? `${answer.text.slice(0, ANSWER_EXCERPT)}…` : answer.text
  const address = `${url.origin}${url.pathname}`
  // The peer's answer is quoted as it came, inside the translated sentence.
  return new DeliveryError(excerpt ? keyed('msg_exchange_http_refused_body', { method, address, status: answer.status, body: excerpt }) : keyed('msg_exchange_http_refused', { method, address, status: answer.status }))
}

export const isSuccess = (status: number): boolean => status >= 200 && status < 300
