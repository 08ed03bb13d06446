import { EXTERNAL_ROOT, INTERNAL_ROOT } from './gateway'
import { underPrefix } from './common'

/**
 * Which gateway routes serve an application's API, and what path a caller uses (spec part 1 §4
 * "choosing code '0' fetches an internal API path, '1' an external one"; the spec does not say how
 * a route belongs to an application). Ours: an application's route path names the segment it is
 * served under at the gateway, the same for both kinds — route path '/crm' means internal routes
 * under /inner/crm and external routes under /outer/crm. An application without a route path is
 * served under its code (/inner/<code>). A route's target service says where the gateway forwards,
 * not whose API it is (one service may host several applications), so it is not used.
 */

/** Spec part 1 §9 pf_application_type: '0' internal, '1' external. */
export const APP_TYPE_INTERNAL = '0'
export const APP_TYPE_EXTERNAL = '1'
export const API_PATH_TYPES = [APP_TYPE_INTERNAL, APP_TYPE_EXTERNAL] as const
export type ApiPathType = (typeof API_PATH_TYPES)[number]

/** Where the application's routes of that kind lie: '/inner/crm'. */
export function applicationGatewayBase(app: { code: string; routePath: string }, type: ApiPathType): string {
  const root = type === APP_TYPE_INTERNAL ? INTERNAL_ROOT : EXTERNAL_ROOT
  const segment = (app.routePath.trim() || `/${app.code}`).replace(/\/+$/, '')
  return `${root}${segment.startsWith('/') ? segment : `/${segment}`}`
}

const WILDCARD = /^(\*\*?|\{\w*\})$/

/**
 * The concrete path a caller uses for a route: its path up to the first wildcard segment
 * ('/inner/crm/**' → '/inner/crm', '/inner/crm/{id}/x' → '/inner/crm').
 */
export function concreteRoutePath(path: string): string {
  const kept: string[] = []
  for (const part of path.split('/').filter(Boolean)) {
    if (WILDCARD.test(part)) break
    kept.push(part)
  }
  return `/${kept.join('/')}`
}

/**
 * The API path of an application among route paths of one kind: the concrete path of the routes
 * under its base; when several are, the shortest (the most general), then the first by name.
 * '' when none is.
 */
export function applicationApiPath(base: string, routePaths: readonly string[]): string {
  const paths = routePaths.map(concreteRoutePath).filter((p) => underPrefix(p, base))
  paths.sort((a, b) => a.length - b.length || a.localeCompare(b))
  return paths[0] ?? ''
}
