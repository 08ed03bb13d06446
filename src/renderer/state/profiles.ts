import type { HubProfile, ProfileOutcome } from '../../shared/ipc'
import { invoke } from '../bridge/desktop'
import { loadAppInfo } from './appInfo'
import { loadParameters, loadServerMessages } from './reference'
import { clearSession, sessionStore } from './session'
import { signOut } from './signOut'

/**
 * Switch to another hub. While signed in, sign out properly first (the hub revokes the session
 * and queued behaviour events go out); the main process then drops the old token whatever
 * happened. Afterwards the console shows the new hub's login view with its parameters.
 */
export async function switchProfile(id: string): Promise<ProfileOutcome<HubProfile>> {
  if (sessionStore.get().status === 'signedIn') await signOut()
  const r = await invoke('profiles.switch', { id })
  if (!r.ok) return r
  clearSession()
  await loadAppInfo()
  void loadParameters()
  void loadServerMessages()
  return r
}
