import type { SelectQueryBuilder } from 'kysely'
import type { Paged } from '../../../shared/contract/paging'
import { countOf, onPage, type PageRequest } from '../../store/paging'
import type { AppsDatabase } from './tables'

/** The tables of an application's parts: each row has its application's code and its own. */
type PartTable = 'application_modules' | 'application_apis' | 'api_groups'
export type PageIds = SelectQueryBuilder<AppsDatabase, PartTable, { id: string }>

/**
 * A page of an application's parts, by application then code, whose records are a joined read:
 * the count and the page's ids come from the narrowed table, and `read` joins for those ids
 * only (a subquery, so the joined read runs once, for that page only).
 */
export async function partsPage<R>(base: SelectQueryBuilder<AppsDatabase, PartTable, object>, at: PageRequest, read: (ids: PageIds) => Promise<R[]>): Promise<Paged<R>> {
  const total = await countOf(base)
  const ids = onPage(base.select('id').orderBy('app_code').orderBy('code'), at)
  return { content: await read(ids), totalElements: total }
}
