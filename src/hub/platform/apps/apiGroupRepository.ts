import type { z } from 'zod'
import type * as contract from '../../../shared/contract/platform/apps/apis'
import { findOrRefuse } from '../../store/findOrRefuse'
import { containsText } from '../../store/like'
import { groupDuplicate, groupNotFound } from './refusals'
import { partsPage } from './partsPage'
import { appsRows, type AppsDb } from './tables'

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
const groupOf = (r: GroupRow): contract.ApiGroup => ({
  id: r.id,
  appCode: r.app_code,
  appName: r.app_name ?? '',
  code: r.code,
  name: r.name,
  apiCount: Number(r.api_count ?? 0),
  updatedDate: r.updated_at,
})

const rows = appsRows({ table: 'api_groups', notFound: groupNotFound, duplicate: groupDuplicate })

/** API groups of an application: one per (application, code), answered with their API count. */
export const apiGroupRepository = {
  ...rows,

  /** The wire record, or the not-found refusal. */
  find: async (db: AppsDb, id: string): Promise<contract.ApiGroup> => groupOf(await findOrRefuse(groups(db).where('g.id', '=', id), groupNotFound)),

  /** A page of the groups matching the list's filters, by application then code. */
  list(db: AppsDb, q: z.output<typeof contract.apiGroupList.input>) {
    let base = rows.from(db)
    if (q.appCode) base = base.where('app_code', '=', q.appCode)
    if (q.code) base = base.where(containsText('code', q.code))
    if (q.name) base = base.where(containsText('name', q.name))
    return partsPage(base, q, async (ids) => (await groups(db).where('g.id', 'in', ids).orderBy('g.app_code').orderBy('g.code').execute()).map(groupOf))
  },

  /** Every group (of the application with this code, when given), by application then code. */
  async listAll(db: AppsDb, appCode: string | undefined) {
    let query = groups(db).orderBy('g.app_code').orderBy('g.code')
    if (appCode) query = query.where('g.app_code', '=', appCode)
    return (await query.execute()).map(groupOf)
  },
}
