import { updateMe, type Preference, type PreferencePatch } from '../../shared/contract/platform/session'
import type { ConsoleSettings } from '../../shared/ipc'
import { toWireLang, type Locale } from '../../shared/locale'
import { invoke } from '../bridge/desktop'
import { callHub } from '../api/hub'
import { currentLocale, showLocale } from '../i18n'
import { sessionStore, setSessionUser } from './session'
import { createStore } from './store'

export type ThemePreference = Preference['theme']

export interface PreferencesState {
  locale: Locale
  /** Someone chose the language on this machine; until then lang.locale decides (platformLocale.ts). */
  localeChosen: boolean
  theme: ThemePreference
  rememberedUsername: string | null
  /** OS notifications of new alarm incidents, shown by the main process; this machine's choice. */
  incidentNotifications: boolean
  /** settings.get answered (or failed): the login form may prefill now. */
  loaded: boolean
}

export const preferencesStore = createStore<PreferencesState>({ locale: currentLocale(), localeChosen: false, theme: 'system', rememberedUsername: null, incidentNotifications: true, loaded: false })

const saveSettings = async (patch: Partial<ConsoleSettings>): Promise<void> => {
  try {
    await invoke('settings.update', patch)
  } catch (e) {
    console.warn('[settings] update failed', e)
  }
}

/** Tell the hub too when signed in, so the choice follows the user to another machine. */
const saveUserPreference = async (preference: PreferencePatch): Promise<void> => {
  if (sessionStore.get().status !== 'signedIn') return
  const r = await callHub(updateMe, { preference }, { quiet: true })
  if (r.ok) setSessionUser(r.data)
}

/** This machine's settings: language, theme, remembered username. */
export async function loadSettings(): Promise<void> {
  try {
    const s = await invoke('settings.get', undefined)
    preferencesStore.set({
      locale: s.locale,
      localeChosen: s.localeChosen,
      theme: s.theme,
      rememberedUsername: s.rememberedUsername,
      incidentNotifications: s.incidentNotifications,
      loaded: true,
    })
    if (s.locale !== currentLocale()) await showLocale(s.locale)
  } catch {
    preferencesStore.set({ loaded: true })
  }
}

export async function setLocale(locale: Locale): Promise<void> {
  preferencesStore.set({ locale, localeChosen: true })
  await showLocale(locale)
  await Promise.all([saveSettings({ locale, localeChosen: true }), saveUserPreference({ locale: toWireLang(locale) })])
}

/**
 * The platform's default language (parameter lang.locale) while nobody chose one on this
 * machine: shown at once, remembered as this machine's language, not as a choice.
 */
export async function followPlatformLocale(locale: Locale): Promise<void> {
  // Against the stored locale, not i18n's: the store changes at once (and notifies), i18n later.
  const { localeChosen, loaded, locale: shown } = preferencesStore.get()
  if (localeChosen || !loaded || locale === shown) return
  preferencesStore.set({ locale })
  await showLocale(locale)
  await saveSettings({ locale })
}

export async function setTheme(theme: ThemePreference): Promise<void> {
  preferencesStore.set({ theme })
  await Promise.all([saveSettings({ theme }), saveUserPreference({ theme })])
}

/**
 * The user's own skin (皮肤管理): colour ('' = the platform's) and mode together, saved on the
 * hub (the session's user carries the colour, so it applies at once and on every sign-in) and
 * the mode also on this machine for the next start.
 */
export async function setUserSkin(skin: { themeColor: string; theme: ThemePreference }): Promise<boolean> {
  preferencesStore.set({ theme: skin.theme })
  if (sessionStore.get().status !== 'signedIn') return false
  const [, r] = await Promise.all([saveSettings({ theme: skin.theme }), callHub(updateMe, { preference: skin })])
  if (r.ok) setSessionUser(r.data)
  return r.ok
}

/**
 * The desktop notifications of new incidents, on or off: kept on this machine only, since they
 * are this computer's toasts (the main process reads the switch before each look at the hub).
 */
export async function setIncidentNotifications(on: boolean): Promise<void> {
  preferencesStore.set({ incidentNotifications: on })
  await saveSettings({ incidentNotifications: on })
}

export async function rememberUsername(username: string | null): Promise<void> {
  preferencesStore.set({ rememberedUsername: username })
  await saveSettings({ rememberedUsername: username })
}

/**
 * On sign-in: the theme comes from the user's preference (it cannot be chosen before sign-in);
 * the language stays the one the login view showed, since the user just saw and maybe picked
 * it there, and the user's preference is updated to match when it differs.
 */
export function installPreferenceSync(): () => void {
  let wasSignedIn = sessionStore.get().status === 'signedIn'
  return sessionStore.subscribe(() => {
    const { status, user } = sessionStore.get()
    const signedIn = status === 'signedIn' && user != null
    if (signedIn && !wasSignedIn) {
      const { theme, locale } = preferencesStore.get()
      if (user.preference.theme !== theme) {
        preferencesStore.set({ theme: user.preference.theme })
        void saveSettings({ theme: user.preference.theme })
      }
      if (user.preference.locale !== toWireLang(locale)) void saveUserPreference({ locale: toWireLang(locale) })
    }
    wasSignedIn = signedIn
  })
}
