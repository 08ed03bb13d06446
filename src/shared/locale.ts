/**
 * The spec names the locales 'cn' (default) and 'en' on the wire (lang.locale parameter,
 * language types); i18next and the locale folders use BCP 47 tags. One map between them.
 */
export const LOCALES = ['zh-CN', 'en'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'zh-CN'

export type WireLang = 'cn' | 'en'
export const toWireLang = (l: Locale): WireLang => (l === 'en' ? 'en' : 'cn')
export const fromWireLang = (l: string | undefined | null): Locale =>
  l === 'en' || l?.toLowerCase().startsWith('en') ? 'en' : 'zh-CN'

/** Pick the locale from an Accept-Language header (hub side). */
export const localeFromAcceptLanguage = (header: string | undefined): Locale => {
  if (!header) return DEFAULT_LOCALE
  const first = header.split(',')[0]?.trim().toLowerCase() ?? ''
  return first.startsWith('en') ? 'en' : 'zh-CN'
}
