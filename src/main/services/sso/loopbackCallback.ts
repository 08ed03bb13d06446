import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * The loopback redirect of a native app (RFC 8252 §7.3): an HTTP listener on 127.0.0.1 at a port
 * the system gives, for the one browser request that brings the identity provider's answer back
 * to `/callback`. The first such request ends the listening (the port closes at once: a second
 * request finds nothing there); the request stays open until the sign-in it started has an
 * outcome, so the page the browser shows can say how it went.
 *
 * The state is checked here: a callback without the state /sso/authorize gave is refused and its
 * code or ticket never leaves this file. Requests to other paths (a favicon, a probe) answer 404
 * and do not count.
 */

/** What came back, once the state matched. `finish` answers the browser's page. */
export type Arrival =
  | { kind: 'code'; code: string; finish: Finish }
  /** CAS: the ticket, and the service it was issued for (the callback's URL without `ticket`). */
  | { kind: 'ticket'; ticket: string; service: string; finish: Finish }

/** Ended without a code or ticket to use (the browser has been answered already, where one came). */
export type NoArrival =
  | { kind: 'stateMismatch' }
  /** The provider sent an error (`error=access_denied`…) or neither code nor ticket. */
  | { kind: 'providerError'; error: string }
  | { kind: 'timeout' }
  | { kind: 'cancelled' }

export type Finish = (page: CallbackPage) => void

/** The page the browser shows at the end: an HTML document and whether the sign-in succeeded. */
export interface CallbackPage {
  ok: boolean
  html: string
}

export interface WaitOptions {
  /** The state the callback must bring back. */
  state: string
  timeoutMs: number
  /** Aborting ends the wait as cancelled. */
  signal?: AbortSignal
  /** The page for a callback refused here (wrong state, provider error). */
  refusedPage: (why: NoArrival) => string
}

export interface LoopbackCallback {
  /** `http://127.0.0.1:<port>/callback`: the redirect URI to register the flow with. */
  readonly redirectUri: string
  /** Waits for the callback; settles on the first one, on timeout or on abort, and closes the port. */
  wait(options: WaitOptions): Promise<Arrival | NoArrival>
  /** Closes the port (and answers a request still waiting for its page). Safe to call twice. */
  close(): void
}

export const CALLBACK_PATH = '/callback'

/** Opens the listener on 127.0.0.1 (never `localhost`, §8.3) at a free port. */
export async function openLoopbackCallback(): Promise<LoopbackCallback> {
  let onRequest: ((req: IncomingMessage, res: ServerResponse) => void) | null = null
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    if (req.method !== 'GET' || url.pathname !== CALLBACK_PATH || !onRequest) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' }).end('Not found')
      return
    }
    const handle = onRequest
    onRequest = null
    handle(req, res)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  const redirectUri = `http://127.0.0.1:${port}${CALLBACK_PATH}`
  let pending: ServerResponse | null = null
  let listening = true
  let closed = false
  /** Ends the wait in progress, if any (close() while waiting is a cancel). */
  let endWait: (() => void) | null = null

  /** No more connections: the port is free again. */
  function stopListening(): void {
    onRequest = null
    if (!listening) return
    listening = false
    server.close()
    server.closeIdleConnections()
  }

  function close(): void {
    if (closed) return
    closed = true
    stopListening()
    endWait?.()
    // A request whose page never came (the caller gave up): the browser is not left spinning.
    if (pending && !pending.writableEnded) pending.writeHead(503, { connection: 'close' }).end()
    pending = null
  }

  function wait(options: WaitOptions): Promise<Arrival | NoArrival> {
    return new Promise((resolve) => {
      let settled = false
      const settle = (outcome: Arrival | NoArrival, keepOpenFor?: ServerResponse) => {
        if (settled) return
        settled = true
        endWait = null
        clearTimeout(timer)
        options.signal?.removeEventListener('abort', onAbort)
        // The port closes now; the one request it served stays open until finished.
        pending = keepOpenFor ?? null
        stopListening()
        if (!keepOpenFor) close()
        resolve(outcome)
      }
      const onAbort = () => settle({ kind: 'cancelled' })
      const timer = setTimeout(() => settle({ kind: 'timeout' }), options.timeoutMs)
      if (closed || options.signal?.aborted) return settle({ kind: 'cancelled' })
      options.signal?.addEventListener('abort', onAbort, { once: true })
      endWait = onAbort

      onRequest = (req, res) => {
        const rawQuery = (req.url ?? '').split('?')[1] ?? ''
        const query = new URLSearchParams(rawQuery)
        const refuse = (outcome: NoArrival) => {
          answer(res, { ok: false, html: options.refusedPage(outcome) })
          settle(outcome)
        }
        if (query.get('state') !== options.state) return refuse({ kind: 'stateMismatch' })
        const finish: Finish = (page) => {
          answer(res, page)
          if (pending === res) pending = null
          close()
        }
        const code = query.get('code')
        const ticket = query.get('ticket')
        if (code) return settle({ kind: 'code', code, finish }, res)
        if (ticket) return settle({ kind: 'ticket', ticket, service: `${redirectUri}${serviceQuery(rawQuery)}`, finish }, res)
        refuse({ kind: 'providerError', error: (query.get('error') ?? '').slice(0, 200) || 'no code or ticket' })
      }
    })
  }

  return { redirectUri, wait, close }
}

/**
 * The service a CAS ticket was issued for: the callback's query as received, minus `ticket`
 * (CAS appends `&ticket=…` to the service URL; the rest is kept byte for byte, since the CAS
 * server compares the service exactly).
 */
function serviceQuery(rawQuery: string): string {
  const kept = rawQuery.split('&').filter((part) => part !== '' && !part.startsWith('ticket='))
  return kept.length ? `?${kept.join('&')}` : ''
}

function answer(res: ServerResponse, page: CallbackPage): void {
  if (res.writableEnded) return
  res.writeHead(page.ok ? 200 : 400, {
    'content-type': 'text/html; charset=utf-8',
    // The page has nothing to load, and the URL it came from carries a code: never cached, never referred.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
    connection: 'close',
  })
  res.end(page.html)
}
