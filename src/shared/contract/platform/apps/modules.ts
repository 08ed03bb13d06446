import { z } from 'zod'
import { defineEndpoint } from '../../../endpoint'
import { moduleRuleShape } from '../../../rules/platform/apps/application'
import { pagedSchema, pageQueryShape } from '../../paging'
import { filterText, idInput } from '../admin/common'
import { MODULE_PERMISSION } from './permissions'

/** Spec part 2 §3: module code, name; with its application. */
export const moduleSchema = z.object({
  id: z.string(),
  appCode: z.string(),
  appName: z.string(),
  code: z.string(),
  name: z.string(),
  status: z.string(),
  updatedDate: z.string(),
})
export type AppModule = z.infer<typeof moduleSchema>

const base = { area: 'platform', access: 'session', permission: MODULE_PERMISSION } as const

/** Spec: GET /applicationmodule/list, paged; `appCode` filters by application. */
export const moduleList = defineEndpoint({
  ...base,
  id: 'platform.applicationmodule.list',
  method: 'GET',
  path: '/applicationmodule/list',
  input: z.object({ ...pageQueryShape, appCode: filterText, code: filterText, name: filterText }),
  output: pagedSchema(moduleSchema),
})
export const moduleDetail = defineEndpoint({ ...base, id: 'platform.applicationmodule.detail', method: 'GET', path: '/applicationmodule/detail', input: idInput, output: moduleSchema })
/** Spec: GET /applicationmodule/getModuleList?code — the modules of the application with that code. */
export const moduleListByApp = defineEndpoint({
  ...base,
  id: 'platform.applicationmodule.getModuleList',
  method: 'GET',
  path: '/applicationmodule/getModuleList',
  input: z.object({ code: z.string().trim().min(1, 'msg_apps_app_required').max(50) }),
  output: z.array(moduleSchema),
})
export const moduleCreate = defineEndpoint({ ...base, id: 'platform.applicationmodule.create', method: 'POST', path: '/applicationmodule/create', input: z.object(moduleRuleShape), output: moduleSchema })
/** Like an application's code, a module's code and application are locked once created. */
export const moduleUpdate = defineEndpoint({
  ...base,
  id: 'platform.applicationmodule.update',
  method: 'POST',
  path: '/applicationmodule/update',
  input: z.object(moduleRuleShape).extend({ id: z.string().min(1) }),
  output: moduleSchema,
})
/** Ours (spec: not shown). */
export const moduleDelete = defineEndpoint({ ...base, id: 'platform.applicationmodule.delete', method: 'POST', path: '/applicationmodule/delete', input: idInput, output: z.null() })

export const moduleEndpoints = {
  [moduleList.id]: moduleList,
  [moduleDetail.id]: moduleDetail,
  [moduleListByApp.id]: moduleListByApp,
  [moduleCreate.id]: moduleCreate,
  [moduleUpdate.id]: moduleUpdate,
  [moduleDelete.id]: moduleDelete,
}
