import { containsText } from '../../store/like'
import type { z } from 'zod'
import * as contract from '../../../shared/contract/platform/apps/modules'
import type { AppModule } from '../../../shared/contract/platform/apps/modules'
import { route } from '../../http/context'
import { isoNow, newId } from '../../store/ids'
import { requireAppCode } from './applications'
import { isUniqueViolation, moduleDuplicate, moduleLocked, moduleNotFound } from './refusals'
import { appsDb, type AppsDb } from './tables'
import { countOf, onPage } from '../../store/paging'
import { findOrRefuse } from '../../store/findOrRefuse'

/** Modules with their application's name. */
const modules = (db: AppsDb) =>
  db
    .selectFrom('application_modules as m')
    .leftJoin('applications as a', 'a.code', 'm.app_code')
    .select(['m.id', 'm.app_code', 'a.name as app_name', 'm.code', 'm.name', 'm.status', 'm.updated_at'])

type ModuleRow = { id: string; app_code: string; app_name: string | null; code: string; name: string; status: string; updated_at: string }
const moduleOf = (r: ModuleRow): AppModule => ({ id: r.id, appCode: r.app_code, appName: r.app_name ?? '', code: r.code, name: r.name, status: r.status, updatedDate: r.updated_at })

async function answer(db: AppsDb, id: string): Promise<AppModule> {
  const row = await findOrRefuse(modules(db).where('m.id', '=', id), moduleNotFound)
  return moduleOf(row)
}

export const moduleList = route(contract.moduleList, async ({ pageNum, pageSize, appCode, code, name }, call) => {
  const db = appsDb(call.hub.store.db)
  let base = db.selectFrom('application_modules')
  if (appCode) base = base.where('app_code', '=', appCode)
  if (code) base = base.where(containsText('code', code))
  if (name) base = base.where(containsText('name', name))
  const total = await countOf(base)
  // The page's ids as a subquery: the joined read below then runs once, for that page only.
  const ids = onPage(base.select('id').orderBy('app_code').orderBy('code'), { pageNum, pageSize })
  const rows = await modules(db).where('m.id', 'in', ids).orderBy('m.app_code').orderBy('m.code').execute()
  return { content: rows.map(moduleOf), totalElements: total }
})

export const moduleDetail = route(contract.moduleDetail, async ({ id }, call) => answer(appsDb(call.hub.store.db), id))

/** Spec: the modules of the application with this code (none when there is no such application). */
export const moduleListByApp = route(contract.moduleListByApp, async ({ code }, call) => {
  const rows = await modules(appsDb(call.hub.store.db)).where('m.app_code', '=', code).orderBy('m.code').execute()
  return rows.map(moduleOf)
})

type ModuleInput = z.output<typeof contract.moduleCreate.input>

async function clashes(db: AppsDb, input: ModuleInput, id: string | null): Promise<boolean> {
  let q = db.selectFrom('application_modules').select('id').where('app_code', '=', input.appCode).where('code', '=', input.code)
  if (id) q = q.where('id', '!=', id)
  return (await q.executeTakeFirst()) !== undefined
}

export const moduleCreate = route(contract.moduleCreate, async (input, call) => {
  const db = appsDb(call.hub.store.db)
  await requireAppCode(db, input.appCode)
  if (await clashes(db, input, null)) throw moduleDuplicate()
  const id = newId()
  const at = isoNow()
  try {
    await db.insertInto('application_modules').values({ id, app_code: input.appCode, code: input.code, name: input.name, status: input.status, created_at: at, updated_at: at }).execute()
  } catch (err) {
    if (isUniqueViolation(err)) throw moduleDuplicate()
    throw err
  }
  return answer(db, id)
})

/** Code and application are locked once created, like an application's code. */
export const moduleUpdate = route(contract.moduleUpdate, async (input, call) => {
  const db = appsDb(call.hub.store.db)
  const stored = await findOrRefuse(db.selectFrom('application_modules').select(['app_code', 'code']).where('id', '=', input.id), moduleNotFound)
  if (stored.app_code !== input.appCode || stored.code !== input.code) throw moduleLocked()
  await db.updateTable('application_modules').set({ name: input.name, status: input.status, updated_at: isoNow() }).where('id', '=', input.id).execute()
  return answer(db, input.id)
})

export const moduleDelete = route(contract.moduleDelete, async ({ id }, call) => {
  const db = appsDb(call.hub.store.db)
  const result = await db.deleteFrom('application_modules').where('id', '=', id).executeTakeFirst()
  if (Number(result.numDeletedRows) === 0) throw moduleNotFound()
  return null
})
