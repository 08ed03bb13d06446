import { i18n } from '../i18n'
import { preferencesStore } from '../state/preferences'
import { sessionStore } from '../state/session'

/**
 * What the login shell (public/login-shell.js, same key names) needs to know before any code of
 * the console runs: whether the console was last signed in (then it shows no login form), the
 * language, the remembered username and the brand colour. Only hints: the console decides.
 */
const KEY = (name: 'session' | 'locale' | 'username' | 'brand') => `dh.shell.${name}`

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key)
    else window.localStorage.setItem(key, value)
  } catch {
    // Storage may be unavailable (private mode, quota): the shell then uses its defaults.
  }
}

export function rememberShellBrand(colour: string): void {
  write(KEY('brand'), colour)
}

/** Keeps the hints in step with the session, the language and the remembered username. */
export function installShellHints(): void {
  const session = () => {
    const { status } = sessionStore.get()
    if (status === 'signedIn') write(KEY('session'), '1')
    else if (status === 'signedOut') write(KEY('session'), null)
  }
  const preferences = () => {
    const { rememberedUsername, loaded } = preferencesStore.get()
    if (loaded) write(KEY('username'), rememberedUsername)
  }
  sessionStore.subscribe(session)
  preferencesStore.subscribe(preferences)
  i18n.on('languageChanged', (lng: string) => write(KEY('locale'), lng))
  session()
  preferences()
}
