import { logout } from '../../shared/contract/platform/session'
import { callHub } from '../api/hub'
import { behaviour } from '../behaviour'
import { clearSession, LOGIN_FLAG_KEY } from './session'

/**
 * Sign out: push the queued behaviour events while the session is still valid, revoke the
 * session (the main process drops the token whatever the hub answers), forget the login flag,
 * then drop the state; the route guard shows the login view.
 */
export async function signOut(options: { clearStorage?: boolean } = {}): Promise<void> {
  await behaviour.flush()
  await callHub(logout, undefined, { quiet: true })
  try {
    if (options.clearStorage) {
      localStorage.clear()
      sessionStorage.clear()
    } else localStorage.removeItem(LOGIN_FLAG_KEY)
  } catch {
    // Storage may be disabled.
  }
  clearSession()
}
