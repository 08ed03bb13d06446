import { datahubRoutes } from './datahub/routes'
import type { Route } from './http/context'
import { licenceRoutes } from './licence/routes'
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
  initData, getLicese, myPermissions, portal, menuList, i18nMessages, dictionaryAll,
  parameterListAll, langTypeQueryUsed, clientRouterListAll, pushData, health,
  ...datahubRoutes,
  ...licenceRoutes,
]
