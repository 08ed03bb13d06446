import * as contract from '../../shared/contract/datahub/consumer'
import { APP_TYPE_INTERNAL, applicationApiPath, applicationGatewayBase } from '../../shared/rules/platform/apps/applicationApiPath'
import { ENABLED } from '../../shared/rules/platform/apps/common'
import { route } from '../http/context'
import { appNotFound } from '../platform/apps/refusals'
import { appsDb } from '../platform/apps/tables'
import { findOrRefuse } from '../store/findOrRefuse'

/**
 * The API path of a consumer's application at this hub's gateway (contract consumerGetApiPath):
 * the stored enabled routes of the kind, not the live table, so a route saved but not yet
 * refreshed is already offered (it is what the consumer will call once the gateway takes it).
 */
export const consumerGetApiPath = route(contract.consumerGetApiPath, async ({ appCode, type }, call) => {
  const db = appsDb(call.hub.store.db)
  const app = await findOrRefuse(db.selectFrom('applications').select(['code', 'route_path']).where('code', '=', appCode), appNotFound)
  const kind = type === APP_TYPE_INTERNAL ? 'internal' : 'external'
  const routes = await db.selectFrom('gateway_routes').select('path').where('kind', '=', kind).where('status', '=', ENABLED).execute()
  const base = applicationGatewayBase({ code: app.code, routePath: app.route_path }, type)
  return { path: applicationApiPath(base, routes.map((r) => r.path)) }
})
