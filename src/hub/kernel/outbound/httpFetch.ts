import http from 'node:http'
import https from 'node:https'
import { isIP } from 'node:net'
import { AddressRefused, checkedLookup, type AddressCheck } from './addressPolicy'
import { WsdlFailure } from './failure'

/** Reads one document; the loader behind it enforces addresses, size and time. */
export type FetchText = (url: string) => Promise<{ url: string; text: string }>

export interface FetchBudget {
  /** Bytes the documents of this resolve may still take, all together. */
  remainingBytes: number
  readonly maxBytes: number
  /** Aborts when the time budget is spent (or the caller gave up). */
  readonly signal: AbortSignal
  /** Addresses the hub may connect to (addressCheck). */
  readonly allowed: AddressCheck
  readonly maxRedirects: number
  /** The time budget, for the message. */
  readonly seconds: number
}

export interface Answer {
  status: number
  location: string | null
  contentType: string
  body: Buffer
}

/** What else a request does than GET a document (web-service calls POST an envelope). */
export interface RequestInit {
  method?: string
  /** Sent as given, over the defaults (accept a WSDL, no compression). */
  headers?: Record<string, string>
  body?: Buffer
  /** Keep the body of every answer, not only of a 2xx one (a SOAP Fault comes with HTTP 500). */
  bodyOfAnyStatus?: boolean
  /**
   * Past the byte budget, keep what was read instead of failing with 'tooLarge': the caller only
   * reads the start of the answer (a service that did the work must not count as failed).
   */
  truncate?: boolean
}

const REDIRECTS = new Set([301, 302, 303, 307, 308])

/**
 * Reads documents over http(s) within one shared budget. Redirects are followed by hand so that
 * every hop is checked like the first address (scheme, address, count); each connection's DNS
 * answer is checked before connecting, unless the hub allows private addresses.
 */
export function httpFetcher(budget: FetchBudget): FetchText {
  return async (address) => {
    let url = parseHttpUrl(address)
    for (let hop = 0; ; hop++) {
      const answer = await httpRequest(url, budget)
      if (REDIRECTS.has(answer.status) && answer.location) {
        if (hop >= budget.maxRedirects) throw new WsdlFailure('tooManyRedirects', { url: address, max: budget.maxRedirects })
        url = parseHttpUrl(new URL(answer.location, url).href)
        continue
      }
      if (answer.status < 200 || answer.status > 299) throw new WsdlFailure('httpStatus', { url: url.href, status: answer.status })
      return { url: url.href, text: decode(answer.body, answer.contentType) }
    }
  }
}

/** An absolute http(s) URL, else WsdlFailure 'urlInvalid'. */
export function parseHttpUrl(address: string): URL {
  let url: URL
  try {
    url = new URL(address.trim())
  } catch {
    throw new WsdlFailure('urlInvalid', { url: address })
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new WsdlFailure('urlInvalid', { url: address })
  return url
}

/**
 * One request within the budget, to an address the budget allows (an IP literal is checked here,
 * a name when it is looked up). No redirect is followed: the answer says where it points.
 */
export function httpRequest(url: URL, budget: FetchBudget, init: RequestInit = {}): Promise<Answer> {
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (isIP(host) && !budget.allowed(host)) return Promise.reject(new WsdlFailure('addressRefused', { url: url.href }))
  if (budget.signal.aborted) return Promise.reject(new WsdlFailure('timeout', { url: url.href, seconds: budget.seconds }))
  return new Promise<Answer>((resolve, reject) => {
    let settled = false
    const fail = (failure: WsdlFailure) => {
      if (settled) return
      settled = true
      req.destroy()
      reject(failure)
    }
    const client = url.protocol === 'https:' ? https : http
    const req = client.request(url, {
      method: init.method ?? 'GET',
      // No compression: the size limit then counts what is parsed, and no decompression bomb.
      headers: { accept: 'application/wsdl+xml, text/xml, application/xml;q=0.9, */*;q=0.5', 'accept-encoding': 'identity', ...init.headers },
      agent: false,
      signal: budget.signal,
      lookup: checkedLookup(budget.allowed),
    })
    req.on('error', (err) => {
      if (budget.signal.aborted) return fail(new WsdlFailure('timeout', { url: url.href, seconds: budget.seconds }))
      if (err instanceof AddressRefused) return fail(new WsdlFailure('addressRefused', { url: url.href }))
      fail(new WsdlFailure('unreachable', { url: url.href }, err))
    })
    req.on('response', (res) => {
      const status = res.statusCode ?? 0
      const location = res.headers.location ?? null
      const contentType = String(res.headers['content-type'] ?? '')
      if (!init.bodyOfAnyStatus && (REDIRECTS.has(status) || status < 200 || status > 299)) {
        res.resume()
        settled = true
        req.destroy()
        return resolve({ status, location, contentType: '', body: Buffer.alloc(0) })
      }
      const chunks: Buffer[] = []
      const done = () => {
        if (settled) return
        settled = true
        resolve({ status, location, contentType, body: Buffer.concat(chunks) })
      }
      const tooLarge = () => fail(new WsdlFailure('tooLarge', { url: url.href, maxMb: Math.round(budget.maxBytes / 1024 / 1024) }))
      const declared = Number(res.headers['content-length'])
      if (!init.truncate && Number.isFinite(declared) && declared > budget.remainingBytes) return tooLarge()
      res.on('data', (chunk: Buffer) => {
        budget.remainingBytes -= chunk.length
        if (budget.remainingBytes >= 0) return void chunks.push(chunk)
        if (!init.truncate) return tooLarge()
        chunks.push(chunk.subarray(0, Math.max(0, chunk.length + budget.remainingBytes)))
        done()
        req.destroy()
      })
      res.on('end', done)
      res.on('error', () => req.emit('error', new Error('response aborted')))
    })
    req.end(init.body)
  })
}

/** Text of a document: byte-order mark, then the declared charset, then the XML declaration, else UTF-8. */
export function decode(body: Buffer, contentType: string): string {
  let encoding = 'utf-8'
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) encoding = 'utf-8'
  else if (body[0] === 0xff && body[1] === 0xfe) encoding = 'utf-16le'
  else if (body[0] === 0xfe && body[1] === 0xff) encoding = 'utf-16be'
  else {
    const declared = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType)?.[1] ?? /^<\?xml[^>]*encoding\s*=\s*["']([\w.:-]+)["']/.exec(body.subarray(0, 200).toString('latin1'))?.[1]
    if (declared) encoding = declared
  }
  try {
    return new TextDecoder(encoding).decode(body)
  } catch {
    return new TextDecoder('utf-8').decode(body)
  }
}
