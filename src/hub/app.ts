import { basename } from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { allEndpoints } from '../shared/contract'
import type { Endpoint } from '../shared/endpoint'
import { hubAccess } from './access'
import { dummyPasswordHash } from './auth/passwords'
import type { HubConfig } from './config'
import type { HubContext, Route } from './http/context'
import { clientErrorHandler } from './http/clientErrors'
import { installDataVersionHeaders } from './http/dataVersionHeaders'
import { frameworkErrors, installErrorHandlers } from './http/errors'
import { installJsonBodyParser } from './http/jsonBody'
import { registerEndpoint } from './http/registerEndpoint'
import { installSecurityHeaders } from './http/securityHeaders'
import { readinessRoute, type RuntimeState } from './http/readiness'
import type { HubMetrics } from './metrics/instruments'
import { metricsRoute } from './metrics/route'
import { hubAudit } from './logs/auditTrail'
import type { LogWrite } from './kernel/logOutput'
import { systemLogSink } from './logs/systemLog'
import { approvalPages } from './approvals/mail/page'
import { subscribeAlarms } from './alarms/subscribe'
import { registerAlarmKinds } from './alarms/send/notice'
import { registerApprovalMailKind } from './approvals/mail/outboxKind'
import { createEventBus } from './kernel/events'
import { createJobsRunner } from './kernel/jobs'
import { createOutboxKinds } from './kernel/outboxKinds'
import type { RuntimeEvents } from './runtime/events'
import type { HubOutboxKinds } from './runtime/report/outboxKind'
import { registerReportKinds } from './runtime/report/reportKinds'
import { gatewayForwarding } from './platform/apps/forward'
import { onWorkerLost } from './threads/pool'
import { routes } from './routes'
import { serverApiWsService } from './runtime/accept/serverApiWs/service'
import type { Store } from './store'

/** Large enough for a full behaviour batch (100 events of up to ~12 KB); uploads come later. */
const BODY_LIMIT = 2 * 1024 * 1024

export interface BuildHubOptions {
  store: Store
  config: HubConfig
  /** Where failures with their reference ids go (with their event: logs/logOutput.ts); stderr by default. */
  log?: LogWrite
  /** The hub's metrics (startHub makes them when HUB_METRICS is on): the runtime reports to them, GET /metrics shows them. */
  metrics?: HubMetrics
  /** The exchange runtime's state, which startHub keeps up to date for GET /api/ready. */
  runtime?: RuntimeState
}

/**
 * What every handler of this hub shares: the store, the settings, the access and audit
 * policies, the log, whose every line also goes into the system log (logs/systemLog.ts), and
 * the hub's own event bus, outbox kinds and jobs runner (started only by startHub).
 */
export function hubContext(options: BuildHubOptions): HubContext {
  const events = createEventBus<RuntimeEvents>()
  // The alarms listen to the runtime's events (alarms/subscribe.ts): composed here, where the hub is.
  subscribeAlarms(events)
  // Each area says how its notices go out; the runtime's outbox sender only looks them up.
  const outbox: HubOutboxKinds = createOutboxKinds()
  registerReportKinds(outbox)
  registerAlarmKinds(outbox)
  registerApprovalMailKind(outbox)
  const log = systemLogSink(() => options.store.db, options.log ?? ((line) => process.stderr.write(`${line}\n`)))
  return {
    events,
    outbox,
    jobs: createJobsRunner(log),
    store: options.store,
    config: options.config,
    startedAt: Date.now(),
    log,
    access: hubAccess,
    ...(options.metrics ? { metrics: options.metrics } : {}),
    ...(options.runtime ? { runtime: options.runtime } : {}),
    audit: hubAudit,
  }
}

/** The hub's HTTP application over an open store, ready for `inject` or `listen`. */
export async function buildHub(options: BuildHubOptions): Promise<FastifyInstance> {
  return serveHub(hubContext(options))
}

/** The HTTP application of a hub context made beforehand, for a caller that hands it to more than the routes (startHub). */
export async function serveHub(hub: HubContext): Promise<FastifyInstance> {
  // Made now, so the first sign-in of an unknown user costs no more than the later ones.
  await dummyPasswordHash()
  return serveEndpoints(hub, allEndpoints, routes)
}

/**
 * Serves `endpoints`, each through its route; refuses to start when one has no route, so the
 * contract and the server cannot drift apart silently.
 */
export async function serveEndpoints(hub: HubContext, endpoints: readonly Endpoint[], available: readonly Route[]): Promise<FastifyInstance> {
  const app = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT,
    // Fastify would answer 503 while closing; the hub never answers 5xx (connections close instead).
    return503OnClosing: false,
    forceCloseConnections: true,
    frameworkErrors,
    // Requests Node's parser refuses (e.g. a 1 MB query string) answer an envelope too.
    clientErrorHandler,
    // Behind named reverse proxies only: request.ip is then the client X-Forwarded-For names.
    trustProxy: hub.config.trustedProxies && hub.config.trustedProxies.length > 0 ? [...hub.config.trustedProxies] : false,
  })
  installJsonBodyParser(app)
  installErrorHandlers(app, hub)
  installDataVersionHeaders(app, hub)
  installSecurityHeaders(app)
  const byId = new Map(available.map((r) => [r.endpoint.id, r]))
  for (const endpoint of endpoints) {
    const route = byId.get(endpoint.id)
    if (!route) throw new Error(`no handler for the contract's endpoint ${endpoint.id}`)
    registerEndpoint(app, hub, route)
  }
  // Ingress as a web service (serverApiWS producers), at the root like the spec's address.
  await app.register(serverApiWsService(hub))
  // The approval mails' page (/approve, /approveH5), reachable without signing in.
  await app.register(approvalPages(hub))
  // The gateway: /inner/** and /outer/** requests matching a live route go to its target service.
  await app.register(gatewayForwarding(hub))
  // For monitoring systems, at the root where scrapers look; only on a hub that measures.
  if (hub.metrics) await app.register(metricsRoute(hub, hub.metrics))
  // For load balancers: whether this node should get traffic now (HTTP 200 or 503).
  await app.register(readinessRoute(hub))
  // A worker thread lost and replaced is a warning of this hub's system log.
  const unsubscribe = onWorkerLost((loss) => hub.log(`[threads] a worker of ${basename(loss.entry)} was replaced (${loss.reason}): ${loss.detail}`))
  app.addHook('onClose', async () => unsubscribe())
  await app.ready()
  return app
}
