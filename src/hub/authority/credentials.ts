import type { Kysely } from 'kysely'
import { AUTHENTICATION_PERMISSION } from '../../shared/contract/datahub/authentication'
import type { CallContext } from '../http/context'
import { dataSourceDb } from '../datahub/dataSources/tables'
import type { HubDatabase } from '../store/schema'
import { callerCodes, missingPermission } from './held'

/**
 * Who saves: a signed-in call, or the owner of the store itself — the promotion CLI works
 * straight on a store (its data directory or DATABASE_URL): whoever runs it holds the store, its
 * secret key and every secret in it, so nothing the store holds is beyond them.
 */
export const STORE_OWNER = 'store-owner' as const
export type Asker = CallContext | typeof STORE_OWNER

/** Whose use it is: the application of the consumer (applicationCode) or producer (appCode) that sends the credential. */
export interface CredentialUse {
  appCode: string
}

/**
 * A stored API credential (an API authentication method, by id) is sent only by a flow whose
 * saver may use it (finding 7): a holder of the API-authentication permission (the code of the
 * authentication editor, who may read and replace every method anyway), or anyone saving a
 * consumer or producer of the method's own application. Anyone else is refused, naming the
 * permission — whether or not a method of that id exists, so the answer tells nothing about
 * another application's methods. `authenId` null or '' sends nothing: nothing to check.
 *
 * Read through `tx`: inside a transaction, the transaction's view.
 */
export async function requireMayUseCredential<D extends HubDatabase>(tx: Kysely<D>, asker: Asker, authenId: string | null, use: CredentialUse): Promise<void> {
  if (!authenId || asker === STORE_OWNER) return
  // An area's view (datahubDb, …) only widens HubDatabase, so the narrower view is the same database.
  const db = tx as unknown as Kysely<HubDatabase>
  if ((await callerCodes(db, asker)).has(AUTHENTICATION_PERMISSION)) return
  const method = await dataSourceDb(db).selectFrom('authentications').select('app_code').where('id', '=', authenId).executeTakeFirst()
  if (method && use.appCode.trim() !== '' && method.app_code === use.appCode.trim()) return
  throw missingPermission(AUTHENTICATION_PERMISSION)
}
