/**
 * The en texts, every namespace (locales/index.ts puts both locales together). A module of
 * its own so that the console can load one locale's catalogue when it is shown, not both with
 * its first frame (src/renderer/i18n/catalogue.ts).
 */
import enMessages from './messages.json'
import enMessagesDatasource from './messages.datasource.json'
import enMessagesWsdl from './messages.wsdl.json'
import enMessagesConsumer from './messages.consumer.json'
import enMessagesAdmin from './messages.admin.json'
import enMessagesDesktop from './messages.desktop.json'
import enMessagesRuntime from './messages.runtime.json'
import enMessagesConfig from './messages.config.json'
import enMessagesApps from './messages.apps.json'
import enMessagesMessaging from './messages.messaging.json'
import enMessagesUsercentre from './messages.usercentre.json'
import enMessagesAlarms from './messages.alarms.json'
import enMessagesDashboards from './messages.dashboards.json'
import enMessagesSso from './messages.sso.json'
import enMessagesPromotion from './messages.promotion.json'
import enMessagesLogs from './messages.logs.json'
import enMessagesApprovals from './messages.approvals.json'
import enMessagesExchange from './messages.exchange.json'
import enWorkflow from './workflow.json'
import enCommon from './common.json'
import enLogin from './login.json'
import enShell from './shell.json'
import enHome from './home.json'
import enErrors from './errors.json'
import enLicense from './license.json'
import enWidgets from './widgets.json'
import enTopic from './topic.json'
import enFlow from './flow.json'
import enVersion from './version.json'
import enProfiles from './profiles.json'
import enDatasource from './datasource.json'
import enWsdl from './wsdl.json'
import enProducer from './producer.json'
import enConsumer from './consumer.json'
import enMapping from './mapping.json'
import enAdmin from './admin.json'
import enDesktop from './desktop.json'
import enConfig from './config.json'
import enApps from './apps.json'
import enMessaging from './messaging.json'
import enUsercentre from './usercentre.json'
import enRuntime from './runtime.json'
import enRuns from './runs.json'
import enAlarms from './alarms.json'
import enDashboards from './dashboards.json'
import enSimulate from './simulate.json'
import enSso from './sso.json'
import enPromotion from './promotion.json'
import enLogs from './logs.json'

// Server messages by area, merged into the one `messages` namespace (keys must not collide).
export const enAllMessages = {
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

export const en = {
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
