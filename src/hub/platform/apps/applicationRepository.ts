import type { Selectable } from 'kysely'
import type { z } from 'zod'
import type * as contract from '../../../shared/contract/platform/apps/applications'
import { findOrRefuse } from '../../store/findOrRefuse'
import { containsText } from '../../store/like'
import { appDuplicate, appNotFound } from './refusals'
import { appsRepository, type AppsDb, type ApplicationsTable } from './tables'

const applicationOf = (r: Selectable<ApplicationsTable>): contract.Application => ({
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

const repository = appsRepository({ table: 'applications', toRecord: applicationOf, notFound: appNotFound, duplicate: appDuplicate })

/** Applications: stored by code (unique, locked once created), answered as the contract's records. */
export const applicationRepository = {
  ...repository,

  /** A page of the applications matching the list's filters, by code. */
  list(db: AppsDb, q: z.output<typeof contract.applicationList.input>) {
    let base = repository.from(db)
    if (q.code) base = base.where(containsText('code', q.code))
    if (q.name) base = base.where(containsText('name', q.name))
    if (q.appType) base = base.where('app_type', '=', q.appType)
    if (q.status) base = base.where('status', '=', q.status)
    return repository.page(base.selectAll().orderBy('code'), q)
  },

  /** Every application of this type and status (either left out: any), by code. */
  listAll(db: AppsDb, q: z.output<typeof contract.applicationListAll.input>) {
    let query = repository.from(db).selectAll().orderBy('code')
    if (q?.appType) query = query.where('app_type', '=', q.appType)
    if (q?.status) query = query.where('status', '=', q.status)
    return repository.all(query)
  },

  /** The wire record of the application with this code, or the not-found refusal. */
  findByCode: async (db: AppsDb, code: string) => applicationOf(await findOrRefuse(repository.from(db).selectAll().where('code', '=', code), appNotFound)),

  /** The application with this code, or 4040: modules, APIs and groups must name an existing one. */
  async requireCode(db: AppsDb, code: string): Promise<void> {
    if (!(await repository.exists(db, { code }))) throw appNotFound()
  },
}
