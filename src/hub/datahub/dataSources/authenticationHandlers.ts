import type { z } from 'zod'
import * as contract from '../../../shared/contract/datahub/authentication'
import { authenticationRuleShape } from '../../../shared/rules/datahub/dataSourceAuthentication'
import type { CallContext } from '../../http/context'
import { route } from '../../http/context'
import { newId } from '../../store/ids'
import { checkVersion } from '../refusals'
import { author, created, mergeUpdate, type Author } from '../saving'
import { authenticationRepository as authentications } from './authenticationRepository'
import { authenticationColumns, type AuthenticationRow } from './records'
import { authenticationDeleteEnabled } from './refusals'
import { encryptSecret } from '../../kernel/secrets'
import { hubSecretKey } from './specs'
import { dataSourceDb, type DataSourceDb } from './tables'

const INPUT_KEYS = Object.keys(authenticationRuleShape)
const ENABLED = '1'

const dbOf = (call: CallContext) => dataSourceDb(call.hub.store.db)

export const authenticationList = route(contract.authenticationList, async (q, call) => authentications.list(dbOf(call), q))

export const authenticationGet = route(contract.authenticationGet, async ({ id }, call) => authentications.find(dbOf(call), id))

export const authenticationGetByAppCode = route(contract.authenticationGetByAppCode, async ({ appCode }, call) => authentications.enabledOf(dbOf(call), appCode))

type AuthenticationInput = z.output<typeof contract.authenticationInputSchema>

/** A new method in the caller's transaction (the create below, promotion's apply), its token encrypted. Its id. */
export async function createAuthenticationIn(db: DataSourceDb, key: Buffer, input: AuthenticationInput, who: Author): Promise<string> {
  const id = newId()
  const { tokenValue, ...values } = input
  await authentications.insert(db, { id, ...authenticationColumns(values), token_secret: encryptSecret(key, tokenValue), ...created(who) })
  return id
}

/** The fields `sent` has laid over a stored method; an empty or absent tokenValue keeps the stored token. */
export async function updateAuthenticationIn(tx: DataSourceDb, key: Buffer, stored: AuthenticationRow, sent: unknown, who: Author): Promise<void> {
  const { tokenValue, ...values } = mergeUpdate(contract.authenticationInputSchema, authentications.toRecord(stored), sent, INPUT_KEYS)
  const secret = tokenValue === '' ? stored.token_secret : encryptSecret(key, tokenValue)
  await authentications.save(tx, stored, { ...authenticationColumns(values), token_secret: secret }, who)
}

export const authenticationCreate = route(contract.authenticationCreate, async (input, call) => {
  const db = dbOf(call)
  const who = await author(call)
  const id = await db.transaction().execute((tx) => createAuthenticationIn(tx, hubSecretKey(call), input, who))
  return authentications.find(db, id)
})

/** Fields sent change; an empty or absent tokenValue keeps the stored token. */
export const authenticationUpdate = route(contract.authenticationUpdate, async (input, call) => {
  const db = dbOf(call)
  const who = await author(call)
  await db.transaction().execute(async (tx) => {
    const stored = await authentications.stored(tx, input.id)
    checkVersion(stored.version, input.version)
    await updateAuthenticationIn(tx, hubSecretKey(call), stored, call.raw, who)
  })
  return authentications.find(db, input.id)
})

export const authenticationDisableOrEnable = route(contract.authenticationDisableOrEnable, async ({ id, version }, call) => {
  const db = dbOf(call)
  const who = await author(call)
  await db.transaction().execute(async (tx) => {
    const stored = await authentications.stored(tx, id)
    checkVersion(stored.version, version)
    await authentications.save(tx, stored, { status: stored.status === ENABLED ? '0' : ENABLED }, who)
  })
  return authentications.find(db, id)
})

/** An enabled method may be in use by a running producer or consumer: disable it first. */
export const authenticationDelete = route(contract.authenticationDelete, async ({ id, version }, call) => {
  const db = dbOf(call)
  await db.transaction().execute(async (tx) => {
    const stored = await authentications.stored(tx, id)
    checkVersion(stored.version, version)
    if (stored.status === ENABLED) throw authenticationDeleteEnabled()
    await authentications.removeVersioned(tx, stored)
  })
  return null
})
