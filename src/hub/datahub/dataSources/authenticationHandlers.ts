import * as contract from '../../../shared/contract/datahub/authentication'
import { authenticationRuleShape } from '../../../shared/rules/datahub/dataSourceAuthentication'
import type { CallContext } from '../../http/context'
import { route } from '../../http/context'
import { newId } from '../../store/ids'
import { checkVersion } from '../refusals'
import { author, created, mergeUpdate } from '../saving'
import { authenticationRepository as authentications } from './authenticationRepository'
import { authenticationColumns } from './records'
import { authenticationDeleteEnabled } from './refusals'
import { encryptSecret } from './secrets'
import { hubSecretKey } from './specs'
import { dataSourceDb } from './tables'

const INPUT_KEYS = Object.keys(authenticationRuleShape)
const ENABLED = '1'

const dbOf = (call: CallContext) => dataSourceDb(call.hub.store.db)

export const authenticationList = route(contract.authenticationList, async (q, call) => authentications.list(dbOf(call), q))

export const authenticationGet = route(contract.authenticationGet, async ({ id }, call) => authentications.find(dbOf(call), id))

export const authenticationGetByAppCode = route(contract.authenticationGetByAppCode, async ({ appCode }, call) => authentications.enabledOf(dbOf(call), appCode))

export const authenticationCreate = route(contract.authenticationCreate, async (input, call) => {
  const db = dbOf(call)
  const who = await author(call)
  const id = newId()
  const { tokenValue, ...values } = input
  await authentications.insert(db, { id, ...authenticationColumns(values), token_secret: encryptSecret(hubSecretKey(call), tokenValue), ...created(who) })
  return authentications.find(db, id)
})

/** Fields sent change; an empty or absent tokenValue keeps the stored token. */
export const authenticationUpdate = route(contract.authenticationUpdate, async (input, call) => {
  const db = dbOf(call)
  const who = await author(call)
  await db.transaction().execute(async (tx) => {
    const stored = await authentications.stored(tx, input.id)
    checkVersion(stored.version, input.version)
    const { tokenValue, ...values } = mergeUpdate(contract.authenticationInputSchema, authentications.toRecord(stored), call.raw, INPUT_KEYS)
    const secret = tokenValue === '' ? stored.token_secret : encryptSecret(hubSecretKey(call), tokenValue)
    await authentications.save(tx, stored, { ...authenticationColumns(values), token_secret: secret }, who)
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
