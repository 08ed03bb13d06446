import { z } from 'zod'
import { defineEndpoint, type Endpoint } from '../../endpoint'
import { authenticationRuleShape, checkAuthentication } from '../../rules/datahub/dataSourceAuthentication'
import { pagedSchema, pageQueryShape } from '../paging'
import { auditShape } from './common'

/** Permission code of the API-authentication page (the menu's code). */
export const AUTHENTICATION_PERMISSION = 'datahub:authentication'

/**
 * An API authentication method of an application (spec part 1 §3: a method has id and
 * authenName). The static token never leaves the hub: `tokenValue` is always empty and
 * `tokenValueSet` says whether one is stored (encrypted at rest).
 */
/**
 * The token fields of an authentication method, shared by the data hub's API authentication and
 * the platform authentication. The static token never leaves the hub: `tokenValue` is always ''
 * and `tokenValueSet` says whether one is stored.
 */
export const authTokenShape = {
  authenName: z.string(),
  authenType: z.string(),
  tokenKey: z.string(),
  tokenValue: z.literal(''),
  tokenValueSet: z.boolean(),
  tokenUrl: z.string(),
  tokenMethod: z.string(),
  tokenParams: z.string(),
  tokenStatusCode: z.string(),
  tokenParseLevel: z.string(),
  tokenValidity: z.string(),
  /** '1' enabled, '0' disabled. */
  status: z.string(),
  remark: z.string(),
}

export const authenticationEntitySchema = z.object({
  ...auditShape,
  appCode: z.string(),
  appName: z.string(),
  ...authTokenShape,
})
export type Authentication = z.output<typeof authenticationEntitySchema>

export const authenticationInputSchema = z.object(authenticationRuleShape).superRefine(checkAuthentication)
export type AuthenticationInput = z.input<typeof authenticationInputSchema>
/** Update: changed fields beside id and version; an empty or absent tokenValue keeps the stored token. */
export const authenticationUpdateSchema = z.object(authenticationRuleShape).partial().extend({ id: z.string().min(1), version: z.number().int() })
export const authenticationRefSchema = z.object({ id: z.string().min(1), version: z.number().int().optional() })

/** Spec part 2 §7 lists these calls under the platform prefix as well: one declaration, both served. */
const base = { area: 'datahub', access: 'session', permission: AUTHENTICATION_PERMISSION, alsoServed: [{ area: 'platform' }] } as const

/** Paged; the editors ask for one application's methods with pageNum 1, pageSize 1000 (spec §7). */
export const authenticationList = defineEndpoint({
  ...base,
  id: 'datahub.authentication.list',
  method: 'GET',
  path: '/authentication/list',
  input: z.object({
    ...pageQueryShape,
    appCode: z.string().max(50).optional(),
    authenName: z.string().max(50).optional(),
    status: z.string().max(1).optional(),
  }),
  output: pagedSchema(authenticationEntitySchema),
})

export const authenticationGet = defineEndpoint({ ...base, id: 'datahub.authentication.get', method: 'GET', path: '/authentication/get', input: z.object({ id: z.string().min(1) }), output: authenticationEntitySchema })

/** The enabled methods of an application, by name. */
export const authenticationGetByAppCode = defineEndpoint({
  ...base,
  id: 'datahub.authentication.getByAppCode',
  method: 'GET',
  path: '/authentication/getByAppCode',
  input: z.object({ appCode: z.string().trim().min(1, 'msg_app_code_required').max(50) }),
  output: z.array(authenticationEntitySchema),
})

export const authenticationCreate = defineEndpoint({ ...base, id: 'datahub.authentication.create', method: 'POST', path: '/authentication/create', input: authenticationInputSchema, output: authenticationEntitySchema })

export const authenticationUpdate = defineEndpoint({ ...base, id: 'datahub.authentication.update', method: 'POST', path: '/authentication/update', input: authenticationUpdateSchema, output: authenticationEntitySchema })

/** Enables a disabled method, disables an enabled one. */
export const authenticationDisableOrEnable = defineEndpoint({ ...base, id: 'datahub.authentication.disableOrEnable', method: 'POST', path: '/authentication/disableOrEnable', input: authenticationRefSchema, output: authenticationEntitySchema })

/** Like data sources, an enabled method must be disabled before it is deleted. */
export const authenticationDelete = defineEndpoint({ ...base, id: 'datahub.authentication.delete', method: 'POST', path: '/authentication/delete', input: authenticationRefSchema, output: z.null() })

export const authenticationEndpoints = {
  [authenticationList.id]: authenticationList,
  [authenticationGet.id]: authenticationGet,
  [authenticationGetByAppCode.id]: authenticationGetByAppCode,
  [authenticationCreate.id]: authenticationCreate,
  [authenticationUpdate.id]: authenticationUpdate,
  [authenticationDisableOrEnable.id]: authenticationDisableOrEnable,
  [authenticationDelete.id]: authenticationDelete,
} satisfies Record<string, Endpoint>
