import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { HUB_METRICS } from '../../shared/contract/platform/metrics'
import { ResultCode } from '../../shared/envelope'
import { envelope, requestLocale } from '../http/answers'
import type { HubContext } from '../http/context'
import type { HubMetrics } from './instruments'

/** Compared as hashes: equal lengths for timingSafeEqual, and no early exit on the first difference. */
const sameSecret = (a: string, b: string) => timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest())

/** Whether the request presents `token` as its bearer token. */
function presents(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization
  const match = typeof header === 'string' ? /^Bearer\s+(.+)$/i.exec(header) : null
  // A missing header still costs one comparison, so its answer takes as long as a wrong token's.
  return sameSecret(match?.[1] ?? '', token) && match !== null
}

/**
 * GET /metrics (contract: HUB_METRICS) for monitoring systems: the metrics token instead of a
 * session (checked in constant time when the hub has one; startHub refuses to listen beyond
 * loopback without), the Prometheus text on success, a 401 envelope otherwise.
 */
export function metricsRoute(hub: HubContext, metrics: HubMetrics) {
  return async (scope: FastifyInstance) => {
    scope.get(HUB_METRICS.path, async (request, reply) => {
      const token = hub.config.metricsToken ?? null
      if (token !== null && !presents(request, token)) {
        return reply
          .code(401)
          .header('www-authenticate', `Bearer realm="${HUB_METRICS.realm}"`)
          .send(envelope(requestLocale(request), ResultCode.sessionInvalid, 'msg_metrics_token_invalid'))
      }
      const { contentType, text } = await metrics.scrape()
      return reply.code(200).type(contentType).header('cache-control', 'no-store').send(text)
    })
  }
}
