import { type ComponentType, type LazyExoticComponent } from 'react'
import { lazyChunk } from '../routing/lazyChunk'
import type { Loader, PageProps } from './pageTypes'
import { filteredList, list, listOrTree, tree } from './resourceLoaders'

/**
 * Every page of the console by registry folder and page key (spec: "the page component is
 * resolved per application code, with platform pages under common"). The folder is the menu
 * item's appCode ('common' for the platform), the key its `component` normalised by
 * routing/menuRoutes.ts#pageKey (lower case); the hub's seeded menus name these keys. Every page
 * is its own lazy chunk. An entry is a page module (`() => import('./…Page')`) or, for a screen
 * that is only a resource definition (admin/resource.ts), the definition it names, rendered by a
 * generic page (resourceLoaders.ts).
 */

// The application filter above the modules, APIs and groups, and the gateways' refresh button.
const byApplication = () => import('./platform/apps/AppFilter').then((m) => m.AppFilter)
const refreshRoutes = () => import('./platform/apps/RefreshRoutesButton').then((m) => m.RefreshRoutesButton)

const loaders: Record<string, Record<string, Loader>> = {
  common: {
    // The hub's seeded home route is named 'Home'; keys are matched case-insensitively.
    home: () => import('./home/HomePage'),

    // People and menus (seeded menus 'platform.people' / 'platform.menu').
    rolelist: () => import('./platform/role/RoleListPage'),
    roleresauthlist: () => import('./platform/role/RoleResAuthPage'),
    userlist: () => import('./platform/user/UserListPage'),
    positionlist: listOrTree(
      () => import('./platform/position/positionResource').then((m) => m.positionResource),
      () => import('./platform/position/positionResource').then((m) => m.positionTreeTable),
    ),
    orglist: () => import('./platform/org/OrgListPage'),
    menulist: tree(() => import('./platform/menu/menuResource').then((m) => m.menuTree)),
    // 证书管理: the same licence content as the public /license page.
    licenselist: () => import('./license/LicenceListPage'),
    skinsettings: () => import('./platform/skin/SkinSettingsPage'),

    // Configuration: dictionaries, texts, languages, parameters.
    dictionarytypelist: list(() => import('./platform/config/dictionaryTypeResource').then((m) => m.dictionaryTypeResource)),
    dictionarydatalist: list(() => import('./platform/config/dictionaryDataResource').then((m) => m.dictionaryDataResource)),
    i18nlist: list(() => import('./platform/config/i18nResource').then((m) => m.i18nResource)),
    langtypelist: list(() => import('./platform/config/langTypeResource').then((m) => m.langTypeResource)),
    parameterlist: list(() => import('./platform/config/parameterResource').then((m) => m.parameterResource)),

    // Applications, their modules and APIs, gateways, client routes.
    applicationlist: list(() => import('./platform/apps/applicationResource').then((m) => m.applicationResource)),
    applicationmodulelist: filteredList(() => import('./platform/apps/moduleResource').then((m) => m.moduleResource), byApplication),
    applicationapilist: filteredList(() => import('./platform/apps/apiResource').then((m) => m.apiResource), byApplication),
    apigrouplist: filteredList(() => import('./platform/apps/apiGroupResource').then((m) => m.apiGroupResource), byApplication),
    gatewayinternallist: list(() => import('./platform/apps/gatewayInternalResource').then((m) => m.gatewayInternalResource), refreshRoutes),
    gatewayexternallist: list(() => import('./platform/apps/gatewayExternalResource').then((m) => m.gatewayExternalResource), refreshRoutes),
    clientrouterlist: list(() => import('./platform/apps/clientRouterResource').then((m) => m.clientRouterResource)),

    // Messaging. System authentication has platform authentication as its second tab.
    sysauthenticationlist: () => import('./platform/messaging/SysAuthenticationPage'),
    // Single sign-on's identity providers (issue 17).
    identityproviderlist: list(
      () => import('./platform/sso/identityProviderResource').then((m) => m.identityProviderResource),
      () => import('./platform/sso/SsoHealthBanner').then((m) => m.SsoHealthBanner),
    ),
    emailserverlist: () => import('./platform/messaging/EmailServerListPage'),
    emailtemplatelist: list(() => import('./platform/messaging/emailTemplateResource').then((m) => m.emailTemplateResource)),
    channellist: list(() => import('./platform/messaging/channelResource').then((m) => m.channelResource)),

    // The operation logs (issue 16): read-only lists; the audit log exports as filtered.
    sysloglist: list(() => import('./platform/logs/sysLogResource').then((m) => m.sysLogResource)),
    auditloglist: list(() => import('./platform/logs/auditLogResource').then((m) => m.auditLogResource)),
    clienterrorloglist: list(() => import('./platform/logs/clientErrorLogResource').then((m) => m.clientErrorLogResource)),
    behavioureventlist: list(() => import('./platform/logs/behaviourEventResource').then((m) => m.behaviourEventResource)),

    // The user centre.
    changepassword: () => import('./userCentre/ChangePasswordPage'),
    personalsettings: () => import('./userCentre/PersonalSettingsPage'),
    favouritelist: () => import('./userCentre/FavouriteListPage'),
  },
  // The hub's seeded data-hub menu (appCode 'datahub').
  datahub: {
    // The topic flows and the version history.
    topiclist: () => import('./datahub/topic/TopicListPage'),
    versionbacktracklist: () => import('./datahub/version/VersionBacktrackListPage'),
    // Data sources and API authentication.
    datasourcelist: list(() => import('./datahub/datasource/dataSourceResource').then((m) => m.dataSourceResource)),
    authenticationlist: list(() => import('./datahub/authentication/authenticationResource').then((m) => m.authenticationResource)),
    // The exchange runtime (seeded menu 'datahub.messageLog', component MessageLogList).
    messageloglist: () => import('./datahub/messageLog/MessageLogPage'),
    // Configuration promotion between hubs (seeded menu 'datahub.promotion').
    configpromotion: () => import('./datahub/promotion/PromotionPage'),
  },
  // The message centre (appCode 'message'): every notice the hub sends; the notifications page
  // opens the same list on the failed ones (what the bell and its badge count).
  message: {
    notificationlist: () => import('./message/NotificationListPage'),
    messagerecordlist: () => import('./message/MessageRecordPage'),
  },
  // The alert centre (appCode 'alert'): incidents, and the rules with the alarm robots as a second tab.
  alert: {
    alertrecordlist: () => import('./alert/AlertRecordPage'),
    alertjoblist: () => import('./alert/AlertJobPage'),
  },
  // The approval workflow (appCode 'workflow', issue 19): the workbench, process definitions with
  // their designer, and process types.
  workflow: {
    workbench: () => import('./workflow/workbench/WorkbenchPage'),
    processlist: () => import('./workflow/process/ProcessListPage'),
    processtypelist: list(() => import('./workflow/processType/processTypeResource').then((m) => m.processTypeResource)),
  },
  // Dashboards (appCode 'dashboard'): the dashboards one owns or sees, and the widgets they are made of.
  dashboard: {
    dashboardlist: () => import('./dashboard/DashboardsPage'),
    widgetlist: () => import('./dashboard/WidgetsPage'),
  },
}

/**
 * The pages that render their own h1 (a title that is more than the menu's name, or one a unit
 * test of the page alone reads); every other page gets the shell's, named as the menu names it
 * (shell/ShellRoutes.tsx), so each page has exactly one.
 */
const OWN_TITLE = new Set(['common/licenselist', 'common/skinsettings', 'common/changepassword', 'common/personalsettings', 'common/favouritelist'])

/** Whether the page of a folder and key titles itself (see OWN_TITLE). */
export const titlesItself = (folder: string, page: string | null): boolean => page !== null && OWN_TITLE.has(`${folder}/${page.toLowerCase()}`)

const cache = new Map<string, LazyExoticComponent<ComponentType<PageProps>>>()

/** The lazy page for a folder and key, or null when that page is not built yet. */
export function resolvePage(folder: string, page: string | null): LazyExoticComponent<ComponentType<PageProps>> | null {
  if (!page) return null
  const key = page.toLowerCase()
  const loader = loaders[folder]?.[key]
  if (!loader) return null
  const id = `${folder}/${key}`
  let component = cache.get(id)
  if (!component) {
    component = lazyChunk(loader)
    cache.set(id, component)
  }
  return component
}
