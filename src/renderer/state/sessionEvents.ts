import { onSignal } from '../api/signals'
import { onDesktopEvent } from '../bridge/desktop'
import { clearSession, sessionStore } from './session'

const clearLocalStorage = (): void => {
  try {
    localStorage.clear()
  } catch {
    // Storage may be disabled; nothing of the session lives there anyway.
  }
}

/**
 * Where a session ends without the user asking: a 4030 answer (spec: clear token and local
 * storage) or the main process saying the stored session ended (revoked, expired, logged out
 * elsewhere). The state is dropped in memory instead of reloading the page: the route guard then
 * shows the login view, which is what the reload achieved in the original.
 */
export function installSessionListeners(): () => void {
  const offSignal = onSignal('sessionInvalid', () => {
    if (sessionStore.get().status !== 'signedIn') return
    clearLocalStorage()
    clearSession()
  })
  const offEnded = onDesktopEvent('session.ended', () => {
    if (sessionStore.get().status === 'signedIn') clearSession()
  })
  return () => {
    offSignal()
    offEnded()
  }
}
