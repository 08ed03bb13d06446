import { installErrorCapture } from './behaviour/errorCapture'
import { installShellHints } from './loginShell/hints'
import { installMenuLanguage } from './shell/menuLanguage'
import { loadAppInfo } from './state/appInfo'
import { installPreferenceSync, loadSettings } from './state/preferences'
import { installPlatformLocale } from './state/platformLocale'
import { startReferenceData } from './state/referenceStart'
import { detectSession } from './state/session'
import { installSessionListeners } from './state/sessionEvents'
import { watchDataVersions } from './state/versions'

/**
 * Start-up, without waiting for any of it before the first render: the login view renders with
 * the bundled texts at once and picks up settings, the hub's texts and parameters as they come.
 * Start-up failures are only logged (spec §7).
 */
export function startConsole(): void {
  installErrorCapture()
  installSessionListeners()
  installPreferenceSync()
  installPlatformLocale()
  installShellHints()
  // The application menu's language choice, on the login view as well as in the shell.
  installMenuLanguage()
  watchDataVersions()
  void loadSettings()
  void loadAppInfo()
  startReferenceData()
  void detectSession()
}
