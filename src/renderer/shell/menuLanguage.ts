import { onDesktopEvent } from '../bridge/desktop'
import { currentLocale } from '../i18n'
import { setLocale } from '../state/preferences'

/**
 * The application menu's language switch (main process, 'locale.changed'): the console takes
 * the language the same way as from its own switch, so the user's hub preference follows too.
 */
export function installMenuLanguage(): () => void {
  return onDesktopEvent('locale.changed', ({ locale }) => {
    if (locale !== currentLocale()) void setLocale(locale)
  })
}
