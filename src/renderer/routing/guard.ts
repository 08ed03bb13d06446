import type { SessionStatus } from '../state/session'

/** Spec §2: routes open without sign-in. */
export const PUBLIC_PATHS = ['/login', '/license', '/approveDetail', '/approveDetailH5', '/approveCommon', '/approveH5', '/approve'] as const
export const LOGIN_PATH = '/login'
export const LOGOUT_PATH = '/logout2'
export const HOME_PATH = '/'

export type GuardDecision = { kind: 'wait' } | { kind: 'render' } | { kind: 'redirect'; to: string }

/** Router paths match case-insensitively and ignore a trailing slash; so does the guard. */
const normalize = (pathname: string): string => {
  const p = pathname.replace(/\/+$/, '').toLowerCase()
  return p === '' ? '/' : p
}
const publicSet = new Set<string>(PUBLIC_PATHS.map((p) => p.toLowerCase()))
export const isPublicPath = (pathname: string): boolean => publicSet.has(normalize(pathname))

/**
 * The route guard as one decision (spec §2): a signed-in user visiting /login goes to /; the
 * public routes render for everyone; anyone not signed in elsewhere goes to /login (which is
 * also what the catch-all means for a signed-out visitor). /logout2 always renders: it signs out
 * itself. While the stored session is being checked nothing is decided yet.
 */
export function guardRoute(pathname: string, status: SessionStatus): GuardDecision {
  const path = normalize(pathname)
  if (path === LOGOUT_PATH) return { kind: 'render' }
  if (status === 'checking') return { kind: 'wait' }
  if (path === LOGIN_PATH) return status === 'signedIn' ? { kind: 'redirect', to: HOME_PATH } : { kind: 'render' }
  if (publicSet.has(path)) return { kind: 'render' }
  return status === 'signedIn' ? { kind: 'render' } : { kind: 'redirect', to: LOGIN_PATH }
}
