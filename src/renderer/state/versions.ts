import { onDesktopEvent } from '../bridge/desktop'
import { loadDictionaries, loadParameters, loadServerMessages, referenceStore } from './reference'
import { sessionStore } from './session'

/**
 * The hub reports the versions of languages, dictionaries and parameters on every answer; the
 * main process forwards them as 'data.versions'. Refetch exactly the sets whose version differs
 * from the one the console holds (dictionaries need a session).
 */
export function watchDataVersions(): () => void {
  return onDesktopEvent('data.versions', (v) => {
    const known = referenceStore.get().versions
    if (v.lang !== known.lang) void loadServerMessages()
    if (v.param !== known.param) void loadParameters()
    if (v.dict !== known.dict && sessionStore.get().status === 'signedIn') void loadDictionaries()
  })
}
