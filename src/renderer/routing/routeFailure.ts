import { trackError } from '../behaviour'

/** Set for one reload: if the routes fail again right after it, stop instead of looping. */
const RELOAD_GUARD_KEY = 'dh.routeReload'

/**
 * Spec: on route build failure local storage is cleared and the page reloads. A second failure
 * straight after that reload means the menu data itself is broken; reloading again would loop
 * forever, so then the caller shows an error instead ('gave-up').
 */
export function recoverFromRouteFailure(error: unknown): 'reloading' | 'gave-up' {
  console.error('[routes] building the menu routes failed', error)
  trackError('route build failed', error)
  try {
    if (sessionStorage.getItem(RELOAD_GUARD_KEY)) return 'gave-up'
    sessionStorage.setItem(RELOAD_GUARD_KEY, '1')
    localStorage.clear()
  } catch {
    return 'gave-up'
  }
  location.reload()
  return 'reloading'
}

/** Routes built fine: a later failure may reload again. */
export const routesBuilt = (): void => {
  try {
    sessionStorage.removeItem(RELOAD_GUARD_KEY)
  } catch {
    // Storage may be disabled.
  }
}
