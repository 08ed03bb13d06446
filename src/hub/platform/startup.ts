import * as contract from '../../shared/contract/platform/startup'
import { endpointsIn } from '../../shared/endpoint'
import { signedIn } from '../http/auth'
import { route } from '../http/context'
import { routesFor } from '../http/routeMaps'
import { ResultCode } from '../../shared/envelope'
import { HUB_VERSION } from '../version'
import { licenceState } from '../licence/state'
import { clientRouterRepository } from './apps/clientRouterRepository'
import { appsDb } from './apps/tables'
import { behaviourEventRepository, CLIENT_ERROR_LOG_PARAMETER, CLIENT_ERROR_TYPE } from './behaviourEventRepository'
import { dictionaryDataRepository } from './config/dictionaryDataRepository'
import { i18nRepository } from './config/i18nRepository'
import { langTypeRepository } from './config/langTypeRepository'
import { parameterRepository } from './config/parameterRepository'
import { configDb } from './config/tables'
import { menuRepository } from './menuRepository'
import { visibleMenuTree } from './menus'
import { PRODUCT } from './product'
import { accountRepository } from './accountRepository'

export const initData = route(contract.initData, async () => ({
  productName: PRODUCT.nameCn,
  productNameEn: PRODUCT.nameEn,
  hubVersion: HUB_VERSION,
  // Spec: company usage info; the theme may be switched, no usage notice is configured yet.
  themeSwitch: '1',
  usageInformation: '',
}))

export const getLicese = route(contract.getLicese, async (_input, call) => licenceState(call.hub))

export const myPermissions = route(contract.myPermissions, async (_input, call) =>
  accountRepository.permissionCodes(call.hub.store.db, signedIn(call).userId),
)

export const portal = route(contract.portal, async () => ({
  title: PRODUCT.nameCn,
  titleEn: PRODUCT.nameEn,
  homePath: PRODUCT.homePath,
}))

export const menuList = route(contract.menuList, async (_input, call) => {
  const { db } = call.hub.store
  const permissions = new Set(await accountRepository.permissionCodes(db, signedIn(call).userId))
  return visibleMenuTree(await menuRepository.treeRows(db), permissions)
})

/** Texts of the languages that are offered and active; the switch shows when there are two or more. */
export const i18nMessages = route(contract.i18nMessages, async (_input, call) => {
  const db = configDb(call.hub.store.db)
  const codes = (await langTypeRepository.usedAndActive(db)).map((l) => l.code)
  const messages: Record<string, Record<string, string>> = Object.fromEntries(codes.map((c) => [c, {}]))
  for (const r of await i18nRepository.ofLanguages(db, codes)) messages[r.lang_code]![r.message_key] = r.message_value
  return { messages, langSwitch: codes.length > 1 ? '1' : '0' }
})

export const dictionaryAll = route(contract.dictionaryAll, async (_input, call) => dictionaryDataRepository.active(configDb(call.hub.store.db)))

export const parameterListAll = route(contract.parameterListAll, async (_input, call) => parameterRepository.values(configDb(call.hub.store.db)))

export const langTypeQueryUsed = route(contract.langTypeQueryUsed, async (_input, call) => langTypeRepository.allUsed(configDb(call.hub.store.db)))

export const clientRouterListAll = route(contract.clientRouterListAll, async (_input, call) => clientRouterRepository.all(appsDb(call.hub.store.db)))

/**
 * Behaviour and client-error events, kept with the user who sent them. Client errors (type
 * 'error', the spec's client error-log entries) are kept only while the parameter `error.log`
 * is '1'; otherwise they are dropped and the batch is answered as received (the console sends
 * none then anyway; an older one that does must not see its behaviour batch refused for it).
 */
export const pushData = route(
  contract.pushData,
  async (events, call) => {
    const keepErrors = (await parameterRepository.valueOf(configDb(call.hub.store.db), CLIENT_ERROR_LOG_PARAMETER)) === '1'
    await behaviourEventRepository.add(call.hub.store.db, signedIn(call).userId, keepErrors ? events : events.filter((e) => e.type !== CLIENT_ERROR_TYPE))
    return null
  },
  // Spec: the behaviour push has its own refusal code, 4000; the console drops such a batch.
  { invalidInput: { code: ResultCode.pushRejected, messageKey: 'msg_push_rejected' } },
)

export const health = route(contract.health, async (_input, call) => ({
  version: HUB_VERSION,
  store: call.hub.store.kind,
  uptimeSeconds: Math.floor((Date.now() - call.hub.startedAt) / 1000),
}))

/** A handler for each call of the start-up set (getLicese included: the set re-exports it). */
export const startupRoutes = routesFor(endpointsIn(contract), {
  initData, getLicese, myPermissions, portal, menuList, i18nMessages, dictionaryAll,
  parameterListAll, langTypeQueryUsed, clientRouterListAll, pushData, health,
})
