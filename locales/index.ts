/**
 * The bundled texts, one module for every runtime: the renderer's i18next resources, the hub's
 * translated messages and the i18n seed, the proxy's own messages. Each namespace is one JSON
 * file per locale; both locales carry the same keys (tests/integration/locales.test.ts).
 *
 * Adding a namespace: create locales/zh-CN/<ns>.json and locales/en/<ns>.json and list them here.
 */
import zhMessages from './zh-CN/messages.json'
import enMessages from './en/messages.json'

export const bundledMessages = {
  'zh-CN': {
    messages: zhMessages,
  },
  en: {
    messages: enMessages,
  },
} as const

export type Namespace = keyof (typeof bundledMessages)['zh-CN']
export const NAMESPACES = Object.keys(bundledMessages['zh-CN']) as Namespace[]
export type MessageKey = keyof typeof zhMessages

/** Translate a `messages` key with `{{name}}` parameters, outside React (hub, proxy). */
export function translateMessage(locale: 'zh-CN' | 'en', key: string, params: Record<string, string | number> = {}): string {
  const table = bundledMessages[locale].messages as Record<string, string>
  const text = table[key] ?? (bundledMessages['zh-CN'].messages as Record<string, string>)[key] ?? key
  return text.replace(/\{\{(\w+)\}\}/g, (_, n: string) => String(params[n] ?? ''))
}
