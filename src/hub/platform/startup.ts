import * as contract from '../../shared/contract/platform/startup'
import { endpointsIn } from '../../shared/endpoint'
import { signedIn } from '../http/auth'
import { route } from '../http/context'
import { routesFor } from '../http/routeMaps'
import { ResultCode } from '../../shared/envelope'
import { isoNow, newId } from '../store/ids'
import { HUB_VERSION } from '../version'
import { licenceState } from '../licence/state'
import { loadMenuRows, visibleMenuTree } from './menus'
import { PRODUCT } from './product'
import { permissionCodes } from './users'

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
  permissionCodes(call.hub.store.db, signedIn(call).userId),
)

export const portal = route(contract.portal, async () => ({
  title: PRODUCT.nameCn,
  titleEn: PRODUCT.nameEn,
  homePath: PRODUCT.homePath,
}))

export const menuList = route(contract.menuList, async (_input, call) => {
  const { db } = call.hub.store
  const permissions = new Set(await permissionCodes(db, signedIn(call).userId))
  return visibleMenuTree(await loadMenuRows(db), permissions)
})

/** Texts of the languages that are offered and active; the switch shows when there are two or more. */
export const i18nMessages = route(contract.i18nMessages, async (_input, call) => {
  const { db } = call.hub.store
  const langs = await db.selectFrom('lang_types').select('code').where('used', '=', '1').where('status', '=', '1').execute()
  const codes = langs.map((l) => l.code)
  const messages: Record<string, Record<string, string>> = Object.fromEntries(codes.map((c) => [c, {}]))
  if (codes.length > 0) {
    const rows = await db.selectFrom('i18n_messages').select(['lang_code', 'message_key', 'message_value']).where('lang_code', 'in', codes).execute()
    for (const r of rows) messages[r.lang_code]![r.message_key] = r.message_value
  }
  return { messages, langSwitch: codes.length > 1 ? '1' : '0' }
})

/** Spec: only status-1 entries are listed (they feed the selects); a disabled type hides all its entries. */
export const dictionaryAll = route(contract.dictionaryAll, async (_input, call) => {
  const rows = await call.hub.store.db
    .selectFrom('dictionary_data')
    .innerJoin('dictionary_types', 'dictionary_types.dict_type', 'dictionary_data.dict_type')
    .select(['dictionary_data.dict_type', 'dict_value', 'dict_label_cn', 'dict_label_en', 'dictionary_data.status', 'sort'])
    .where('dictionary_data.status', '=', '1')
    .where('dictionary_types.status', '=', '1')
    .orderBy('dictionary_data.dict_type')
    .orderBy('sort')
    .execute()
  return rows.map((r) => ({
    dictType: r.dict_type,
    dictValue: r.dict_value,
    dictLabelCn: r.dict_label_cn,
    dictLabelEn: r.dict_label_en,
    status: r.status,
    sort: Number(r.sort),
  }))
})

export const parameterListAll = route(contract.parameterListAll, async (_input, call) => {
  const rows = await call.hub.store.db.selectFrom('parameters').select(['parameter_key', 'parameter_value']).orderBy('parameter_key').execute()
  return rows.map((r) => ({ parameterKey: r.parameter_key, parameterValue: r.parameter_value }))
})

export const langTypeQueryUsed = route(contract.langTypeQueryUsed, async (_input, call) => {
  const rows = await call.hub.store.db
    .selectFrom('lang_types')
    .selectAll()
    .where('used', '=', '1')
    .orderBy('is_default', 'desc')
    .orderBy('code')
    .execute()
  return rows.map((r) => ({ id: r.id, code: r.code, name: r.name, nameEn: r.name_en, isDefault: r.is_default === '1', status: r.status }))
})

export const clientRouterListAll = route(contract.clientRouterListAll, async (_input, call) => {
  const rows = await call.hub.store.db.selectFrom('client_routers').selectAll().orderBy('name').execute()
  return rows.map((r) => ({ id: r.id, name: r.name, path: r.path, component: r.component, appCode: r.app_code, metaData: r.meta_data }))
})

/** Behaviour and client-error events, kept with the user who sent them. */
export const pushData = route(
  contract.pushData,
  async (events, call) => {
    if (events.length === 0) return null
    const userId = signedIn(call).userId
    const receivedAt = isoNow()
    await call.hub.store.db
      .insertInto('behaviour_events')
      .values(events.map((e) => ({
        id: newId(),
        user_id: userId,
        type: e.type,
        info: e.info ?? null,
        err: e.err ?? null,
        vm: e.vm ?? null,
        url: e.url ?? null,
        time: e.time,
        received_at: receivedAt,
      })))
      .execute()
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
