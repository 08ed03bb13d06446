import i18next, { type i18n as I18n, type Resource } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { bundledMessages, NAMESPACES } from '../../../locales'
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../shared/locale'

/**
 * One i18next instance for the console. The bundled texts are there from the first render
 * (synchronous init), so the login view never waits for the hub; the hub's own texts
 * (`platform.i18n`) are merged over them later (serverMessages.ts).
 *
 * Keys are flat (`ns:key`, no nesting), like the hub's message keys, hence keySeparator false.
 */
export const i18n: I18n = i18next.createInstance()

void i18n.use(initReactI18next).init({
  // A copy: i18next keeps and mutates what it is given (merges, removals); the bundle stays pristine.
  resources: structuredClone(bundledMessages) as unknown as Resource,
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  load: 'currentOnly',
  ns: NAMESPACES,
  defaultNS: 'common',
  keySeparator: false,
  interpolation: { escapeValue: false },
  initAsync: false,
  // Re-render translated views when the hub's texts are merged in (addResourceBundle).
  react: { useSuspense: false, bindI18nStore: 'added' },
})

const applyDocumentLang = (l: string): void => {
  if (typeof document !== 'undefined') document.documentElement.lang = l
}
applyDocumentLang(DEFAULT_LOCALE)
i18n.on('languageChanged', applyDocumentLang)

export const currentLocale = (): Locale => (i18n.language === 'en' ? 'en' : 'zh-CN')
