import type { Selectable } from 'kysely'
import type { z } from 'zod'
import * as contract from '../../../shared/contract/platform/messaging/pfAuthentication'
import { encryptSecret } from '../../datahub/dataSources/secrets'
import { hubSecretKey } from '../../datahub/dataSources/specs'
import { containsText } from '../../store/like'
import { route, type CallContext } from '../../http/context'
import { isoNow, newId } from '../../store/ids'
import { authenticationNotFound, isUniqueViolation, pfAuthDeleteEnabled, pfAuthNameDuplicate } from './refusals'
import { messagingDb, type MessagingDb, type PfAuthenticationsTable } from './tables'
import { page } from '../../store/paging'
import { findByIdOrRefuse } from '../../store/findOrRefuse'

/**
 * Platform authentication: how the platform signs in to outside APIs. The static token is
 * encrypted with the data sources' helper (the hub sends it later), never answered.
 */
const ENABLED = '1'
const dbOf = (call: CallContext) => messagingDb(call.hub.store.db)

const fromRow = (r: Selectable<PfAuthenticationsTable>): contract.PfAuth => ({
  id: r.id,
  authenName: r.authen_name,
  authenType: r.authen_type,
  tokenKey: r.token_key,
  tokenValue: '',
  tokenValueSet: r.token_secret !== '',
  tokenUrl: r.token_url,
  tokenMethod: r.token_method,
  tokenParams: r.token_params,
  tokenStatusCode: r.token_status_code,
  tokenParseLevel: r.token_parse_level,
  tokenValidity: r.token_validity,
  status: r.status,
  remark: r.remark,
  updatedDate: r.updated_at,
})

const stored = (db: MessagingDb, id: string) => findByIdOrRefuse(db, 'pf_authentications', id, authenticationNotFound)
const answer = async (db: MessagingDb, id: string) => fromRow(await stored(db, id))

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

async function uniqueName(db: MessagingDb, name: string, id: string | null, work: () => Promise<unknown>) {
  let clash = db.selectFrom('pf_authentications').select('id').where('authen_name', '=', name)
  if (id) clash = clash.where('id', '!=', id)
  if (await clash.executeTakeFirst()) throw pfAuthNameDuplicate()
  try {
    await work()
  } catch (err) {
    if (isUniqueViolation(err)) throw pfAuthNameDuplicate()
    throw err
  }
}

export const pfAuthList = route(contract.pfAuthList, async ({ pageNum, pageSize, authenName, status }, call) => {
  let base = dbOf(call).selectFrom('pf_authentications')
  if (authenName) base = base.where(containsText('authen_name', authenName))
  if (status) base = base.where('status', '=', status)
  return page(base.selectAll().orderBy('authen_name'), { pageNum, pageSize }, (rows) => rows.map(fromRow))
})

export const pfAuthGet = route(contract.pfAuthGet, async ({ id }, call) => answer(dbOf(call), id))

export const pfAuthCreate = route(contract.pfAuthCreate, async ({ tokenValue, ...values }, call) => {
  const db = dbOf(call)
  const id = newId()
  const now = isoNow()
  const token = encryptSecret(hubSecretKey(call), tokenValue)
  await uniqueName(db, values.authenName, null, () => db.insertInto('pf_authentications').values({ id, ...columns(values), token_secret: token, created_at: now, updated_at: now }).execute())
  return answer(db, id)
})

/** An empty tokenValue keeps the stored token. */
export const pfAuthUpdate = route(contract.pfAuthUpdate, async ({ id, tokenValue, ...values }, call) => {
  const db = dbOf(call)
  const row = await stored(db, id)
  const token = tokenValue === '' ? row.token_secret : encryptSecret(hubSecretKey(call), tokenValue)
  await uniqueName(db, values.authenName, id, () => db.updateTable('pf_authentications').set({ ...columns(values), token_secret: token, updated_at: isoNow() }).where('id', '=', id).execute())
  return answer(db, id)
})

export const pfAuthDisableOrEnable = route(contract.pfAuthDisableOrEnable, async ({ id }, call) => {
  const db = dbOf(call)
  const row = await stored(db, id)
  await db.updateTable('pf_authentications').set({ status: row.status === ENABLED ? '0' : ENABLED, updated_at: isoNow() }).where('id', '=', id).execute()
  return answer(db, id)
})

/** An enabled record may be in use: disable it first. */
export const pfAuthDelete = route(contract.pfAuthDelete, async ({ id }, call) => {
  const db = dbOf(call)
  const row = await stored(db, id)
  if (row.status === ENABLED) throw pfAuthDeleteEnabled()
  await db.deleteFrom('pf_authentications').where('id', '=', id).execute()
  return null
})
