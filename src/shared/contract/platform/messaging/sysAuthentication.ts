import { z } from 'zod'
import { defineEndpoint } from '../../../endpoint'
import { checkSysAuth, sysAuthRuleShape } from '../../../rules/platform/messaging/authentication'
import { pagedSchema, pageQueryShape } from '../../paging'
import { filterText, idInput } from '../admin/common'
import { SYS_AUTH_PERMISSION } from './permissions'

/**
 * A system authentication (spec part 2 §7 /sysauthentication). The secret is never part of a
 * list or detail answer; `secretUpdatedDate` tells when it was last made.
 */
export const sysAuthSchema = z.object({
  id: z.string(),
  appCode: z.string(),
  name: z.string(),
  /** '1' static token, '2' parsed token. */
  tokenType: z.string(),
  /** Seconds; 0: does not expire. */
  tokenValidity: z.number().int(),
  status: z.string(),
  remark: z.string(),
  /** '1': a system administrator allowed the application's signed tokens to sign in administrators. */
  adminSignIn: z.string(),
  secretUpdatedDate: z.string(),
  updatedDate: z.string(),
})
export type SysAuth = z.infer<typeof sysAuthSchema>
/** Create and /updateSecret: the record with its new secret, the one time it is shown. */
export const sysAuthWithSecretSchema = sysAuthSchema.extend({ secret: z.string() })
export type SysAuthWithSecret = z.infer<typeof sysAuthWithSecretSchema>

const base = { area: 'platform', access: 'session', permission: SYS_AUTH_PERMISSION } as const

export const sysAuthList = defineEndpoint({
  ...base,
  id: 'platform.sysauthentication.list',
  method: 'GET',
  path: '/sysauthentication/list',
  input: z.object({ ...pageQueryShape, appCode: filterText, name: filterText, status: filterText }),
  output: pagedSchema(sysAuthSchema),
})
export const sysAuthGet = defineEndpoint({ ...base, id: 'platform.sysauthentication.get', method: 'GET', path: '/sysauthentication/get', input: idInput, output: sysAuthSchema })
export const sysAuthCreate = defineEndpoint({
  ...base,
  id: 'platform.sysauthentication.create',
  method: 'POST',
  path: '/sysauthentication/create',
  input: z.object(sysAuthRuleShape).superRefine(checkSysAuth),
  output: sysAuthWithSecretSchema,
})
export const sysAuthUpdate = defineEndpoint({
  ...base,
  id: 'platform.sysauthentication.update',
  method: 'POST',
  path: '/sysauthentication/update',
  input: z.object(sysAuthRuleShape).extend({ id: z.string().trim().min(1, 'msg_field_required') }).superRefine(checkSysAuth),
  output: sysAuthSchema,
})
/** A new secret replaces the old one at once (the old one stops working). */
export const sysAuthUpdateSecret = defineEndpoint({ ...base, id: 'platform.sysauthentication.updateSecret', method: 'POST', path: '/sysauthentication/updateSecret', input: idInput, output: sysAuthWithSecretSchema })
export const sysAuthDelete = defineEndpoint({ ...base, id: 'platform.sysauthentication.delete', method: 'POST', path: '/sysauthentication/delete', input: idInput, output: z.null() })

export const sysAuthEndpoints = {
  [sysAuthList.id]: sysAuthList,
  [sysAuthGet.id]: sysAuthGet,
  [sysAuthCreate.id]: sysAuthCreate,
  [sysAuthUpdate.id]: sysAuthUpdate,
  [sysAuthUpdateSecret.id]: sysAuthUpdateSecret,
  [sysAuthDelete.id]: sysAuthDelete,
}
