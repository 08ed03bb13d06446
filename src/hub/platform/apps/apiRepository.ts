import type { z } from 'zod'
import type * as contract from '../../../shared/contract/platform/apps/apis'
import { findOrRefuse } from '../../store/findOrRefuse'
import { containsText } from '../../store/like'
import { apiDuplicate, apiNotFound } from './refusals'
import { partsPage } from './partsPage'
import { appsRows, type AppsDb } from './tables'

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
const apiOf = (r: ApiRow): contract.AppApi => ({
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

const rows = appsRows({ table: 'application_apis', notFound: apiNotFound, duplicate: apiDuplicate })

/** APIs of an application, answered with their application's and group's names. */
export const apiRepository = {
  ...rows,

  /** The wire record, or the not-found refusal. */
  find: async (db: AppsDb, id: string): Promise<contract.AppApi> => apiOf(await findOrRefuse(apis(db).where('x.id', '=', id), apiNotFound)),

  /** A page of the APIs matching the list's filters, by application then code. */
  list(db: AppsDb, q: z.output<typeof contract.apiList.input>) {
    let base = rows.from(db)
    if (q.appCode) base = base.where('app_code', '=', q.appCode)
    if (q.groupId) base = base.where('group_id', '=', q.groupId)
    if (q.code) base = base.where(containsText('code', q.code))
    if (q.name) base = base.where(containsText('name', q.name))
    return partsPage(base, q, async (ids) => (await apis(db).where('x.id', 'in', ids).orderBy('x.app_code').orderBy('x.code').execute()).map(apiOf))
  },

  /** Whether another API (not `exceptId`) of the application has this code, or this method with this endpoint. */
  async clashes(db: AppsDb, api: { appCode: string; code: string; method: string; endpoint: string }, exceptId: string | null): Promise<boolean> {
    let q = db
      .selectFrom('application_apis')
      .select('id')
      .where('app_code', '=', api.appCode)
      .where((eb) => eb.or([eb('code', '=', api.code), eb.and([eb('method', '=', api.method), eb('endpoint', '=', api.endpoint)])]))
    if (exceptId) q = q.where('id', '!=', exceptId)
    return (await q.executeTakeFirst()) !== undefined
  },
}
