import { z } from 'zod'
import { defineEndpoint } from '../../../endpoint'
import { clientRouterRuleShape } from '../../../rules/platform/apps/clientRouter'
import { pagedSchema, pageQueryShape } from '../../paging'
import { clientRouterSchema } from '../startup'
import { filterText, idInput } from '../admin/common'
import { CLIENT_ROUTER_PERMISSION } from './permissions'

/**
 * Client router administration (spec part 2 §7). GET /client/router/listAll stays in
 * platform/startup.ts (the console loads it at start); these are the settings screen's calls.
 * A router is the page a menu item opens (menus refer to it): deleting one a menu uses is
 * refused, and so is renaming it (the menu names its page by the router name) — change the
 * menu item instead.
 */
export const clientRouterRecordSchema = clientRouterSchema.extend({
  /** Menu items that open this router (a router in use cannot be deleted or renamed). */
  menuCount: z.number().int(),
  updatedDate: z.string(),
})
export type ClientRouterRecord = z.infer<typeof clientRouterRecordSchema>

const base = { area: 'platform', access: 'session', permission: CLIENT_ROUTER_PERMISSION } as const

export const clientRouterList = defineEndpoint({
  ...base,
  id: 'platform.client.router.list',
  method: 'GET',
  path: '/client/router/list',
  input: z.object({ ...pageQueryShape, name: filterText, path: filterText, appCode: filterText }),
  output: pagedSchema(clientRouterRecordSchema),
})
export const clientRouterDetail = defineEndpoint({ ...base, id: 'platform.client.router.detail', method: 'GET', path: '/client/router/detail', input: idInput, output: clientRouterRecordSchema })
/** Spec: GET /client/router/delete?id. */
export const clientRouterDelete = defineEndpoint({ ...base, id: 'platform.client.router.delete', method: 'GET', path: '/client/router/delete', input: idInput, output: z.null() })
export const clientRouterCreate = defineEndpoint({
  ...base,
  id: 'platform.client.router.create',
  method: 'POST',
  path: '/client/router/create',
  input: z.object(clientRouterRuleShape),
  output: clientRouterRecordSchema,
})
export const clientRouterUpdate = defineEndpoint({
  ...base,
  id: 'platform.client.router.update',
  method: 'POST',
  path: '/client/router/update',
  input: z.object(clientRouterRuleShape).extend({ id: z.string().min(1) }),
  output: clientRouterRecordSchema,
})

export const clientRouterEndpoints = {
  [clientRouterList.id]: clientRouterList,
  [clientRouterDetail.id]: clientRouterDetail,
  [clientRouterDelete.id]: clientRouterDelete,
  [clientRouterCreate.id]: clientRouterCreate,
  [clientRouterUpdate.id]: clientRouterUpdate,
}
