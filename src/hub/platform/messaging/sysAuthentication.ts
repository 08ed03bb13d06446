import { createHash, randomBytes } from 'node:crypto'
import type { z } from 'zod'
import * as contract from '../../../shared/contract/platform/messaging/sysAuthentication'
import { route, type CallContext } from '../../http/context'
import { isoNow, newId } from '../../store/ids'
import { sysAuthAppDuplicate } from './refusals'
import { sysAuthenticationRepository as authentications } from './sysAuthenticationRepository'
import { messagingDb, type MessagingDb } from './tables'

/**
 * System authentication. The secret is 256 random bits (base64url), made here, answered once,
 * stored as its SHA-256 digest: the hub only compares what a system presents (see the rules'
 * comment), so it never keeps a readable copy.
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

export const sysAuthCreate = route(contract.sysAuthCreate, async (input, call) => {
  const db = dbOf(call)
  const id = newId()
  const secret = newSecret()
  const now = isoNow()
  await uniqueApp(db, input.appCode, null)
  await authentications.insert(db, { id, ...columns(input), secret_hash: hashSecret(secret), secret_updated_at: now, created_at: now, updated_at: now })
  return { ...(await authentications.find(db, id)), secret }
})

/** Fields change; the secret does not (that is /updateSecret). */
export const sysAuthUpdate = route(contract.sysAuthUpdate, async (input, call) => {
  const db = dbOf(call)
  await authentications.stored(db, input.id)
  await uniqueApp(db, input.appCode, input.id)
  await authentications.update(db, input.id, { ...columns(input), updated_at: isoNow() })
  return authentications.find(db, input.id)
})

export const sysAuthUpdateSecret = route(contract.sysAuthUpdateSecret, async ({ id }, call) => {
  const db = dbOf(call)
  await authentications.stored(db, id)
  const secret = newSecret()
  const now = isoNow()
  await authentications.update(db, id, { secret_hash: hashSecret(secret), secret_updated_at: now, updated_at: now })
  return { ...(await authentications.find(db, id)), secret }
})

export const sysAuthDelete = route(contract.sysAuthDelete, async ({ id }, call) => {
  await authentications.remove(dbOf(call), id)
  return null
})
