import { createHash, randomBytes } from 'node:crypto'
import type { Selectable } from 'kysely'
import type { z } from 'zod'
import * as contract from '../../../shared/contract/platform/messaging/sysAuthentication'
import { containsText } from '../../store/like'
import { route, type CallContext } from '../../http/context'
import { isoNow, newId } from '../../store/ids'
import { authenticationNotFound, isUniqueViolation, sysAuthAppDuplicate } from './refusals'
import { messagingDb, type MessagingDb, type SysAuthenticationsTable } from './tables'
import { page } from '../../store/paging'
import { findByIdOrRefuse } from '../../store/findOrRefuse'

/**
 * System authentication. The secret is 256 random bits (base64url), made here, answered once,
 * stored as its SHA-256 digest: the hub only compares what a system presents (see the rules'
 * comment), so it never keeps a readable copy.
 */
export const newSecret = (): string => randomBytes(32).toString('base64url')
export const hashSecret = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex')

const dbOf = (call: CallContext) => messagingDb(call.hub.store.db)

const fromRow = (r: Selectable<SysAuthenticationsTable>): contract.SysAuth => ({
  id: r.id,
  appCode: r.app_code,
  name: r.name,
  tokenType: r.token_type,
  tokenValidity: Number(r.token_validity),
  status: r.status,
  remark: r.remark,
  secretUpdatedDate: r.secret_updated_at,
  updatedDate: r.updated_at,
})

const answer = async (db: MessagingDb, id: string) => fromRow(await findByIdOrRefuse(db, 'sys_authentications', id, authenticationNotFound))

type Input = z.output<typeof contract.sysAuthCreate.input>
const columns = (v: Input) => ({ app_code: v.appCode, name: v.name, token_type: v.tokenType, token_validity: v.tokenValidity, status: v.status, remark: v.remark })

/** One system authentication per application code. */
async function uniqueApp(db: MessagingDb, appCode: string, id: string | null, work: () => Promise<unknown>) {
  let clash = db.selectFrom('sys_authentications').select('id').where('app_code', '=', appCode)
  if (id) clash = clash.where('id', '!=', id)
  if (await clash.executeTakeFirst()) throw sysAuthAppDuplicate()
  try {
    await work()
  } catch (err) {
    if (isUniqueViolation(err)) throw sysAuthAppDuplicate()
    throw err
  }
}

export const sysAuthList = route(contract.sysAuthList, async ({ pageNum, pageSize, appCode, name, status }, call) => {
  let base = dbOf(call).selectFrom('sys_authentications')
  if (appCode) base = base.where(containsText('app_code', appCode))
  if (name) base = base.where(containsText('name', name))
  if (status) base = base.where('status', '=', status)
  return page(base.selectAll().orderBy('app_code'), { pageNum, pageSize }, (rows) => rows.map(fromRow))
})

export const sysAuthGet = route(contract.sysAuthGet, async ({ id }, call) => answer(dbOf(call), id))

export const sysAuthCreate = route(contract.sysAuthCreate, async (input, call) => {
  const db = dbOf(call)
  const id = newId()
  const secret = newSecret()
  const now = isoNow()
  await uniqueApp(db, input.appCode, null, () =>
    db.insertInto('sys_authentications').values({ id, ...columns(input), secret_hash: hashSecret(secret), secret_updated_at: now, created_at: now, updated_at: now }).execute(),
  )
  return { ...(await answer(db, id)), secret }
})

/** Fields change; the secret does not (that is /updateSecret). */
export const sysAuthUpdate = route(contract.sysAuthUpdate, async (input, call) => {
  const db = dbOf(call)
  await answer(db, input.id)
  await uniqueApp(db, input.appCode, input.id, () => db.updateTable('sys_authentications').set({ ...columns(input), updated_at: isoNow() }).where('id', '=', input.id).execute())
  return answer(db, input.id)
})

export const sysAuthUpdateSecret = route(contract.sysAuthUpdateSecret, async ({ id }, call) => {
  const db = dbOf(call)
  await answer(db, id)
  const secret = newSecret()
  const now = isoNow()
  await db.updateTable('sys_authentications').set({ secret_hash: hashSecret(secret), secret_updated_at: now, updated_at: now }).where('id', '=', id).execute()
  return { ...(await answer(db, id)), secret }
})

export const sysAuthDelete = route(contract.sysAuthDelete, async ({ id }, call) => {
  const result = await dbOf(call).deleteFrom('sys_authentications').where('id', '=', id).executeTakeFirst()
  if (result.numDeletedRows === 0n) throw authenticationNotFound()
  return null
})
