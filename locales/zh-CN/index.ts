/**
 * The zh-CN texts, every namespace (locales/index.ts puts both locales together). A module of
 * its own so that the console can load one locale's catalogue when it is shown, not both with
 * its first frame (src/renderer/i18n/catalogue.ts).
 */
import zhMessages from './messages.json'
import zhMessagesDatasource from './messages.datasource.json'
import zhMessagesWsdl from './messages.wsdl.json'
import zhMessagesConsumer from './messages.consumer.json'
import zhMessagesAdmin from './messages.admin.json'
import zhMessagesDesktop from './messages.desktop.json'
import zhMessagesRuntime from './messages.runtime.json'
import zhMessagesConfig from './messages.config.json'
import zhMessagesApps from './messages.apps.json'
import zhMessagesMessaging from './messages.messaging.json'
import zhMessagesUsercentre from './messages.usercentre.json'
import zhMessagesAlarms from './messages.alarms.json'
import zhMessagesDashboards from './messages.dashboards.json'
import zhMessagesSso from './messages.sso.json'
import zhMessagesPromotion from './messages.promotion.json'
import zhMessagesLogs from './messages.logs.json'
import zhMessagesApprovals from './messages.approvals.json'
import zhMessagesExchange from './messages.exchange.json'
import zhWorkflow from './workflow.json'
import zhCommon from './common.json'
import zhLogin from './login.json'
import zhShell from './shell.json'
import zhHome from './home.json'
import zhErrors from './errors.json'
import zhLicense from './license.json'
import zhWidgets from './widgets.json'
import zhTopic from './topic.json'
import zhFlow from './flow.json'
import zhVersion from './version.json'
import zhProfiles from './profiles.json'
import zhDatasource from './datasource.json'
import zhWsdl from './wsdl.json'
import zhProducer from './producer.json'
import zhConsumer from './consumer.json'
import zhMapping from './mapping.json'
import zhAdmin from './admin.json'
import zhDesktop from './desktop.json'
import zhConfig from './config.json'
import zhApps from './apps.json'
import zhMessaging from './messaging.json'
import zhUsercentre from './usercentre.json'
import zhRuntime from './runtime.json'
import zhRuns from './runs.json'
import zhAlarms from './alarms.json'
import zhDashboards from './dashboards.json'
import zhSimulate from './simulate.json'
import zhSso from './sso.json'
import zhPromotion from './promotion.json'
import zhLogs from './logs.json'

// Server messages by area, merged into the one `messages` namespace (keys must not collide).
export const zhAllMessages = {
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

export const zhCN = {
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
