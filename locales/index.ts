/**
 * The bundled texts, one module for every runtime: the renderer's i18next resources, the hub's
 * translated messages and the i18n seed, the proxy's own messages. Each namespace is one JSON
 * file per locale; both locales carry the same keys (tests/integration/locales.test.ts).
 *
 * Adding a namespace: create locales/zh-CN/<ns>.json and locales/en/<ns>.json and list them here.
 */
import zhMessages from './zh-CN/messages.json'
import enMessages from './en/messages.json'
// Renderer namespaces (the console's own texts).
import zhCommon from './zh-CN/common.json'
import enCommon from './en/common.json'
import zhLogin from './zh-CN/login.json'
import enLogin from './en/login.json'
import zhShell from './zh-CN/shell.json'
import enShell from './en/shell.json'
import zhHome from './zh-CN/home.json'
import enHome from './en/home.json'
import zhErrors from './zh-CN/errors.json'
import enErrors from './en/errors.json'
import zhLicense from './zh-CN/license.json'
import enLicense from './en/license.json'
import zhWidgets from './zh-CN/widgets.json'
import enWidgets from './en/widgets.json'
import zhTopic from './zh-CN/topic.json'
import enTopic from './en/topic.json'
import zhFlow from './zh-CN/flow.json'
import enFlow from './en/flow.json'
import zhVersion from './zh-CN/version.json'
import enVersion from './en/version.json'
import zhProfiles from './zh-CN/profiles.json'
import enProfiles from './en/profiles.json'

export const bundledMessages = {
  'zh-CN': {
    messages: zhMessages,
    common: zhCommon,
    login: zhLogin,
    shell: zhShell,
    home: zhHome,
    errors: zhErrors,
    license: zhLicense,
    widgets: zhWidgets,
    topic: zhTopic,
    flow: zhFlow,
    version: zhVersion,
    profiles: zhProfiles,
  },
  en: {
    messages: enMessages,
    common: enCommon,
    login: enLogin,
    shell: enShell,
    home: enHome,
    errors: enErrors,
    license: enLicense,
    widgets: enWidgets,
    topic: enTopic,
    flow: enFlow,
    version: enVersion,
    profiles: enProfiles,
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
