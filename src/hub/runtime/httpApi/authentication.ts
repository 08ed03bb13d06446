import { AUTHEN_STATIC } from '../../../shared/rules/datahub/dataSourceAuthentication'
import { decryptSecret, secretKey } from '../../datahub/dataSources/secrets'
import { dataSourceDb } from '../../datahub/dataSources/tables'
import type { HubContext } from '../../http/context'
import { DeliveryError } from '../deliver/types'

/**
 * The API authentication of an outgoing call (an http consumer's delivery, an http producer's
 * request): the method's token in its header (tokenKey, Authorization by default). `whose` names
 * the setting's owner in the reason ("the consumer's", "the producer's"); the token itself never
 * appears in a reason.
 */
export async function addApiToken(hub: Pick<HubContext, 'store' | 'config'>, authenId: string, headers: Headers, whose: string): Promise<void> {
  if (!authenId) throw new DeliveryError(`${whose} authentication method is not set`, true)
  const method = await dataSourceDb(hub.store.db).selectFrom('authentications').selectAll().where('id', '=', authenId).executeTakeFirst()
  if (!method || method.status !== '1') throw new DeliveryError(`${whose} authentication method does not exist or is disabled`, true)
  // A parsed token needs a call to the token API first; not built yet, so say it plainly.
  if (method.authen_type !== AUTHEN_STATIC) throw new DeliveryError(`authentication '${method.authen_name}' fetches its token from an API; this hub sends static tokens only so far`, true)
  headers.set(method.token_key || 'Authorization', decryptSecret(secretKey(hub.config.dataDir), method.token_secret))
}
