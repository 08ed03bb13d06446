import { createHash, randomBytes } from 'node:crypto'
import type { z } from 'zod'
import * as contract from '../../../shared/contract/platform/messaging/sysAuthentication'
import { encryptSecret } from '../../kernel/secrets'
import { hubSecretKey } from '../../datahub/dataSources/specs'
import { requireAdministratorForAdminTrust } from '../../authority/ways'
import { route, type CallContext } from '../../http/context'
import { adminDb } from '../admin/tables'
import { isoNow, newId } from '../../store/ids'
import { sysAuthAppDuplicate } from './refusals'
import { sysAuthenticationRepository as authentications } from './sysAuthenticationRepository'
import { messagingDb, type MessagingDb } from './tables'

/**
 * System authentication. The secret is 256 random bits (base64url), made here, answered once,
 * stored as its SHA-256 digest, which is what pulls compare (see the rules' comment), and,
 * since migration 0021, encrypted with the hub's secret key (`secret_sealed`): a signed single
 * sign-on token is an HMAC keyed by the secret itself (auth/sso/appToken.ts).
 */
export const newSecret = (): string => randomBytes(32).toString('base64url')
export const hashSecret = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex')

const dbOf = (call: CallContext) => messagingDb(call.hub.store.db)

type Input = z.output<typeof contract.sysAuthCreate.input>
const columns = (v: Input) => ({ app_code: v.appCode, name: v.name, token_type: v.tokenType, token_validity: v.tokenValidity, status: v.status, remark: v.remark })

/** One system authentication per application code. */
async function uniqueApp(db: MessagingDb, appCode: string, id: string | null) {
  if (await authentications.exists(db, { app_code: appCode }, id)) throw sysAuthAppDuplicate()
}

export const sysAuthList = route(contract.sysAuthList, async (q, call) => authentications.list(dbOf(call), q))

export const sysAuthGet = route(contract.sysAuthGet, async ({ id }, call) => authentications.find(dbOf(call), id))

/**
 * A new system authentication with this secret, in the caller's database or transaction: the
 * create below makes the secret, promotion's apply brings the one the importer gave. Its id.
 */
export async function createSysAuthIn(db: MessagingDb, key: Buffer, input: Input, secret: string): Promise<string> {
  const id = newId()
  const now = isoNow()
  await uniqueApp(db, input.appCode, null)
  await authentications.insert(db, { id, ...columns(input), admin_sign_in: input.adminSignIn ?? '0', secret_hash: hashSecret(secret), secret_sealed: encryptSecret(key, secret), secret_updated_at: now, created_at: now, updated_at: now })
  return id
}

/**
 * The fields of a stored one; a secret, when given, replaces the stored one (promotion; the
 * console uses /updateSecret); an absent adminSignIn keeps the stored flag. The callers ask
 * authority first (requireAdministratorForAdminTrust).
 */
export async function updateSysAuthIn(db: MessagingDb, key: Buffer, id: string, input: Input, secret?: string): Promise<void> {
  await authentications.stored(db, id)
  await uniqueApp(db, input.appCode, id)
  const now = isoNow()
  await authentications.update(db, id, { ...columns(input), ...(input.adminSignIn !== undefined ? { admin_sign_in: input.adminSignIn } : {}), ...(secret ? { secret_hash: hashSecret(secret), secret_sealed: encryptSecret(key, secret), secret_updated_at: now } : {}), updated_at: now })
}

/**
 * Authority (authority/ways.ts): letting the application's tokens sign in administrators is an
 * administrator's decision, and a system authentication that may is changed, and its secret made
 * anew (and so learnt), by an administrator only.
 */
const requireMayChange = (call: CallContext, stored: string | undefined, wanted: string | undefined) =>
  requireAdministratorForAdminTrust(adminDb(call.hub.store.db), call, stored, wanted ?? stored ?? '0')

export const sysAuthCreate = route(contract.sysAuthCreate, async (input, call) => {
  const db = dbOf(call)
  await requireMayChange(call, undefined, input.adminSignIn)
  const secret = newSecret()
  const id = await createSysAuthIn(db, hubSecretKey(call), input, secret)
  return { ...(await authentications.find(db, id)), secret }
})

/** Fields change; the secret does not (that is /updateSecret). */
export const sysAuthUpdate = route(contract.sysAuthUpdate, async (input, call) => {
  const db = dbOf(call)
  await requireMayChange(call, (await authentications.stored(db, input.id)).admin_sign_in, input.adminSignIn)
  await updateSysAuthIn(db, hubSecretKey(call), input.id, input)
  return authentications.find(db, input.id)
})

export const sysAuthUpdateSecret = route(contract.sysAuthUpdateSecret, async ({ id }, call) => {
  const db = dbOf(call)
  const row = await authentications.stored(db, id)
  await requireMayChange(call, row.admin_sign_in, undefined)
  const secret = newSecret()
  const now = isoNow()
  await authentications.update(db, id, { secret_hash: hashSecret(secret), secret_sealed: encryptSecret(hubSecretKey(call), secret), secret_updated_at: now, updated_at: now })
  return { ...(await authentications.find(db, id)), secret }
})

export const sysAuthDelete = route(contract.sysAuthDelete, async ({ id }, call) => {
  await authentications.remove(dbOf(call), id)
  return null
})
