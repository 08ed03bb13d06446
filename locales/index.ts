/**
 * The bundled texts, one module for every runtime: the renderer's i18next resources, the hub's
 * translated messages and the i18n seed, the proxy's own messages. Each namespace is one JSON
 * file per locale; both locales carry the same keys (tests/integration/locales.test.ts).
 *
 * Server messages of an area live in messages.<area>.json and are merged into `messages`.
 * Adding a namespace: create locales/zh-CN/<ns>.json and locales/en/<ns>.json and list them in
 * locales/zh-CN/index.ts and locales/en/index.ts (one module per locale: the console loads the
 * catalogue of the language it shows, src/renderer/i18n/catalogue.ts).
 */
import { zhAllMessages, zhCN } from './zh-CN'
import { en } from './en'
import { fillPlaceholders } from './placeholders'

/**
 * The compiler checks what src/renderer/i18n/locales.test.ts checks at run time: both locales
 * list the same namespaces and, in each, the same keys. The imports themselves stay written
 * out: the hub runs under tsx and Playwright's loader too, which have no import.meta.glob.
 */
type KeysOf<T> = { [N in keyof T]: keyof T[N] }
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
const _sameKeys: Same<KeysOf<typeof zhCN>, KeysOf<typeof en>> = true

export const bundledMessages = { 'zh-CN': zhCN, en } as const

export type Namespace = keyof (typeof bundledMessages)['zh-CN']
export const NAMESPACES = Object.keys(bundledMessages['zh-CN']) as Namespace[]
export type MessageKey = keyof typeof zhAllMessages

/**
 * Sees every text handed to a reader outside React: each translated message, and each plain text
 * the hub shows as it is (`noteReaderText`). Only the test suite sets one
 * (tests/support/readerLanguage.ts: no English sentence reaches a zh-CN reader, issue 43).
 */
type ReaderTextObserver = (locale: 'zh-CN' | 'en', text: string, key: string | null) => void
let readerTextObserver: ReaderTextObserver | undefined
export const observeReaderTexts = (observer: ReaderTextObserver | undefined): void => {
  readerTextObserver = observer
}
/** A plain text (not a message key) shown to a reader of `locale` as it is. */
export const noteReaderText = (locale: 'zh-CN' | 'en', text: string): void => readerTextObserver?.(locale, text, null)

/** Translate a `messages` key with `{{name}}` parameters, outside React (hub, proxy). */
export function translateMessage(locale: 'zh-CN' | 'en', key: string, params: Record<string, string | number> = {}): string {
  const table = bundledMessages[locale].messages as Record<string, string>
  const text = table[key] ?? (bundledMessages['zh-CN'].messages as Record<string, string>)[key] ?? key
  const rendered = fillPlaceholders(text, params)
  readerTextObserver?.(locale, rendered, key)
  return rendered
}
