import { dataSourceRoutes } from './datahub/dataSources/routes'
import { mappingFileRoutes } from './datahub/mappingFiles/routes'
import { datahubRoutes } from './datahub/routes'
import { wsdlRoutes } from './datahub/wsdl/routes'
import { adminRoutes } from './platform/admin/routes'
import { appRoutes } from './platform/apps/routes'
import { configRoutes } from './platform/config/routes'
import { messagingRoutes } from './platform/messaging/routes'
import { userCentreRoutes } from './platform/userCentre/routes'
import { runtimeRoutes } from './runtime/routes'
import type { Route } from './http/context'
import { licenceRoutes } from './licence/routes'
import { pageAccess } from './platform/pageAccess'
import { changePassword, getPreference, login, logout, me, updateMe } from './platform/session'
import {
  clientRouterListAll,
  dictionaryAll,
  getLicese,
  health,
  i18nMessages,
  initData,
  langTypeQueryUsed,
  menuList,
  myPermissions,
  parameterListAll,
  portal,
  pushData,
} from './platform/startup'

/** The handler of every endpoint of the contract (buildHub checks that none is missing). */
export const routes: readonly Route[] = [
  login, logout, me, getPreference, updateMe, changePassword,
  initData, getLicese, myPermissions, portal, menuList, pageAccess, i18nMessages, dictionaryAll,
  parameterListAll, langTypeQueryUsed, clientRouterListAll, pushData, health,
  ...datahubRoutes,
  ...licenceRoutes,
  ...dataSourceRoutes,
  ...wsdlRoutes,
  ...mappingFileRoutes,
  ...adminRoutes,
  ...runtimeRoutes,
  ...configRoutes,
  ...appRoutes,
  ...messagingRoutes,
  ...userCentreRoutes,
]
