import http, { type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http'
import https from 'node:https'
import { Readable } from 'node:stream'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ResultCode } from '../../../shared/envelope'
import { envelope, requestLocale, validationData } from '../../http/answers'
import type { HubContext } from '../../http/context'
import { BodyTooLarge, byteLimit } from './bodyLimit'
import { normaliseGatewayPath } from './gatewayPath'
import { liveRoutes, type LiveRoute } from './routeTable'

/**
 * The gateway itself (the stretch of spec part 2 §7 "GET /refreshRoute"): a request under
 * /inner or /outer whose path matches a live route goes to that route's target service, with
 * the same method, path, query, headers (less the hop-by-hop ones) and body; the answer comes
 * back as the target gave it. Choices of ours, the spec showing none:
 * - the path is decoded once and normalised (gatewayPath.ts: dot segments and encoded
 *   separators are refused with '4001'), matched, and that same path is appended to the
 *   target's own path (target http://svc:8080/api, request /inner/user/1 →
 *   http://svc:8080/api/inner/user/1); the query string goes as it came;
 * - '**' matches the rest of the path, '*' and '{name}' one segment; the longest route wins;
 * - routes whose auth type is not 'none' are refused (4031): this hub cannot check static or
 *   parsed tokens yet, and forwarding them unchecked would open what the administrator closed;
 * - the caller's Authorization and Cookie headers are not forwarded: a route has no field
 *   saying its target wants them (spec part 2 §3 names path, prefix, target, service type and
 *   auth type only), and on a 'none' route they can only be the caller's credentials for
 *   something else — the console's hub session above all — which the target must not receive;
 * - bodies stream both ways with backpressure, the hub holds a few chunks at a time whatever
 *   their size: a request body is limited (413 / '4130' past maxBodyBytes, counted as it flows
 *   when there is no Content-Length); an answer is not, streaming bounds the hub's memory;
 * - one exchange, upload to the last byte of the answer, lasts at most the spec's HTTP timeout
 *   (180 s); an unreachable target, or one that has not answered by then, is HTTP 502 with
 *   '5000'; once the answer has started, the connection is cut instead;
 * - the answer's bytes pass through untouched (no decompression), so its Content-Length and
 *   Content-Encoding stay true.
 */
export interface GatewayLimits {
  /** Largest request body forwarded, in bytes. */
  maxBodyBytes: number
  /** Total time of one exchange, in milliseconds. */
  timeoutMs: number
}
export const GATEWAY_LIMITS: GatewayLimits = { maxBodyBytes: 100 * 1024 * 1024, timeoutMs: 180_000 }

const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade']
/** Host is the target's; Expect was answered by the hub's own server; X-Forwarded-For is set by the hub. */
const NOT_FROM_CALLER = [...HOP_BY_HOP, 'host', 'expect', 'x-forwarded-for', 'authorization', 'cookie']

/** The fixed names plus those the message's own Connection header declares hop-by-hop. */
function droppedHeaders(fixed: readonly string[], headers: IncomingHttpHeaders): Set<string> {
  const listed = (headers.connection ?? '').split(',').map((n) => n.trim().toLowerCase())
  return new Set([...fixed, ...listed.filter(Boolean)])
}

/** Whether a route path pattern takes this (normalised, decoded) request path. */
export function matchesPattern(pattern: string, path: string): boolean {
  const want = pattern.split('/').filter(Boolean)
  const have = path.split('/').filter(Boolean)
  for (let i = 0; i < want.length; i++) {
    const part = want[i]!
    if (part === '**') return true
    if (i >= have.length) return false
    if (part === '*' || /^\{\w*\}$/.test(part)) continue
    if (part !== have[i]) return false
  }
  return want.length === have.length
}

/** The live route for a path: the table is ordered longest path first. */
export const routeFor = (routes: readonly LiveRoute[], path: string): LiveRoute | undefined => routes.find((r) => matchesPattern(r.path, path))

/** The target URL: the target's own path, then the request's path and query. */
export function targetUrl(targetService: string, requestUrl: string): string {
  return targetService.replace(/\/+$/, '') + requestUrl
}

/**
 * The upstream URL for a normalised path, or null if URL parsing would not keep that path as
 * it is (a last guard: the target must receive exactly the path that was matched).
 */
function upstreamUrl(targetService: string, encodedPath: string, query: string): URL | null {
  const base = new URL(targetService)
  const path = base.pathname.replace(/\/+$/, '') + encodedPath
  const url = new URL(`${base.origin}${path}${query}`)
  return url.pathname === path ? url : null
}

function requestHeaders(request: FastifyRequest, withBody: boolean): OutgoingHttpHeaders {
  const dropped = droppedHeaders(NOT_FROM_CALLER, request.headers)
  // A body goes with its declared length, or chunked; a body the hub does not forward (GET) with neither.
  if (!withBody || request.headers['transfer-encoding'] !== undefined) dropped.add('content-length')
  const headers: OutgoingHttpHeaders = {}
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined && !dropped.has(name)) headers[name] = value
  }
  headers['x-forwarded-for'] = request.ip
  return headers
}

function answerHeaders(reply: FastifyReply, answer: IncomingMessage): void {
  const dropped = droppedHeaders(HOP_BY_HOP, answer.headers)
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value !== undefined && !dropped.has(name)) void reply.header(name, value)
  }
}

function refuse(request: FastifyRequest, reply: FastifyReply, status: number, code: string, key: string, data: unknown = null): void {
  if (reply.sent || reply.raw.headersSent || reply.raw.destroyed) return
  void reply.code(status).send(envelope(requestLocale(request), code, key, data))
}

/** Sends the request to the target and streams its answer back; settles once the answer is under way. */
function exchange(hub: HubContext, limits: GatewayLimits, request: FastifyRequest, reply: FastifyReply, route: LiveRoute, url: URL): Promise<void> {
  return new Promise((settle) => {
    // One timer per exchange, cleared when the caller's connection is done with it.
    const stop = new AbortController()
    let callerGone = false
    const timer = setTimeout(() => stop.abort(new Error(`no complete answer within ${limits.timeoutMs} ms`)), limits.timeoutMs)
    reply.raw.on('close', () => {
      clearTimeout(timer)
      if (reply.raw.writableFinished) return
      callerGone = true
      stop.abort(new Error('the caller closed the connection'))
    })
    const body = request.body instanceof Readable ? request.body : null
    const client = url.protocol === 'https:' ? https : http
    const upstream = client.request(url, { method: request.method, headers: requestHeaders(request, body !== null), signal: stop.signal })
    let tooLarge = false
    let answering = false

    upstream.on('response', (answer) => {
      answering = true
      void reply.code(answer.statusCode ?? 502)
      answerHeaders(reply, answer)
      void reply.send(answer)
      settle()
    })
    upstream.on('error', (err) => {
      settle()
      // A caller leaving is no failure of the target, and nobody is left to answer.
      if (callerGone) return
      // Once the answer is under way its stream fails too, and Fastify cuts the caller's
      // connection: a second answer is neither possible nor needed.
      if (tooLarge) {
        if (answering) return
        // The rest of the body is still coming: closing is cheaper than reading it to discard it.
        void reply.header('connection', 'close')
        return refuse(request, reply, 413, ResultCode.tooLarge, 'msg_request_too_large')
      }
      const why = err.cause instanceof Error ? err.cause.message : err.message
      hub.log(`gateway ${route.path} → ${route.targetService} failed: ${why}`)
      if (!answering) refuse(request, reply, 502, ResultCode.systemError, 'msg_apps_gateway_target_unreachable')
    })

    if (!body) {
      upstream.end()
      return
    }
    // pipe, not pipeline: a refused body must leave the caller's socket open for the 413.
    const limit = byteLimit(limits.maxBodyBytes)
    limit.on('error', (err) => {
      tooLarge = err instanceof BodyTooLarge
      body.unpipe(limit)
      upstream.destroy(err)
    })
    body.on('error', (err) => upstream.destroy(err))
    body.pipe(limit).pipe(upstream)
  })
}

async function forward(hub: HubContext, limits: GatewayLimits, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const at = request.url.indexOf('?')
  const rawPath = at < 0 ? request.url : request.url.slice(0, at)
  const query = at < 0 ? '' : request.url.slice(at)
  const path = normaliseGatewayPath(rawPath)
  const refusePath = () =>
    refuse(request, reply, 400, ResultCode.validation, 'msg_apps_gateway_request_path_refused', validationData(requestLocale(request), [{ path: 'path', key: 'msg_apps_gateway_request_path_refused' }]))
  if (!path) return refusePath()
  const route = routeFor(liveRoutes(hub.store), path.decoded)
  if (!route) return refuse(request, reply, 404, ResultCode.notFound, 'msg_route_not_found')
  if (route.authType !== 'none') return refuse(request, reply, 200, ResultCode.forbidden, 'msg_apps_gateway_auth_unsupported')
  const declared = Number(request.headers['content-length'] ?? 0)
  if (request.body instanceof Readable && declared > limits.maxBodyBytes) {
    void reply.header('connection', 'close')
    return refuse(request, reply, 413, ResultCode.tooLarge, 'msg_request_too_large')
  }
  const url = upstreamUrl(route.targetService, path.encoded, query)
  if (!url) return refusePath()
  return exchange(hub, limits, request, reply, route, url)
}

/**
 * A Fastify plugin serving the gateway paths. Encapsulated: its catch-all body parser (the
 * request stream itself, forwarded as it comes) does not reach the hub's own JSON API.
 */
export const gatewayForwarding =
  (hub: HubContext, limits: Partial<GatewayLimits> = {}) =>
  async (app: FastifyInstance) => {
    const effective = { ...GATEWAY_LIMITS, ...limits }
    app.removeAllContentTypeParsers()
    app.addContentTypeParser('*', (_request, payload, done) => done(null, payload))
    const methods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS']
    for (const root of ['/inner', '/outer']) {
      app.route({
        method: methods,
        url: `${root}/*`,
        // Returning the reply tells Fastify the answer is on its way: it waits for the stream to
        // finish instead of sending an empty body while an onSend hook is still running.
        handler: async (request, reply) => {
          await forward(hub, effective, request, reply)
          return reply
        },
      })
    }
  }
