import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ResultCode } from '../../../shared/envelope'
import { envelope, requestLocale } from '../../http/answers'
import type { HubContext } from '../../http/context'
import { liveRoutes, type LiveRoute } from './routeTable'

/**
 * The gateway itself (the stretch of spec part 2 §7 "GET /refreshRoute"): a request under
 * /inner or /outer whose path matches a live route goes to that route's target service, with
 * the same method, path, query, headers (less the hop-by-hop ones) and body; the answer comes
 * back as the target gave it. Choices of ours, the spec showing none:
 * - the path is forwarded unchanged, appended to the target's own path
 *   (target http://svc:8080/api, request /inner/user/1 → http://svc:8080/api/inner/user/1);
 * - '**' matches the rest of the path, '*' and '{name}' one segment; the longest route wins;
 * - routes whose auth type is not 'none' are refused (4031): this hub cannot check static or
 *   parsed tokens yet, and forwarding them unchecked would open what the administrator closed;
 * - an unreachable or slow target (spec HTTP timeout, 180 s) answers HTTP 502 with '5000'.
 */
const TIMEOUT_MS = 180_000
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'host', 'content-length'])
// fetch hands back the decoded body: its original encoding and length no longer apply.
const DROPPED_FROM_ANSWER = new Set([...HOP_BY_HOP, 'content-encoding'])

/** Whether a route path pattern takes this request path. */
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

async function forward(hub: HubContext, request: FastifyRequest, reply: FastifyReply) {
  const locale = requestLocale(request)
  const path = request.url.split('?')[0] ?? ''
  const route = routeFor(liveRoutes(hub.store), path)
  if (!route) return reply.code(404).send(envelope(locale, ResultCode.notFound, 'msg_route_not_found'))
  if (route.authType !== 'none') return reply.code(200).send(envelope(locale, ResultCode.forbidden, 'msg_apps_gateway_auth_unsupported'))
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue
    headers.set(name, Array.isArray(value) ? value.join(', ') : value)
  }
  headers.set('x-forwarded-for', request.ip)
  const body = request.body instanceof Buffer && request.method !== 'GET' && request.method !== 'HEAD' ? request.body : undefined
  let answer: Response
  try {
    answer = await fetch(targetUrl(route.targetService, request.url), {
      method: request.method,
      headers,
      ...(body ? { body } : {}),
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
  } catch (err) {
    hub.log(`gateway ${route.path} → ${route.targetService} failed: ${err instanceof Error ? err.message : String(err)}`)
    return reply.code(502).send(envelope(locale, ResultCode.systemError, 'msg_apps_gateway_target_unreachable'))
  }
  reply.code(answer.status)
  answer.headers.forEach((value, name) => {
    if (!DROPPED_FROM_ANSWER.has(name)) void reply.header(name, value)
  })
  return reply.send(Buffer.from(await answer.arrayBuffer()))
}

/**
 * A Fastify plugin serving the gateway paths. Encapsulated: its catch-all body parser (bytes,
 * forwarded as they came) does not reach the hub's own JSON API.
 */
export const gatewayForwarding = (hub: HubContext) => async (app: FastifyInstance) => {
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))
  const methods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS']
  for (const root of ['/inner', '/outer']) {
    app.route({ method: methods, url: `${root}/*`, handler: (request, reply) => forward(hub, request, reply) })
  }
}
