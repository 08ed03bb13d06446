import { AUTHEN_PARSED, AUTHEN_STATIC } from '../../../shared/rules/datahub/dataSourceAuthentication'
import { decryptSecret, secretKey } from '../../datahub/dataSources/secrets'
import type { Selectable } from 'kysely'
import { dataSourceDb, type AuthenticationsTable } from '../../datahub/dataSources/tables'
import type { HubContext } from '../../http/context'
import { DeliveryError } from '../deliver/types'
import { parsedToken } from './parsedToken'

/**
 * The API authentication of an outgoing call (an http consumer's delivery, an http producer's
 * request): the method's token in its header (tokenKey, Authorization by default) — a static
 * token as stored, a parsed one fetched from its token API (parsedToken.ts). `whose` names
 * the setting's owner in the reason ("the consumer's", "the producer's"); the token itself never
 * appears in a reason.
 */
export async function addApiToken(hub: Pick<HubContext, 'store' | 'config'>, authenId: string, headers: Headers, whose: string, signal: AbortSignal): Promise<void> {
  const { method, header } = await apiTokenMethod(hub, authenId, whose)
  if (method.authen_type === AUTHEN_PARSED) return void headers.set(header, await parsedToken(method, signal))
  headers.set(header, decryptSecret(secretKey(hub.config.dataDir), method.token_secret))
}

/**
 * The method addApiToken uses and the header its token goes in, checked as a call checks it
 * (set, existing, enabled, of a known type), without fetching or decrypting any token: the flow
 * simulator shows the header with its value masked.
 */
export async function apiTokenMethod(hub: Pick<HubContext, 'store'>, authenId: string, whose: string): Promise<{ method: Selectable<AuthenticationsTable>; header: string }> {
  if (!authenId) throw new DeliveryError(`${whose} authentication method is not set`, true)
  const method = await dataSourceDb(hub.store.db).selectFrom('authentications').selectAll().where('id', '=', authenId).executeTakeFirst()
  if (!method || method.status !== '1') throw new DeliveryError(`${whose} authentication method does not exist or is disabled`, true)
  if (method.authen_type !== AUTHEN_PARSED && method.authen_type !== AUTHEN_STATIC) {
    throw new DeliveryError(`authentication '${method.authen_name}' is of an unknown type '${method.authen_type}'`, true)
  }
  return { method, header: method.token_key || 'Authorization' }
}
