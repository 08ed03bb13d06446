/**
 * The bundled texts, one module for every runtime: the renderer's i18next resources, the hub's
 * translated messages and the i18n seed, the proxy's own messages. Each namespace is one JSON
 * file per locale; both locales carry the same keys (tests/integration/locales.test.ts).
 *
 * Server messages of an area live in messages.<area>.json and are merged into `messages`.
 * Adding a namespace: create locales/zh-CN/<ns>.json and locales/en/<ns>.json and list them here.
 */
import zhMessages from './zh-CN/messages.json'
import enMessages from './en/messages.json'
// Server messages by area, merged into the one `messages` namespace (keys must not collide).
import zhMessagesDatasource from './zh-CN/messages.datasource.json'
import enMessagesDatasource from './en/messages.datasource.json'
import zhMessagesWsdl from './zh-CN/messages.wsdl.json'
import enMessagesWsdl from './en/messages.wsdl.json'
import zhMessagesConsumer from './zh-CN/messages.consumer.json'
import enMessagesConsumer from './en/messages.consumer.json'
import zhMessagesAdmin from './zh-CN/messages.admin.json'
import enMessagesAdmin from './en/messages.admin.json'
import zhMessagesDesktop from './zh-CN/messages.desktop.json'
import enMessagesDesktop from './en/messages.desktop.json'
import zhMessagesRuntime from './zh-CN/messages.runtime.json'
import enMessagesRuntime from './en/messages.runtime.json'
import zhMessagesConfig from './zh-CN/messages.config.json'
import enMessagesConfig from './en/messages.config.json'
import zhMessagesApps from './zh-CN/messages.apps.json'
import enMessagesApps from './en/messages.apps.json'
import zhMessagesMessaging from './zh-CN/messages.messaging.json'
import enMessagesMessaging from './en/messages.messaging.json'
import zhMessagesUsercentre from './zh-CN/messages.usercentre.json'
import enMessagesUsercentre from './en/messages.usercentre.json'
import zhMessagesAlarms from './zh-CN/messages.alarms.json'
import enMessagesAlarms from './en/messages.alarms.json'
import zhMessagesDashboards from './zh-CN/messages.dashboards.json'
import enMessagesDashboards from './en/messages.dashboards.json'
import zhMessagesSso from './zh-CN/messages.sso.json'
import enMessagesSso from './en/messages.sso.json'
import zhMessagesPromotion from './zh-CN/messages.promotion.json'
import enMessagesPromotion from './en/messages.promotion.json'
import zhMessagesLogs from './zh-CN/messages.logs.json'
import enMessagesLogs from './en/messages.logs.json'
import zhMessagesApprovals from './zh-CN/messages.approvals.json'
import enMessagesApprovals from './en/messages.approvals.json'
import zhMessagesExchange from './zh-CN/messages.exchange.json'
import enMessagesExchange from './en/messages.exchange.json'
// Renderer namespaces (the console's own texts).
import zhWorkflow from './zh-CN/workflow.json'
import enWorkflow from './en/workflow.json'
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
import zhDatasource from './zh-CN/datasource.json'
import enDatasource from './en/datasource.json'
import zhWsdl from './zh-CN/wsdl.json'
import enWsdl from './en/wsdl.json'
import zhProducer from './zh-CN/producer.json'
import enProducer from './en/producer.json'
import zhConsumer from './zh-CN/consumer.json'
import enConsumer from './en/consumer.json'
import zhMapping from './zh-CN/mapping.json'
import enMapping from './en/mapping.json'
import zhAdmin from './zh-CN/admin.json'
import enAdmin from './en/admin.json'
import zhDesktop from './zh-CN/desktop.json'
import enDesktop from './en/desktop.json'
import zhConfig from './zh-CN/config.json'
import enConfig from './en/config.json'
import zhApps from './zh-CN/apps.json'
import enApps from './en/apps.json'
import zhMessaging from './zh-CN/messaging.json'
import enMessaging from './en/messaging.json'
import zhUsercentre from './zh-CN/usercentre.json'
import enUsercentre from './en/usercentre.json'
import zhRuntime from './zh-CN/runtime.json'
import enRuntime from './en/runtime.json'
import zhRuns from './zh-CN/runs.json'
import enRuns from './en/runs.json'
import zhAlarms from './zh-CN/alarms.json'
import enAlarms from './en/alarms.json'
import zhDashboards from './zh-CN/dashboards.json'
import enDashboards from './en/dashboards.json'
import zhSimulate from './zh-CN/simulate.json'
import enSimulate from './en/simulate.json'
import zhSso from './zh-CN/sso.json'
import enSso from './en/sso.json'
import zhPromotion from './zh-CN/promotion.json'
import enPromotion from './en/promotion.json'
import zhLogs from './zh-CN/logs.json'
import enLogs from './en/logs.json'

const zhAllMessages = {
  ...zhMessages,
  ...zhMessagesDatasource,
  ...zhMessagesWsdl,
  ...zhMessagesConsumer,
  ...zhMessagesAdmin,
  ...zhMessagesDesktop,
  ...zhMessagesRuntime,
  ...zhMessagesConfig,
  ...zhMessagesApps,
  ...zhMessagesMessaging,
  ...zhMessagesUsercentre,
  ...zhMessagesAlarms,
  ...zhMessagesDashboards,
  ...zhMessagesSso,
  ...zhMessagesPromotion,
  ...zhMessagesLogs,
  ...zhMessagesApprovals,
  ...zhMessagesExchange,
}
const enAllMessages = {
  ...enMessages,
  ...enMessagesDatasource,
  ...enMessagesWsdl,
  ...enMessagesConsumer,
  ...enMessagesAdmin,
  ...enMessagesDesktop,
  ...enMessagesRuntime,
  ...enMessagesConfig,
  ...enMessagesApps,
  ...enMessagesMessaging,
  ...enMessagesUsercentre,
  ...enMessagesAlarms,
  ...enMessagesDashboards,
  ...enMessagesSso,
  ...enMessagesPromotion,
  ...enMessagesLogs,
  ...enMessagesApprovals,
  ...enMessagesExchange,
}

const zhCN = {
  messages: zhAllMessages,
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
  datasource: zhDatasource,
  wsdl: zhWsdl,
  producer: zhProducer,
  consumer: zhConsumer,
  mapping: zhMapping,
  admin: zhAdmin,
  desktop: zhDesktop,
  config: zhConfig,
  apps: zhApps,
  messaging: zhMessaging,
  usercentre: zhUsercentre,
  runtime: zhRuntime,
  runs: zhRuns,
  alarms: zhAlarms,
  dashboards: zhDashboards,
  simulate: zhSimulate,
  sso: zhSso,
  promotion: zhPromotion,
  logs: zhLogs,
  workflow: zhWorkflow,
}
const en = {
  messages: enAllMessages,
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
  datasource: enDatasource,
  wsdl: enWsdl,
  producer: enProducer,
  consumer: enConsumer,
  mapping: enMapping,
  admin: enAdmin,
  desktop: enDesktop,
  config: enConfig,
  apps: enApps,
  messaging: enMessaging,
  usercentre: enUsercentre,
  runtime: enRuntime,
  runs: enRuns,
  alarms: enAlarms,
  dashboards: enDashboards,
  simulate: enSimulate,
  sso: enSso,
  promotion: enPromotion,
  logs: enLogs,
  workflow: enWorkflow,
}

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
  const rendered = text.replace(/\{\{(\w+)\}\}/g, (_, n: string) => String(params[n] ?? ''))
  readerTextObserver?.(locale, rendered, key)
  return rendered
}
