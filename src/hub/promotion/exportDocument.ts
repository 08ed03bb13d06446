import { PROMOTION_FORMAT_VERSION, type PromotionDocument, type PromotionKind, type PromotionSelection } from '../../shared/contract/promotion/document'
import type { PromotionCatalog } from '../../shared/contract/promotion/endpoints'
import { authenticationRepository } from '../datahub/dataSources/authenticationRepository'
import { dataSourceRepository } from '../datahub/dataSources/dataSourceRepository'
import { dataSourceDb } from '../datahub/dataSources/tables'
import { datahubDb } from '../datahub/tables'
import { gatewayRepository } from '../platform/apps/gatewayRepository'
import { appsDb } from '../platform/apps/tables'
import { dictionaryTypeRepository } from '../platform/config/dictionaryTypeRepository'
import { parameterRepository } from '../platform/config/parameterRepository'
import { configDb } from '../platform/config/tables'
import { sysAuthenticationRepository } from '../platform/messaging/sysAuthenticationRepository'
import { messagingDb } from '../platform/messaging/tables'
import type { StoreKind } from '../store'
import { isoNow } from '../store/ids'
import { HUB_VERSION } from '../version'
import { apiAuthenticationEntry, authenticationCode, readAuthentication } from './kinds/authentications'
import { dataSourceEntry, readDataSource } from './kinds/dataSources'
import { dictionaryEntry } from './kinds/dictionaries'
import { gatewayRouteEntry } from './kinds/gatewayRoutes'
import { parameterEntry } from './kinds/parameters'
import { readSystemAuthentication, systemAuthenticationEntry } from './kinds/systemAuthentications'
import { topicEntry } from './kinds/topics'
import { referencesOf } from './references'
import { promotionNotFound, type Tx } from './target'

/** Each code of a section, read as a document holds it; a code the hub lacks is refused, naming it. */
async function section<E>(kind: PromotionKind, codes: readonly string[], read: (code: string) => Promise<E | undefined>): Promise<E[]> {
  const out: E[] = []
  for (const code of new Set(codes)) {
    const entry = await read(code)
    if (entry === undefined) throw promotionNotFound(kind, code)
    out.push(entry)
  }
  return out
}

/** The selection as a promotion document: codes, never ids; secrets as placeholders. */
export async function exportDocument(db: Tx, storeKind: StoreKind, selection: PromotionSelection): Promise<PromotionDocument> {
  // One transaction: the document is one moment of the hub, even while others edit it.
  return db.transaction().execute(async (tx) => ({
    formatVersion: PROMOTION_FORMAT_VERSION,
    exportedAt: isoNow(),
    exportedFrom: { hubVersion: HUB_VERSION, store: storeKind },
    dataSources: await section('dataSource', selection.dataSources, async (name) => {
      const row = await readDataSource(tx, name)
      return row && dataSourceEntry(row)
    }),
    apiAuthentications: await section('apiAuthentication', selection.apiAuthentications, async (code) => {
      const row = await readAuthentication(tx, code)
      return row && apiAuthenticationEntry(row)
    }),
    systemAuthentications: await section('systemAuthentication', selection.systemAuthentications, async (appCode) => {
      const row = await readSystemAuthentication(tx, appCode)
      return row && systemAuthenticationEntry(row)
    }),
    dictionaries: await section('dictionary', selection.dictionaries, (type) => dictionaryEntry(tx, type)),
    parameters: await section('parameter', selection.parameters, (key) => parameterEntry(tx, key)),
    gatewayRoutes: await section('gatewayRoute', selection.gatewayRoutes, (path) => gatewayRouteEntry(tx, path)),
    topics: await section('topic', selection.topics, (code) => topicEntry(tx, code)),
  }))
}

/** Every object a selection may name, by code, with a name to show. */
export async function promotionCatalog(db: Tx): Promise<PromotionCatalog> {
  const topics = await datahubDb(db).selectFrom('topics').select(['code', 'name']).where('is_delete', '=', '0').orderBy('code').execute()
  const sources = await dataSourceRepository.from(dataSourceDb(db)).select(['name', 'application_name']).orderBy('name').execute()
  const auths = await authenticationRepository.from(dataSourceDb(db)).select(['app_code', 'authen_name', 'app_name']).orderBy('app_code').orderBy('authen_name').execute()
  const sysAuths = await sysAuthenticationRepository.from(messagingDb(db)).select(['app_code', 'name']).orderBy('app_code').execute()
  const types = await dictionaryTypeRepository.from(configDb(db)).select(['dict_type', 'dict_name']).orderBy('dict_type').execute()
  const parameters = await parameterRepository.from(configDb(db)).select(['parameter_key', 'parameter_name']).orderBy('parameter_key').execute()
  const routes = await gatewayRepository.from(appsDb(db)).select(['path', 'target_service']).orderBy('path').execute()
  return {
    // Each topic read as it would be exported: what it needs is what the document would name.
    topics: await Promise.all(topics.map(async (t) => ({ code: t.code, name: t.name, needs: await referencesOf(await topicEntry(db, t.code)) }))),
    dataSources: sources.map((s) => ({ code: s.name, name: s.application_name })),
    apiAuthentications: auths.map((a) => ({ code: authenticationCode(a.app_code, a.authen_name), name: a.app_name })),
    systemAuthentications: sysAuths.map((a) => ({ code: a.app_code, name: a.name })),
    dictionaries: types.map((t) => ({ code: t.dict_type, name: t.dict_name })),
    parameters: parameters.map((p) => ({ code: p.parameter_key, name: p.parameter_name })),
    gatewayRoutes: routes.map((r) => ({ code: r.path, name: r.target_service })),
  }
}
