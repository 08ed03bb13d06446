import { z } from 'zod'
import { authTokenShape } from '../../datahub/authentication'
import { defineEndpoint } from '../../../endpoint'
import { pfAuthCreateSchema, pfAuthRuleShape } from '../../../rules/platform/messaging/authentication'
import { checkAuthentication } from '../../../rules/datahub/dataSourceAuthentication'
import { pagedSchema, pageQueryShape } from '../../paging'
import { filterText, idInput } from '../admin/common'
import { PF_AUTH_PERMISSION } from './permissions'

/**
 * A platform authentication (spec part 2 §7 /pfauthentication). The static token never leaves
 * the hub: `tokenValue` is always '' and `tokenValueSet` says whether one is stored.
 */
export const pfAuthSchema = z.object({
  id: z.string(),
  ...authTokenShape,
  updatedDate: z.string(),
})
export type PfAuth = z.infer<typeof pfAuthSchema>

const base = { area: 'platform', access: 'session', permission: PF_AUTH_PERMISSION } as const

export const pfAuthList = defineEndpoint({
  ...base,
  id: 'platform.pfauthentication.list',
  method: 'GET',
  path: '/pfauthentication/list',
  input: z.object({ ...pageQueryShape, authenName: filterText, status: filterText }),
  output: pagedSchema(pfAuthSchema),
})
export const pfAuthGet = defineEndpoint({ ...base, id: 'platform.pfauthentication.get', method: 'GET', path: '/pfauthentication/get', input: idInput, output: pfAuthSchema })
export const pfAuthCreate = defineEndpoint({ ...base, id: 'platform.pfauthentication.create', method: 'POST', path: '/pfauthentication/create', input: pfAuthCreateSchema, output: pfAuthSchema })
/** All fields; an empty tokenValue keeps the stored token. */
export const pfAuthUpdate = defineEndpoint({
  ...base,
  id: 'platform.pfauthentication.update',
  method: 'POST',
  path: '/pfauthentication/update',
  input: z.object(pfAuthRuleShape).extend({ id: z.string().trim().min(1, 'msg_field_required') }).superRefine(checkAuthentication),
  output: pfAuthSchema,
})
/** Enables a disabled record, disables an enabled one. */
export const pfAuthDisableOrEnable = defineEndpoint({ ...base, id: 'platform.pfauthentication.disableOrEnable', method: 'POST', path: '/pfauthentication/disableOrEnable', input: idInput, output: pfAuthSchema })
/** Like the data hub's methods, an enabled record must be disabled before it is deleted. */
export const pfAuthDelete = defineEndpoint({ ...base, id: 'platform.pfauthentication.delete', method: 'POST', path: '/pfauthentication/delete', input: idInput, output: z.null() })

export const pfAuthEndpoints = {
  [pfAuthList.id]: pfAuthList,
  [pfAuthGet.id]: pfAuthGet,
  [pfAuthCreate.id]: pfAuthCreate,
  [pfAuthUpdate.id]: pfAuthUpdate,
  [pfAuthDisableOrEnable.id]: pfAuthDisableOrEnable,
  [pfAuthDelete.id]: pfAuthDelete,
}
