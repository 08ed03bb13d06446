import { z } from 'zod'
import { defineEndpoint } from '../../../endpoint'
import { apiGroupRuleShape, apiRuleShape } from '../../../rules/platform/apps/api'
import { pagedSchema, pageQueryShape } from '../../paging'
import { filterText, idInput } from '../admin/common'
import { API_GROUP_PERMISSION, API_PERMISSION } from './permissions'

/**
 * Application APIs and API groups. The spec names the screens and fields but shows no paths;
 * these follow the application module's style (ours):
 *   GET  /applicationapi/list (paged; appCode, groupId, code, name), /applicationapi/detail?id
 *   POST /applicationapi/create, /applicationapi/update, /applicationapi/delete {id}
 *   GET  /apigroup/list (paged; appCode, code, name), /apigroup/listAll?appCode, /apigroup/detail?id
 *   POST /apigroup/create, /apigroup/update, /apigroup/delete {id}
 * Codes are unique per application and locked once created, like module codes.
 */
export const apiSchema = z.object({
  id: z.string(),
  appCode: z.string(),
  appName: z.string(),
  code: z.string(),
  name: z.string(),
  method: z.string(),
  endpoint: z.string(),
  groupId: z.string(),
  groupName: z.string(),
  status: z.string(),
  updatedDate: z.string(),
})
export type AppApi = z.infer<typeof apiSchema>

export const apiGroupSchema = z.object({
  id: z.string(),
  appCode: z.string(),
  appName: z.string(),
  code: z.string(),
  name: z.string(),
  /** How many APIs are in the group (a group with APIs cannot be deleted). */
  apiCount: z.number().int(),
  updatedDate: z.string(),
})
export type ApiGroup = z.infer<typeof apiGroupSchema>

const apiBase = { area: 'platform', access: 'session', permission: API_PERMISSION } as const
const groupBase = { area: 'platform', access: 'session', permission: API_GROUP_PERMISSION } as const

export const apiList = defineEndpoint({
  ...apiBase,
  id: 'platform.applicationapi.list',
  method: 'GET',
  path: '/applicationapi/list',
  input: z.object({ ...pageQueryShape, appCode: filterText, groupId: filterText, code: filterText, name: filterText }),
  output: pagedSchema(apiSchema),
})
export const apiDetail = defineEndpoint({ ...apiBase, id: 'platform.applicationapi.detail', method: 'GET', path: '/applicationapi/detail', input: idInput, output: apiSchema })
export const apiCreate = defineEndpoint({ ...apiBase, id: 'platform.applicationapi.create', method: 'POST', path: '/applicationapi/create', input: z.object(apiRuleShape), output: apiSchema })
export const apiUpdate = defineEndpoint({
  ...apiBase,
  id: 'platform.applicationapi.update',
  method: 'POST',
  path: '/applicationapi/update',
  input: z.object(apiRuleShape).extend({ id: z.string().min(1) }),
  output: apiSchema,
})
export const apiDelete = defineEndpoint({ ...apiBase, id: 'platform.applicationapi.delete', method: 'POST', path: '/applicationapi/delete', input: idInput, output: z.null() })

export const apiGroupList = defineEndpoint({
  ...groupBase,
  id: 'platform.apigroup.list',
  method: 'GET',
  path: '/apigroup/list',
  input: z.object({ ...pageQueryShape, appCode: filterText, code: filterText, name: filterText }),
  output: pagedSchema(apiGroupSchema),
})
/** The groups of one application, for the API form's group select: reference data, a session is enough. */
export const apiGroupListAll = defineEndpoint({
  id: 'platform.apigroup.listAll',
  method: 'GET',
  area: 'platform',
  path: '/apigroup/listAll',
  access: 'session',
  input: z.object({ appCode: filterText }).optional(),
  output: z.array(apiGroupSchema),
})
export const apiGroupDetail = defineEndpoint({ ...groupBase, id: 'platform.apigroup.detail', method: 'GET', path: '/apigroup/detail', input: idInput, output: apiGroupSchema })
export const apiGroupCreate = defineEndpoint({ ...groupBase, id: 'platform.apigroup.create', method: 'POST', path: '/apigroup/create', input: z.object(apiGroupRuleShape), output: apiGroupSchema })
export const apiGroupUpdate = defineEndpoint({
  ...groupBase,
  id: 'platform.apigroup.update',
  method: 'POST',
  path: '/apigroup/update',
  input: z.object(apiGroupRuleShape).extend({ id: z.string().min(1) }),
  output: apiGroupSchema,
})
/** Refused while APIs are in the group. */
export const apiGroupDelete = defineEndpoint({ ...groupBase, id: 'platform.apigroup.delete', method: 'POST', path: '/apigroup/delete', input: idInput, output: z.null() })

export const apiEndpoints = {
  [apiList.id]: apiList,
  [apiDetail.id]: apiDetail,
  [apiCreate.id]: apiCreate,
  [apiUpdate.id]: apiUpdate,
  [apiDelete.id]: apiDelete,
  [apiGroupList.id]: apiGroupList,
  [apiGroupListAll.id]: apiGroupListAll,
  [apiGroupDetail.id]: apiGroupDetail,
  [apiGroupCreate.id]: apiGroupCreate,
  [apiGroupUpdate.id]: apiGroupUpdate,
  [apiGroupDelete.id]: apiGroupDelete,
}
