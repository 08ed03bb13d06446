import { z } from 'zod'
import { defineEndpoint } from '../../../endpoint'
import { applicationRuleShape } from '../../../rules/platform/apps/application'
import { pagedSchema, pageQueryShape } from '../../paging'
import { filterText, idInput } from '../admin/common'
import { APPLICATION_PERMISSION } from './permissions'

/** Spec part 2 §3: application code, name, type, stakeholder with phone and email, route path (+ status). */
export const applicationSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  /** Dictionary pf_application_type. */
  appType: z.string(),
  stakeholder: z.string(),
  stakeholderPhone: z.string(),
  stakeholderEmail: z.string(),
  routePath: z.string(),
  /** '1' enabled, '0' disabled (sys_status). */
  status: z.string(),
  updatedDate: z.string(),
})
export type Application = z.infer<typeof applicationSchema>

const base = { area: 'platform', access: 'session', permission: APPLICATION_PERMISSION } as const

/**
 * Spec: GET /application/listAll. Every application, by code; `appType` narrows to one type
 * (part 1 §7: "application list by type … returns code and name"). A select's reference data:
 * a session is enough (the producer and consumer editors offer it without the application page).
 */
export const applicationListAll = defineEndpoint({
  id: 'platform.application.listAll',
  method: 'GET',
  area: 'platform',
  path: '/application/listAll',
  access: 'session',
  input: z.object({ appType: filterText, status: filterText }).optional(),
  output: z.array(applicationSchema),
})
/** Ours (the spec shows only listAll): the console's paged table. */
export const applicationList = defineEndpoint({
  ...base,
  id: 'platform.application.list',
  method: 'GET',
  path: '/application/list',
  input: z.object({ ...pageQueryShape, code: filterText, name: filterText, appType: filterText, status: filterText }),
  output: pagedSchema(applicationSchema),
})
export const applicationGet = defineEndpoint({ ...base, id: 'platform.application.get', method: 'GET', path: '/application/get', input: idInput, output: applicationSchema })
export const applicationCreate = defineEndpoint({
  ...base,
  id: 'platform.application.create',
  method: 'POST',
  path: '/application/create',
  input: z.object(applicationRuleShape),
  output: applicationSchema,
})
/** The code is locked once created: an update naming another code is refused. */
export const applicationUpdate = defineEndpoint({
  ...base,
  id: 'platform.application.update',
  method: 'POST',
  path: '/application/update',
  input: z.object(applicationRuleShape).extend({ id: z.string().min(1) }),
  output: applicationSchema,
})
/** Ours (spec: not shown): refused while modules, APIs or API groups belong to the application. */
export const applicationDelete = defineEndpoint({ ...base, id: 'platform.application.delete', method: 'POST', path: '/application/delete', input: idInput, output: z.null() })

export const applicationEndpoints = {
  [applicationListAll.id]: applicationListAll,
  [applicationList.id]: applicationList,
  [applicationGet.id]: applicationGet,
  [applicationCreate.id]: applicationCreate,
  [applicationUpdate.id]: applicationUpdate,
  [applicationDelete.id]: applicationDelete,
}
