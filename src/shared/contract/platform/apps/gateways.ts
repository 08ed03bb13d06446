import { z } from 'zod'
import { defineEndpoint } from '../../../endpoint'
import { externalRuleShape, internalRuleShape, withPrefixCheck } from '../../../rules/platform/apps/gateway'
import { pagedSchema, pageQueryShape } from '../../paging'
import { filterText, idInput, statusInput } from '../admin/common'
import { GATEWAY_EXTERNAL_PERMISSION, GATEWAY_INTERNAL_PERMISSION, GATEWAY_PERMISSION } from './permissions'

/** Spec part 2 §3: gateway route path, prefix (internal routes), target service, service type, auth type (+ status). */
export const gatewayRouteSchema = z.object({
  id: z.string(),
  path: z.string(),
  /** Internal routes only; '' on external ones. */
  prefix: z.string(),
  targetService: z.string(),
  serviceType: z.string(),
  authType: z.string(),
  /** '1' enabled (live after /refreshRoute), '0' disabled. */
  status: z.string(),
  updatedDate: z.string(),
})
export type GatewayRoute = z.infer<typeof gatewayRouteSchema>

const listFilters = { path: filterText, status: filterText }
const internal = { area: 'platform', access: 'session', permission: GATEWAY_INTERNAL_PERMISSION } as const
const external = { area: 'platform', access: 'session', permission: GATEWAY_EXTERNAL_PERMISSION } as const

export const internalListAll = defineEndpoint({ ...internal, id: 'platform.gateway.internal.listAll', method: 'GET', path: '/gateway/internal/listAll', input: z.object({}).optional(), output: z.array(gatewayRouteSchema) })
export const internalList = defineEndpoint({
  ...internal,
  id: 'platform.gateway.internal.list',
  method: 'GET',
  path: '/gateway/internal/list',
  input: z.object({ ...pageQueryShape, ...listFilters }),
  output: pagedSchema(gatewayRouteSchema),
})
export const internalGet = defineEndpoint({ ...internal, id: 'platform.gateway.internal.get', method: 'GET', path: '/gateway/internal/get', input: idInput, output: gatewayRouteSchema })
export const internalCreate = defineEndpoint({ ...internal, id: 'platform.gateway.internal.create', method: 'POST', path: '/gateway/internal/create', input: withPrefixCheck(z.object(internalRuleShape)), output: gatewayRouteSchema })
export const internalUpdate = defineEndpoint({
  ...internal,
  id: 'platform.gateway.internal.update',
  method: 'POST',
  path: '/gateway/internal/update',
  input: withPrefixCheck(z.object({ ...internalRuleShape, id: z.string().min(1) })),
  output: gatewayRouteSchema,
})
export const internalDelete = defineEndpoint({ ...internal, id: 'platform.gateway.internal.delete', method: 'POST', path: '/gateway/internal/delete', input: idInput, output: z.null() })
/** Spec: allowed values not shown; ours are '1' enabled and '0' disabled. */
export const internalStatus = defineEndpoint({ ...internal, id: 'platform.gateway.internal.status.update', method: 'POST', path: '/gateway/internal/status/update', input: statusInput, output: gatewayRouteSchema })

export const externalListAll = defineEndpoint({ ...external, id: 'platform.gateway.external.listAll', method: 'GET', path: '/gateway/external/listAll', input: z.object({}).optional(), output: z.array(gatewayRouteSchema) })
/** Ours (the spec shows only listAll for external routes): the console's paged table. */
export const externalList = defineEndpoint({
  ...external,
  id: 'platform.gateway.external.list',
  method: 'GET',
  path: '/gateway/external/list',
  input: z.object({ ...pageQueryShape, ...listFilters }),
  output: pagedSchema(gatewayRouteSchema),
})
export const externalGet = defineEndpoint({ ...external, id: 'platform.gateway.external.get', method: 'GET', path: '/gateway/external/get', input: idInput, output: gatewayRouteSchema })
export const externalCreate = defineEndpoint({ ...external, id: 'platform.gateway.external.create', method: 'POST', path: '/gateway/external/create', input: z.object(externalRuleShape), output: gatewayRouteSchema })
export const externalUpdate = defineEndpoint({
  ...external,
  id: 'platform.gateway.external.update',
  method: 'POST',
  path: '/gateway/external/update',
  input: z.object(externalRuleShape).extend({ id: z.string().min(1) }),
  output: gatewayRouteSchema,
})
export const externalDelete = defineEndpoint({ ...external, id: 'platform.gateway.external.delete', method: 'POST', path: '/gateway/external/delete', input: idInput, output: z.null() })

/** A route of the live table: what the hub would forward where. */
export const liveRouteSchema = z.object({ kind: z.enum(['internal', 'external']), path: z.string(), prefix: z.string(), targetService: z.string() })
/**
 * Spec: GET /refreshRoute. Reloads this hub node's in-memory route table from the store (enabled
 * routes only) and answers how many are live, with the routes. Each node of a cluster keeps its
 * own table: call it on every node (or restart them) after changing routes.
 */
export const refreshRoute = defineEndpoint({
  id: 'platform.refreshRoute',
  method: 'GET',
  area: 'platform',
  path: '/refreshRoute',
  access: 'session',
  permission: GATEWAY_PERMISSION,
  input: z.object({}).optional(),
  output: z.object({ count: z.number().int(), routes: z.array(liveRouteSchema) }),
})

export const gatewayEndpoints = {
  [internalListAll.id]: internalListAll,
  [internalList.id]: internalList,
  [internalGet.id]: internalGet,
  [internalCreate.id]: internalCreate,
  [internalUpdate.id]: internalUpdate,
  [internalDelete.id]: internalDelete,
  [internalStatus.id]: internalStatus,
  [externalListAll.id]: externalListAll,
  [externalList.id]: externalList,
  [externalGet.id]: externalGet,
  [externalCreate.id]: externalCreate,
  [externalUpdate.id]: externalUpdate,
  [externalDelete.id]: externalDelete,
  [refreshRoute.id]: refreshRoute,
}
