import { timingSafeEqual } from 'node:crypto'
import { APP_CODE_HEADER, APP_SECRET_HEADER } from '../../../../shared/contract/datahub/runtime'
import type { CallContext } from '../../../http/context'
import { hashSecret } from '../../../platform/messaging/sysAuthentication'
import { messagingDb } from '../../../platform/messaging/tables'
import * as refuse from '../../refusals'

const headerOf = (call: CallContext, name: string): string => {
  const value = call.headers?.[name.toLowerCase()]
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? ''
}

/** Compared to when the app code is unknown, so that case takes as long as a wrong secret. */
const NO_DIGEST = Buffer.alloc(32)

/**
 * The application a pull or an acknowledgement comes from: its system authentication (platform
 * administration) names it by app code, and the caller proves it with the secret, which the hub
 * keeps only as a SHA-256 digest. Digests are compared in constant time. A missing header, an
 * unknown app code and a wrong secret get the same refusal, so a caller learns nothing of which
 * app codes exist; only a caller who knows the secret hears that the authentication is disabled.
 */
export async function pullingApp(call: CallContext): Promise<string> {
  const appCode = headerOf(call, APP_CODE_HEADER)
  const secret = headerOf(call, APP_SECRET_HEADER)
  if (!appCode || !secret) throw refuse.appAuthFailed()
  const row = await messagingDb(call.hub.store.db).selectFrom('sys_authentications').select(['secret_hash', 'status']).where('app_code', '=', appCode).executeTakeFirst()
  const stored = row ? Buffer.from(row.secret_hash, 'hex') : NO_DIGEST
  const given = Buffer.from(hashSecret(secret), 'hex')
  const matches = stored.length === given.length && timingSafeEqual(stored, given)
  if (!row || !matches) throw refuse.appAuthFailed()
  if (row.status !== '1') throw refuse.appAuthDisabled({ appCode })
  return appCode
}
