import { containsText } from '../../store/like'
import type { Selectable } from 'kysely'
import type { z } from 'zod'
import * as contract from '../../../shared/contract/platform/apps/applications'
import type { Application } from '../../../shared/contract/platform/apps/applications'
import { route } from '../../http/context'
import { isoNow, newId } from '../../store/ids'
import { appCodeLocked, appDuplicate, appInUse, appNotFound, isUniqueViolation } from './refusals'
import { appsDb, type AppsDb, type ApplicationsTable } from './tables'
import { page } from '../../store/paging'
import { findByIdOrRefuse, findOrRefuse } from '../../store/findOrRefuse'

export const applicationOf = (r: Selectable<ApplicationsTable>): Application => ({
  id: r.id,
  code: r.code,
  name: r.name,
  appType: r.app_type,
  stakeholder: r.stakeholder,
  stakeholderPhone: r.stakeholder_phone,
  stakeholderEmail: r.stakeholder_email,
  routePath: r.route_path,
  status: r.status,
  updatedDate: r.updated_at,
})

const answer = async (db: AppsDb, id: string): Promise<Application> => applicationOf(await findByIdOrRefuse(db, 'applications', id, appNotFound))

/** The application with this code, or 4040: modules, APIs and groups must name an existing one. */
export async function requireAppCode(db: AppsDb, code: string): Promise<void> {
  if (!(await db.selectFrom('applications').select('id').where('code', '=', code).executeTakeFirst())) throw appNotFound()
}

export const applicationListAll = route(contract.applicationListAll, async (input, call) => {
  let query = appsDb(call.hub.store.db).selectFrom('applications').selectAll().orderBy('code')
  if (input?.appType) query = query.where('app_type', '=', input.appType)
  if (input?.status) query = query.where('status', '=', input.status)
  return (await query.execute()).map(applicationOf)
})

export const applicationList = route(contract.applicationList, async ({ pageNum, pageSize, code, name, appType, status }, call) => {
  let base = appsDb(call.hub.store.db).selectFrom('applications')
  if (code) base = base.where(containsText('code', code))
  if (name) base = base.where(containsText('name', name))
  if (appType) base = base.where('app_type', '=', appType)
  if (status) base = base.where('status', '=', status)
  return page(base.selectAll().orderBy('code'), { pageNum, pageSize }, (rows) => rows.map(applicationOf))
})

export const applicationGet = route(contract.applicationGet, async ({ id }, call) => answer(appsDb(call.hub.store.db), id))

type ApplicationInput = z.output<typeof contract.applicationCreate.input>

const columns = (input: ApplicationInput, at: string) => ({
  name: input.name,
  app_type: input.appType,
  stakeholder: input.stakeholder,
  stakeholder_phone: input.stakeholderPhone,
  stakeholder_email: input.stakeholderEmail,
  route_path: input.routePath,
  status: input.status,
  updated_at: at,
})

export const applicationCreate = route(contract.applicationCreate, async (input, call) => {
  const db = appsDb(call.hub.store.db)
  if (await db.selectFrom('applications').select('id').where('code', '=', input.code).executeTakeFirst()) throw appDuplicate()
  const id = newId()
  const at = isoNow()
  try {
    await db.insertInto('applications').values({ id, code: input.code, ...columns(input, at), created_at: at }).execute()
  } catch (err) {
    // Two saves raced past the check above.
    if (isUniqueViolation(err)) throw appDuplicate()
    throw err
  }
  return answer(db, id)
})

/** The code is locked once created: modules, APIs, producers and consumers refer to it. */
export const applicationUpdate = route(contract.applicationUpdate, async (input, call) => {
  const db = appsDb(call.hub.store.db)
  const stored = await findOrRefuse(db.selectFrom('applications').select(['id', 'code']).where('id', '=', input.id), appNotFound)
  if (stored.code !== input.code) throw appCodeLocked()
  await db.updateTable('applications').set(columns(input, isoNow())).where('id', '=', input.id).execute()
  return answer(db, input.id)
})

/** Refused while modules, APIs or API groups belong to the application: remove those first. */
export const applicationDelete = route(contract.applicationDelete, async ({ id }, call) => {
  const db = appsDb(call.hub.store.db)
  await db.transaction().execute(async (tx) => {
    const row = await findOrRefuse(tx.selectFrom('applications').select('code').where('id', '=', id), appNotFound)
    for (const table of ['application_modules', 'application_apis', 'api_groups'] as const) {
      if (await tx.selectFrom(table).select('id').where('app_code', '=', row.code).executeTakeFirst()) throw appInUse()
    }
    await tx.deleteFrom('applications').where('id', '=', id).execute()
  })
  return null
})
