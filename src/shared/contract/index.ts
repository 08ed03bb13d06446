import type { Endpoint } from '../endpoint'
import * as session from './platform/session'
import * as startup from './platform/startup'

/** Every endpoint of the contract, by id. The proxy forwards only these. */
export const endpoints = {
  [session.login.id]: session.login,
  [session.logout.id]: session.logout,
  [session.me.id]: session.me,
  [session.getPreference.id]: session.getPreference,
  [session.updateMe.id]: session.updateMe,
  [session.changePassword.id]: session.changePassword,
  [startup.initData.id]: startup.initData,
  [startup.getLicese.id]: startup.getLicese,
  [startup.myPermissions.id]: startup.myPermissions,
  [startup.portal.id]: startup.portal,
  [startup.menuList.id]: startup.menuList,
  [startup.i18nMessages.id]: startup.i18nMessages,
  [startup.dictionaryAll.id]: startup.dictionaryAll,
  [startup.parameterListAll.id]: startup.parameterListAll,
  [startup.langTypeQueryUsed.id]: startup.langTypeQueryUsed,
  [startup.clientRouterListAll.id]: startup.clientRouterListAll,
  [startup.pushData.id]: startup.pushData,
  [startup.health.id]: startup.health,
} satisfies Record<string, Endpoint>

export const allEndpoints: readonly Endpoint[] = Object.values(endpoints)
/** Own keys only: '__proto__' or 'constructor' must not find anything. */
export const findEndpoint = (id: string): Endpoint | undefined =>
  Object.hasOwn(endpoints, id) ? (endpoints as Record<string, Endpoint>)[id] : undefined

export { session, startup }
