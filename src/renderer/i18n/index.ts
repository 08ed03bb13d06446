import i18next, { type i18n as I18n, type Resource } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../shared/locale'
import { readShellHint } from '../loginShell/hintStorage'
import { catalogueLoader } from './catalogue'
import { countFormatter } from './countFormatter'
import { LOGIN_NAMESPACES, loginTexts } from './loginTexts'

/**
 * One i18next instance for the console. The login view's texts are there from the first render
 * (synchronous init), so the login view never waits for the hub or for a chunk; each locale's
 * whole catalogue follows (loadCatalogue), and the hub's own texts (`platform.i18n`) are merged
 * over them later (serverMessages.ts).
 *
 * Keys are flat (`ns:key`, no nesting), like the hub's message keys, hence keySeparator false.
 */
export const i18n: I18n = i18next.createInstance()

/** The language the login shell showed (its hint, written on every change): no switch on takeover. */
const startLocale: Locale = readShellHint('locale') === 'en' ? 'en' : DEFAULT_LOCALE

void i18n.use(initReactI18next).use(countFormatter).init({
  // A copy: i18next keeps and mutates what it is given (merges, removals); the bundle stays pristine.
  resources: structuredClone(loginTexts) as unknown as Resource,
  lng: startLocale,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  load: 'currentOnly',
  ns: [...LOGIN_NAMESPACES],
  defaultNS: 'common',
  keySeparator: false,
  // Every placeholder goes through countFormatter: a count is written with ',' groups.
  interpolation: { escapeValue: false, alwaysFormat: true },
  initAsync: false,
  // Re-render translated views when the hub's texts or a catalogue are merged in (addResourceBundle).
  react: { useSuspense: false, bindI18nStore: 'added' },
})

const applyDocumentLang = (l: string): void => {
  if (typeof document !== 'undefined') document.documentElement.lang = l
}
applyDocumentLang(startLocale)
i18n.on('languageChanged', applyDocumentLang)

export const currentLocale = (): Locale => (i18n.language === 'en' ? 'en' : 'zh-CN')

/** The whole catalogue of a locale (every namespace), loaded once. */
export const loadCatalogue: (locale: Locale) => Promise<void> = catalogueLoader(i18n)

/** What every view but the login one waits for before it renders (routing/lazyChunk.ts). */
export const catalogueShown = (): Promise<void> => loadCatalogue(currentLocale())

/**
 * Switch the language once its catalogue is there, so no view shows a key for a moment. If the
 * catalogue cannot be loaded the switch still happens: the login texts are there in both.
 */
export async function showLocale(locale: Locale): Promise<void> {
  await loadCatalogue(locale).catch((e: unknown) => console.warn('[i18n] catalogue did not load', e))
  await i18n.changeLanguage(locale)
}
// A switch made some other way: the texts follow as soon as they arrive.
i18n.on('languageChanged', (l: string) => void loadCatalogue(l === 'en' ? 'en' : 'zh-CN').catch(() => undefined))
