import type { SelectQueryBuilder } from 'kysely'
import type { Paged } from '../../shared/contract/paging'

/** Which page a list call asks for (spec §9: pages count from 1). */
export interface PageRequest {
  pageNum: number
  pageSize: number
}

/**
 * How many rows the query matches, whatever it selects and however it is ordered: the same
 * `from`, joins and conditions with `count(*)` for the select list, so a list's total and its
 * rows can never disagree on what matches.
 */
export async function countOf<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  // The cast: Kysely cannot name the selection's type while DB is still a type parameter.
  const total = (await query
    .clearSelect()
    .clearOrderBy()
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow()) as { n: string | number | bigint }
  return Number(total.n)
}

/** The rows of the page asked for, of a query that already says its order. */
export const onPage = <DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, at: PageRequest): SelectQueryBuilder<DB, TB, O> =>
  query.limit(at.pageSize).offset((at.pageNum - 1) * at.pageSize)

/**
 * A page of a list in the spec's shape: the count of all matches, then the page's rows (in that
 * order, as the lists always ran them), made into wire records by `shape` when given. `query`
 * selects and orders the rows.
 */
export function page<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, at: PageRequest): Promise<Paged<O>>
export function page<DB, TB extends keyof DB, O, R>(query: SelectQueryBuilder<DB, TB, O>, at: PageRequest, shape: (rows: O[]) => R[] | Promise<R[]>): Promise<Paged<R>>
export async function page<DB, TB extends keyof DB, O, R>(
  query: SelectQueryBuilder<DB, TB, O>,
  at: PageRequest,
  shape?: (rows: O[]) => R[] | Promise<R[]>,
): Promise<Paged<O | R>> {
  const totalElements = await countOf(query)
  const rows = await onPage(query, at).execute()
  return { content: shape ? await shape(rows) : rows, totalElements }
}
