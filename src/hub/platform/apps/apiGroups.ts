import { containsText } from '../../store/like'
import type { z } from 'zod'
import * as contract from '../../../shared/contract/platform/apps/apis'
import type { ApiGroup } from '../../../shared/contract/platform/apps/apis'
import { route } from '../../http/context'
import { isoNow, newId } from '../../store/ids'
import { requireAppCode } from './applications'
import { groupDuplicate, groupInUse, groupLocked, groupNotFound, isUniqueViolation } from './refusals'
import { appsDb, type AppsDb } from './tables'
import { countOf, onPage } from '../../store/paging'
import { findOrRefuse } from '../../store/findOrRefuse'

/** Groups with their application's name and how many APIs they hold. */
const groups = (db: AppsDb) =>
  db
    .selectFrom('api_groups as g')
    .leftJoin('applications as a', 'a.code', 'g.app_code')
    .select((eb) => [
      'g.id',
      'g.app_code',
      'a.name as app_name',
      'g.code',
      'g.name',
      'g.updated_at',
      eb.selectFrom('application_apis as x').select((c) => c.fn.countAll().as('n')).whereRef('x.group_id', '=', 'g.id').as('api_count'),
    ])

interface GroupRow {
  id: string
  app_code: string
  app_name: string | null
  code: string
  name: string
  updated_at: string
  api_count: string | number | bigint | null
}
const groupOf = (r: GroupRow): ApiGroup => ({
  id: r.id,
  appCode: r.app_code,
  appName: r.app_name ?? '',
  code: r.code,
  name: r.name,
  apiCount: Number(r.api_count ?? 0),
  updatedDate: r.updated_at,
})

async function answer(db: AppsDb, id: string): Promise<ApiGroup> {
  const row = await findOrRefuse(groups(db).where('g.id', '=', id), groupNotFound)
  return groupOf(row)
}

export const apiGroupList = route(contract.apiGroupList, async ({ pageNum, pageSize, appCode, code, name }, call) => {
  const db = appsDb(call.hub.store.db)
  let base = db.selectFrom('api_groups')
  if (appCode) base = base.where('app_code', '=', appCode)
  if (code) base = base.where(containsText('code', code))
  if (name) base = base.where(containsText('name', name))
  const total = await countOf(base)
  // The page's ids as a subquery: the joined read below then runs once, for that page only.
  const ids = onPage(base.select('id').orderBy('app_code').orderBy('code'), { pageNum, pageSize })
  const rows = await groups(db).where('g.id', 'in', ids).orderBy('g.app_code').orderBy('g.code').execute()
  return { content: rows.map(groupOf), totalElements: total }
})

export const apiGroupListAll = route(contract.apiGroupListAll, async (input, call) => {
  let query = groups(appsDb(call.hub.store.db)).orderBy('g.app_code').orderBy('g.code')
  if (input?.appCode) query = query.where('g.app_code', '=', input.appCode)
  return (await query.execute()).map(groupOf)
})

export const apiGroupDetail = route(contract.apiGroupDetail, async ({ id }, call) => answer(appsDb(call.hub.store.db), id))

type GroupInput = z.output<typeof contract.apiGroupCreate.input>

async function clashes(db: AppsDb, input: GroupInput, id: string | null): Promise<boolean> {
  let q = db.selectFrom('api_groups').select('id').where('app_code', '=', input.appCode).where('code', '=', input.code)
  if (id) q = q.where('id', '!=', id)
  return (await q.executeTakeFirst()) !== undefined
}

export const apiGroupCreate = route(contract.apiGroupCreate, async (input, call) => {
  const db = appsDb(call.hub.store.db)
  await requireAppCode(db, input.appCode)
  if (await clashes(db, input, null)) throw groupDuplicate()
  const id = newId()
  const at = isoNow()
  try {
    await db.insertInto('api_groups').values({ id, app_code: input.appCode, code: input.code, name: input.name, created_at: at, updated_at: at }).execute()
  } catch (err) {
    if (isUniqueViolation(err)) throw groupDuplicate()
    throw err
  }
  return answer(db, id)
})

/** Code and application are locked once created (APIs of the group belong to that application). */
export const apiGroupUpdate = route(contract.apiGroupUpdate, async (input, call) => {
  const db = appsDb(call.hub.store.db)
  const stored = await findOrRefuse(db.selectFrom('api_groups').select(['app_code', 'code']).where('id', '=', input.id), groupNotFound)
  if (stored.app_code !== input.appCode || stored.code !== input.code) throw groupLocked()
  await db.updateTable('api_groups').set({ name: input.name, updated_at: isoNow() }).where('id', '=', input.id).execute()
  return answer(db, input.id)
})

/** Refused while APIs are in the group: move or delete them first. */
export const apiGroupDelete = route(contract.apiGroupDelete, async ({ id }, call) => {
  const db = appsDb(call.hub.store.db)
  await db.transaction().execute(async (tx) => {
    if (!(await tx.selectFrom('api_groups').select('id').where('id', '=', id).executeTakeFirst())) throw groupNotFound()
    if (await tx.selectFrom('application_apis').select('id').where('group_id', '=', id).executeTakeFirst()) throw groupInUse()
    await tx.deleteFrom('api_groups').where('id', '=', id).execute()
  })
  return null
})
