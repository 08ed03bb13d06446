import type { z } from 'zod'
import * as contract from '../../../shared/contract/platform/messaging/pfAuthentication'
import { encryptSecret } from '../../kernel/secrets'
import { hubSecretKey } from '../../datahub/dataSources/specs'
import { route, type CallContext } from '../../http/context'
import { isoNow, newId } from '../../store/ids'
import { pfAuthenticationRepository as authentications } from './pfAuthenticationRepository'
import { pfAuthDeleteEnabled, pfAuthNameDuplicate } from './refusals'
import { messagingDb, type MessagingDb } from './tables'

/**
 * Platform authentication: how the platform signs in to outside APIs. The static token is
 * encrypted with the data sources' helper (the hub sends it later), never answered.
 */
const ENABLED = '1'
const dbOf = (call: CallContext) => messagingDb(call.hub.store.db)

type Input = z.output<typeof contract.pfAuthCreate.input>
const columns = (v: Omit<Input, 'tokenValue'>) => ({
  authen_name: v.authenName,
  authen_type: v.authenType,
  token_key: v.tokenKey,
  token_url: v.tokenUrl,
  token_method: v.tokenMethod,
  token_params: v.tokenParams,
  token_status_code: v.tokenStatusCode,
  token_parse_level: v.tokenParseLevel,
  token_validity: v.tokenValidity,
  status: v.status,
  remark: v.remark,
})

async function uniqueName(db: MessagingDb, name: string, id: string | null) {
  if (await authentications.exists(db, { authen_name: name }, id)) throw pfAuthNameDuplicate()
}

export const pfAuthList = route(contract.pfAuthList, async (q, call) => authentications.list(dbOf(call), q))

export const pfAuthGet = route(contract.pfAuthGet, async ({ id }, call) => authentications.find(dbOf(call), id))

export const pfAuthCreate = route(contract.pfAuthCreate, async ({ tokenValue, ...values }, call) => {
  const db = dbOf(call)
  const id = newId()
  const now = isoNow()
  const token = encryptSecret(hubSecretKey(call), tokenValue)
  await uniqueName(db, values.authenName, null)
  await authentications.insert(db, { id, ...columns(values), token_secret: token, created_at: now, updated_at: now })
  return authentications.find(db, id)
})

/** An empty tokenValue keeps the stored token. */
export const pfAuthUpdate = route(contract.pfAuthUpdate, async ({ id, tokenValue, ...values }, call) => {
  const db = dbOf(call)
  const row = await authentications.stored(db, id)
  const token = tokenValue === '' ? row.token_secret : encryptSecret(hubSecretKey(call), tokenValue)
  await uniqueName(db, values.authenName, id)
  await authentications.update(db, id, { ...columns(values), token_secret: token, updated_at: isoNow() })
  return authentications.find(db, id)
})

export const pfAuthDisableOrEnable = route(contract.pfAuthDisableOrEnable, async ({ id }, call) => {
  const db = dbOf(call)
  const row = await authentications.stored(db, id)
  await authentications.update(db, id, { status: row.status === ENABLED ? '0' : ENABLED, updated_at: isoNow() })
  return authentications.find(db, id)
})

/** An enabled record may be in use: disable it first. */
export const pfAuthDelete = route(contract.pfAuthDelete, async ({ id }, call) => {
  const db = dbOf(call)
  const row = await authentications.stored(db, id)
  if (row.status === ENABLED) throw pfAuthDeleteEnabled()
  await authentications.remove(db, id)
  return null
})
