import type { Kysely } from 'kysely'
import { AUTHENTICATION_PERMISSION } from '../../shared/contract/datahub/authentication'
import type { CallContext } from '../http/context'
import type { HubDatabase } from '../store/schema'
import { callerCodes, missingPermission } from './held'

/**
 * Who saves: a signed-in call, or the owner of the store itself — the promotion CLI works
 * straight on a store (its data directory or DATABASE_URL): whoever runs it holds the store, its
 * secret key and every secret in it, so nothing the store holds is beyond them.
 */
export const STORE_OWNER = 'store-owner' as const
export type Asker = CallContext | typeof STORE_OWNER

/**
 * A stored API credential (an API authentication method, by id) is sent only by a flow whose
 * saver may use it (finding 7): a holder of the API-authentication permission (the code of the
 * authentication editor, who may read and replace every method anyway). Anyone else is refused,
 * naming the permission — whether or not a method of that id exists, so the answer tells
 * nothing about other applications' methods. `authenId` null or '' sends nothing: nothing to check.
 *
 * Not "or a method of the flow's own application": a consumer's applicationCode and a
 * producer's appCode are codes their editor types, and no user is tied to an application, so
 * that exception would let anyone name the application whose credential it wants.
 *
 * Read through `tx`: inside a transaction, the transaction's view.
 */
export async function requireMayUseCredential<D extends HubDatabase>(tx: Kysely<D>, asker: Asker, authenId: string | null): Promise<void> {
  if (!authenId || asker === STORE_OWNER) return
  // An area's view (datahubDb, …) only widens HubDatabase, so the narrower view is the same database.
  const db = tx as unknown as Kysely<HubDatabase>
  if ((await callerCodes(db, asker)).has(AUTHENTICATION_PERMISSION)) return
  throw missingPermission(AUTHENTICATION_PERMISSION)
}
