import * as contract from '../../shared/contract/datahub/consumer'
import { APP_TYPE_INTERNAL, applicationApiPath, applicationGatewayBase } from '../../shared/rules/platform/apps/applicationApiPath'
import { route } from '../http/context'
import { applicationRepository } from '../platform/apps/applicationRepository'
import { gatewayRepository } from '../platform/apps/gatewayRepository'
import { appsDb } from '../platform/apps/tables'

/**
 * The API path of a consumer's application at this hub's gateway (contract consumerGetApiPath):
 * the stored enabled routes of the kind, not the live table, so a route saved but not yet
 * refreshed is already offered (it is what the consumer will call once the gateway takes it).
 */
export const consumerGetApiPath = route(contract.consumerGetApiPath, async ({ appCode, type }, call) => {
  const db = appsDb(call.hub.store.db)
  const app = await applicationRepository.findByCode(db, appCode)
  const routes = await gatewayRepository.enabled(db, type === APP_TYPE_INTERNAL ? 'internal' : 'external')
  const base = applicationGatewayBase(app, type)
  return { path: applicationApiPath(base, routes.map((r) => r.path)) }
})
