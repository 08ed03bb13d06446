import type { z } from 'zod'
import type * as contract from '../../../shared/contract/platform/apps/modules'
import { findOrRefuse } from '../../store/findOrRefuse'
import { containsText } from '../../store/like'
import { moduleDuplicate, moduleNotFound } from './refusals'
import { partsPage } from './partsPage'
import { appsRows, type AppsDb } from './tables'

/** Modules with their application's name. */
const modules = (db: AppsDb) =>
  db
    .selectFrom('application_modules as m')
    .leftJoin('applications as a', 'a.code', 'm.app_code')
    .select(['m.id', 'm.app_code', 'a.name as app_name', 'm.code', 'm.name', 'm.status', 'm.updated_at'])

type ModuleRow = { id: string; app_code: string; app_name: string | null; code: string; name: string; status: string; updated_at: string }
const moduleOf = (r: ModuleRow): contract.AppModule => ({ id: r.id, appCode: r.app_code, appName: r.app_name ?? '', code: r.code, name: r.name, status: r.status, updatedDate: r.updated_at })

const rows = appsRows({ table: 'application_modules', notFound: moduleNotFound, duplicate: moduleDuplicate })

/** Modules of an application: one per (application, code), answered with the application's name. */
export const moduleRepository = {
  ...rows,

  /** The wire record, or the not-found refusal. */
  find: async (db: AppsDb, id: string): Promise<contract.AppModule> => moduleOf(await findOrRefuse(modules(db).where('m.id', '=', id), moduleNotFound)),

  /** A page of the modules matching the list's filters, by application then code. */
  list(db: AppsDb, q: z.output<typeof contract.moduleList.input>) {
    let base = rows.from(db)
    if (q.appCode) base = base.where('app_code', '=', q.appCode)
    if (q.code) base = base.where(containsText('code', q.code))
    if (q.name) base = base.where(containsText('name', q.name))
    return partsPage(base, q, async (ids) => (await modules(db).where('m.id', 'in', ids).orderBy('m.app_code').orderBy('m.code').execute()).map(moduleOf))
  },

  /** The modules of the application with this code, by code. */
  byApp: async (db: AppsDb, appCode: string) => (await modules(db).where('m.app_code', '=', appCode).orderBy('m.code').execute()).map(moduleOf),
}
