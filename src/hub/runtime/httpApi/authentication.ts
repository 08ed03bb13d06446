import { AUTHEN_PARSED, AUTHEN_STATIC } from '../../../shared/rules/datahub/dataSourceAuthentication'
import { decryptSecret, secretKey } from '../../kernel/secrets'
import type { Selectable } from 'kysely'
import { dataSourceDb, type AuthenticationsTable } from '../../datahub/dataSources/tables'
import type { HubContext } from '../../http/context'
import { DeliveryError } from '../../kernel/deliveryError'
import { parsedToken } from './parsedToken'
import { targetCheck } from './send'
import { keyed } from '../../text/keyedText'

/** The fields of an http model that say which stored method a call sends (consumer and producer models alike). */
interface CredentialFields {
  authenStatus?: string | undefined
  authenId?: string | undefined
  httpParamsModel?: { authorization?: { display?: string | undefined; selectedAuth?: string | undefined } | undefined } | undefined
}

/**
 * The stored method whose token an http consumer's deliveries send (deliver/http.ts), or null
 * when none is sent: authentication on ('1') sends authenId ('' still means "on, not set").
 */
export const consumerSentCredential = (model: CredentialFields | null | undefined): string | null =>
  model?.authenStatus === '1' ? (model.authenId ?? '') : null

/**
 * The stored method whose token an http producer's requests send (fetch/httpPage.ts), or null:
 * the API editor's authorization (display '1') or the form's switch (authenStatus '1') turns it
 * on; the editor's method, else the form's, is the one sent.
 */
export function producerSentCredential(model: CredentialFields | null | undefined): string | null {
  const auth = model?.httpParamsModel?.authorization
  if (auth?.display !== '1' && model?.authenStatus !== '1') return null
  return auth?.selectedAuth || model?.authenId || ''
}

/**
 * The API authentication of an outgoing call (an http consumer's delivery, an http producer's
 * request): the method's token in its header (tokenKey, Authorization by default) — a static
 * token as stored, a parsed one fetched from its token API (parsedToken.ts). `whose` names
 * the setting's owner in the reason ("the consumer's", "the producer's"); the token itself never
 * appears in a reason.
 */
/** Whose authentication method it is, for the reason a missing one gives. */
export type Whose = 'consumer' | 'producer'

export async function addApiToken(hub: Pick<HubContext, 'store' | 'config'>, authenId: string, headers: Headers, whose: Whose, signal: AbortSignal): Promise<void> {
  const { method, header } = await apiTokenMethod(hub, authenId, whose)
  if (method.authen_type === AUTHEN_PARSED) return void headers.set(header, await parsedToken(method, signal, targetCheck(hub.config)))
  headers.set(header, decryptSecret(secretKey(hub.config.dataDir), method.token_secret))
}

/**
 * The method addApiToken uses and the header its token goes in, checked as a call checks it
 * (set, existing, enabled, of a known type), without fetching or decrypting any token: the flow
 * simulator shows the header with its value masked.
 */
export async function apiTokenMethod(hub: Pick<HubContext, 'store'>, authenId: string, whose: Whose): Promise<{ method: Selectable<AuthenticationsTable>; header: string }> {
  if (!authenId) throw new DeliveryError(keyed(whose === 'consumer' ? 'msg_exchange_auth_not_set_consumer' : 'msg_exchange_auth_not_set_producer'), true)
  const method = await dataSourceDb(hub.store.db).selectFrom('authentications').selectAll().where('id', '=', authenId).executeTakeFirst()
  if (!method || method.status !== '1') throw new DeliveryError(keyed(whose === 'consumer' ? 'msg_exchange_auth_gone_consumer' : 'msg_exchange_auth_gone_producer'), true)
  if (method.authen_type !== AUTHEN_PARSED && method.authen_type !== AUTHEN_STATIC) {
    throw new DeliveryError(keyed('msg_exchange_auth_unknown_type', { name: method.authen_name, type: method.authen_type }), true)
  }
  return { method, header: method.token_key || 'Authorization' }
}
