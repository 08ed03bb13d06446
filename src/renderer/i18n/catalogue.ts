import type { i18n as I18n } from 'i18next'
import type { Locale } from '../../shared/locale'
import { loadChunk } from '../routing/loadChunk'
import type { TextTables } from './loginTexts'

/** Each locale's whole catalogue is a chunk of its own (locales/<locale>/index.ts). */
const chunks: Record<Locale, () => Promise<TextTables>> = {
  'zh-CN': () => import('../../../locales/zh-CN').then((m) => m.zhCN),
  en: () => import('../../../locales/en').then((m) => m.en),
}

/**
 * Adds a catalogue under what i18next already holds: the login texts are the same, and the
 * hub's texts (platform.i18n, serverMessages.ts), which may have been merged before the
 * catalogue arrived, keep winning over the bundled ones. One re-render for the lot, not one per
 * namespace (react: bindI18nStore 'added').
 */
export function addCatalogue(i18n: I18n, locale: Locale, tables: TextTables): void {
  const entries = Object.entries(tables)
  entries.forEach(([ns, table], i) => i18n.addResourceBundle(locale, ns, table, true, false, { silent: i < entries.length - 1, skipCopy: false }))
}

/**
 * The catalogue of `locale`, loaded once into `i18n`. A failed load is forgotten, so the next
 * view that needs it asks again (and fails as a ChunkLoadError, which the error boundary shows).
 */
export function catalogueLoader(i18n: I18n, load: Record<Locale, () => Promise<TextTables>> = chunks): (locale: Locale) => Promise<void> {
  const loading = new Map<Locale, Promise<void>>()
  return (locale) => {
    let done = loading.get(locale)
    if (!done) {
      done = loadChunk(load[locale]).then((tables) => addCatalogue(i18n, locale, tables))
      loading.set(locale, done)
      done.catch(() => loading.delete(locale))
    }
    return done
  }
}
