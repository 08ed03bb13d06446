import * as contract from '../../../shared/contract/datahub/authentication'
import { authenticationRuleShape } from '../../../shared/rules/datahub/dataSourceAuthentication'
import type { CallContext } from '../../http/context'
import { route } from '../../http/context'
import { containsText } from '../../store/like'
import { newId } from '../../store/ids'
import { checkVersion, isUniqueViolation } from '../refusals'
import { author, created, mergeUpdate, saveChanges } from '../saving'
import { authenticationById, authenticationColumns, authenticationFromRow, type AuthenticationRow } from './records'
import { authenticationDeleteEnabled, authenticationNameDuplicate, authenticationNotFound } from './refusals'
import { encryptSecret } from './secrets'
import { hubSecretKey } from './specs'
import { dataSourceDb, type DataSourceDb } from './tables'
import { page } from '../../store/paging'

const INPUT_KEYS = Object.keys(authenticationRuleShape)
const ENABLED = '1'

const dbOf = (call: CallContext) => dataSourceDb(call.hub.store.db)

async function requireAuthentication(db: DataSourceDb, id: string): Promise<AuthenticationRow> {
  const row = await authenticationById(db, id)
  if (!row) throw authenticationNotFound()
  return row
}

const answer = async (db: DataSourceDb, id: string) => authenticationFromRow(await requireAuthentication(db, id))

/** A method's name is unique within its application. */
async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (err) {
    if (isUniqueViolation(err)) throw authenticationNameDuplicate()
    throw err
  }
}

/** Paged, by application then name. */
export const authenticationList = route(contract.authenticationList, async ({ pageNum, pageSize, appCode, authenName, status }, call) => {
  let base = dbOf(call).selectFrom('authentications')
  if (appCode?.trim()) base = base.where('app_code', '=', appCode.trim())
  if (authenName?.trim()) base = base.where(containsText('authen_name', authenName))
  if (status?.trim()) base = base.where('status', '=', status.trim())
  return page(base.selectAll().orderBy('app_code').orderBy('authen_name'), { pageNum, pageSize }, (rows) => rows.map(authenticationFromRow))
})

export const authenticationGet = route(contract.authenticationGet, async ({ id }, call) => answer(dbOf(call), id))

/** The application's enabled methods, by name. */
export const authenticationGetByAppCode = route(contract.authenticationGetByAppCode, async ({ appCode }, call) => {
  const rows = await dbOf(call).selectFrom('authentications').selectAll().where('app_code', '=', appCode).where('status', '=', ENABLED).orderBy('authen_name').execute()
  return rows.map(authenticationFromRow)
})

export const authenticationCreate = route(contract.authenticationCreate, async (input, call) => {
  const db = dbOf(call)
  const who = await author(call)
  const id = newId()
  const { tokenValue, ...values } = input
  await uniqueName(() =>
    db.insertInto('authentications').values({ id, ...authenticationColumns(values), token_secret: encryptSecret(hubSecretKey(call), tokenValue), ...created(who) }).execute(),
  )
  return answer(db, id)
})

/** Fields sent change; an empty or absent tokenValue keeps the stored token. */
export const authenticationUpdate = route(contract.authenticationUpdate, async (input, call) => {
  const db = dbOf(call)
  const who = await author(call)
  await db.transaction().execute(async (tx) => {
    const stored = await requireAuthentication(tx, input.id)
    checkVersion(stored.version, input.version)
    const { tokenValue, ...values } = mergeUpdate(contract.authenticationInputSchema, authenticationFromRow(stored), call.raw, INPUT_KEYS)
    const secret = tokenValue === '' ? stored.token_secret : encryptSecret(hubSecretKey(call), tokenValue)
    await uniqueName(() => saveChanges(tx, 'authentications', stored, { ...authenticationColumns(values), token_secret: secret }, who))
  })
  return answer(db, input.id)
})

export const authenticationDisableOrEnable = route(contract.authenticationDisableOrEnable, async ({ id, version }, call) => {
  const db = dbOf(call)
  const who = await author(call)
  await db.transaction().execute(async (tx) => {
    const stored = await requireAuthentication(tx, id)
    checkVersion(stored.version, version)
    await saveChanges(tx, 'authentications', stored, { status: stored.status === ENABLED ? '0' : ENABLED }, who)
  })
  return answer(db, id)
})

/** An enabled method may be in use by a running producer or consumer: disable it first. */
export const authenticationDelete = route(contract.authenticationDelete, async ({ id, version }, call) => {
  const db = dbOf(call)
  await db.transaction().execute(async (tx) => {
    const stored = await requireAuthentication(tx, id)
    checkVersion(stored.version, version)
    if (stored.status === ENABLED) throw authenticationDeleteEnabled()
    await tx.deleteFrom('authentications').where('id', '=', id).where('version', '=', stored.version).execute()
  })
  return null
})
