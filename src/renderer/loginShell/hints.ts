import { i18n } from '../i18n'
import { preferencesStore } from '../state/preferences'
import { sessionStore } from '../state/session'
import { writeShellHint } from './hintStorage'

/**
 * What the login shell (public/login-shell.js, same key names) needs to know before any code of
 * the console runs: whether the console was last signed in (then it shows no login form), the
 * language, the remembered username and the brand colour. Only hints: the console decides.
 */
export function rememberShellBrand(colour: string): void {
  writeShellHint('brand', colour)
}

/** Keeps the hints in step with the session, the language and the remembered username. */
export function installShellHints(): void {
  const session = () => {
    const { status } = sessionStore.get()
    if (status === 'signedIn') writeShellHint('session', '1')
    else if (status === 'signedOut') writeShellHint('session', null)
  }
  const preferences = () => {
    const { rememberedUsername, loaded } = preferencesStore.get()
    if (loaded) writeShellHint('username', rememberedUsername)
  }
  sessionStore.subscribe(session)
  preferencesStore.subscribe(preferences)
  i18n.on('languageChanged', (lng: string) => writeShellHint('locale', lng))
  session()
  preferences()
}
