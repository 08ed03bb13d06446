/**
 * The hub's metrics for monitoring systems (Prometheus and whatever reads its text format). No
 * JSON endpoint of the contract: no envelope on success, no /api prefix, not called by the
 * console and not behind a session or RBAC; the proxy does not forward it. Declared here as the
 * names a scrape uses, as the serverApiWS service is (datahub/serverApiWs.ts).
 *
 * GET HUB_METRICS.path answers the Prometheus text exposition format (version 0.0.4) when the
 * hub runs with HUB_METRICS on, and 404 (msg_route_not_found) otherwise. When the hub has a
 * metrics token (required when it listens beyond loopback), the scrape presents it as
 * `Authorization: Bearer <token>`; without it, or with another, the answer is HTTP 401 with the
 * house's envelope (code '4030', msg_metrics_token_invalid) and a WWW-Authenticate challenge.
 */
export const HUB_METRICS = {
  path: '/metrics',
  /** The realm of the 401's WWW-Authenticate: Bearer challenge. */
  realm: 'datahub-metrics',
} as const

/** Every metric the hub defines starts with this (process metrics keep prom-client's names). */
export const METRIC_PREFIX = 'datahub_'
