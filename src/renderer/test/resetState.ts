import { cleanup } from '@testing-library/react'
import { hubReachability, setErrorDetails } from '../api/hub'
import { dropPendingToasts } from '../api/signals'
import { appInfoStore } from '../state/appInfo'
import { preferencesStore } from '../state/preferences'
import { referenceStore } from '../state/reference'
import { sessionStore } from '../state/session'
import { unreadStore } from '../shell/unread/unreadStore'
import { i18n } from '../i18n'

/** Module-level stores outlive a test: put them back, unmount, drop the fake bridge. */
export async function resetState(): Promise<void> {
  cleanup()
  delete window.desktop
  sessionStore.set({ status: 'signedOut', user: null, permissions: [], menus: [], clientRouters: [], product: null })
  appInfoStore.set({ bridge: 'unknown', info: null, bootstrapPassword: null })
  preferencesStore.set({ locale: 'zh-CN', localeChosen: false, theme: 'system', rememberedUsername: null, incidentNotifications: true, loaded: false })
  referenceStore.set({ parameters: {}, dictionaries: [], versions: {}, langSwitch: null })
  hubReachability.set({ unreachable: false, message: '' })
  unreadStore.set({ counts: {} })
  setErrorDetails(false)
  dropPendingToasts()
  localStorage.clear()
  sessionStorage.clear()
  await i18n.changeLanguage('zh-CN')
}
