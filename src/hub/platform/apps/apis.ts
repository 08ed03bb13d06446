import { containsText } from '../../store/like'
import type { z } from 'zod'
import * as contract from '../../../shared/contract/platform/apps/apis'
import type { AppApi } from '../../../shared/contract/platform/apps/apis'
import { route } from '../../http/context'
import { isoNow, newId } from '../../store/ids'
import { requireAppCode } from './applications'
import { apiDuplicate, apiLocked, apiNotFound, groupNotFound, isUniqueViolation } from './refusals'
import { appsDb, type AppsDb } from './tables'
import { countOf, onPage } from '../../store/paging'
import { findOrRefuse } from '../../store/findOrRefuse'

/** APIs with their application's and group's names. */
const apis = (db: AppsDb) =>
  db
    .selectFrom('application_apis as x')
    .leftJoin('applications as a', 'a.code', 'x.app_code')
    .leftJoin('api_groups as g', 'g.id', 'x.group_id')
    .select(['x.id', 'x.app_code', 'a.name as app_name', 'x.code', 'x.name', 'x.method', 'x.endpoint', 'x.group_id', 'g.name as group_name', 'x.status', 'x.updated_at'])

interface ApiRow {
  id: string
  app_code: string
  app_name: string | null
  code: string
  name: string
  method: string
  endpoint: string
  group_id: string | null
  group_name: string | null
  status: string
  updated_at: string
}
const apiOf = (r: ApiRow): AppApi => ({
  id: r.id,
  appCode: r.app_code,
  appName: r.app_name ?? '',
  code: r.code,
  name: r.name,
  method: r.method,
  endpoint: r.endpoint,
  groupId: r.group_id ?? '',
  groupName: r.group_name ?? '',
  status: r.status,
  updatedDate: r.updated_at,
})

async function answer(db: AppsDb, id: string): Promise<AppApi> {
  const row = await findOrRefuse(apis(db).where('x.id', '=', id), apiNotFound)
  return apiOf(row)
}

export const apiList = route(contract.apiList, async ({ pageNum, pageSize, appCode, groupId, code, name }, call) => {
  const db = appsDb(call.hub.store.db)
  let base = db.selectFrom('application_apis')
  if (appCode) base = base.where('app_code', '=', appCode)
  if (groupId) base = base.where('group_id', '=', groupId)
  if (code) base = base.where(containsText('code', code))
  if (name) base = base.where(containsText('name', name))
  const total = await countOf(base)
  // The page's ids as a subquery: the joined read below then runs once, for that page only.
  const ids = onPage(base.select('id').orderBy('app_code').orderBy('code'), { pageNum, pageSize })
  const rows = await apis(db).where('x.id', 'in', ids).orderBy('x.app_code').orderBy('x.code').execute()
  return { content: rows.map(apiOf), totalElements: total }
})

export const apiDetail = route(contract.apiDetail, async ({ id }, call) => answer(appsDb(call.hub.store.db), id))

type ApiInput = z.output<typeof contract.apiCreate.input>

/**
 * The application must exist and the group (when named) belong to it; the code, and the method
 * with the endpoint, must be new within the application (spec: duplicate API refused).
 */
async function check(db: AppsDb, input: ApiInput, id: string | null): Promise<void> {
  await requireAppCode(db, input.appCode)
  if (input.groupId) {
    await findOrRefuse(db.selectFrom('api_groups').select('id').where('id', '=', input.groupId).where('app_code', '=', input.appCode), groupNotFound)
  }
  let q = db
    .selectFrom('application_apis')
    .select('id')
    .where('app_code', '=', input.appCode)
    .where((eb) => eb.or([eb('code', '=', input.code), eb.and([eb('method', '=', input.method), eb('endpoint', '=', input.endpoint)])]))
  if (id) q = q.where('id', '!=', id)
  if (await q.executeTakeFirst()) throw apiDuplicate()
}

const columns = (input: ApiInput, at: string) => ({
  name: input.name,
  method: input.method,
  endpoint: input.endpoint,
  group_id: input.groupId || null,
  status: input.status,
  updated_at: at,
})

export const apiCreate = route(contract.apiCreate, async (input, call) => {
  const db = appsDb(call.hub.store.db)
  await check(db, input, null)
  const id = newId()
  const at = isoNow()
  try {
    await db.insertInto('application_apis').values({ id, app_code: input.appCode, code: input.code, ...columns(input, at), created_at: at }).execute()
  } catch (err) {
    if (isUniqueViolation(err)) throw apiDuplicate()
    throw err
  }
  return answer(db, id)
})

/** Code and application are locked once created; name, method, endpoint, group and status change. */
export const apiUpdate = route(contract.apiUpdate, async (input, call) => {
  const db = appsDb(call.hub.store.db)
  const stored = await findOrRefuse(db.selectFrom('application_apis').select(['app_code', 'code']).where('id', '=', input.id), apiNotFound)
  if (stored.app_code !== input.appCode || stored.code !== input.code) throw apiLocked()
  await check(db, input, input.id)
  try {
    await db.updateTable('application_apis').set(columns(input, isoNow())).where('id', '=', input.id).execute()
  } catch (err) {
    if (isUniqueViolation(err)) throw apiDuplicate()
    throw err
  }
  return answer(db, input.id)
})

export const apiDelete = route(contract.apiDelete, async ({ id }, call) => {
  const result = await appsDb(call.hub.store.db).deleteFrom('application_apis').where('id', '=', id).executeTakeFirst()
  if (Number(result.numDeletedRows) === 0) throw apiNotFound()
  return null
})
