import { useCallback, useState } from 'react'
import type { Endpoint, EndpointInput, EndpointOutput } from '../../../shared/endpoint'
import { useHubQuery, type QueryOptions } from '../../api/query'
import { DEFAULT_PAGE } from './pager'
import type { PageChange } from './PaginationBar'

/** Before the first answer: one empty list, not a new one each render. */
const NO_ROWS: never[] = []

type RowOf<E extends Endpoint> = EndpointOutput<E> extends { content: (infer R)[] } ? R : never

/**
 * One page of a paged list for the query searched last (a newer load wins over an older one):
 * `inputOf` makes the call's input of the query and the page. Searching again starts at page 1
 * and asks again, even for the same query. `options` as for useHubQuery (an auto-refresh).
 */
export function useSearchedList<E extends Endpoint, Q>(endpoint: E, initial: Q, inputOf: (q: Q, page: PageChange) => EndpointInput<E>, options: QueryOptions<EndpointOutput<E>> = {}) {
  const [query, setQuery] = useState<Q>(initial)
  const [page, setPage] = useState<PageChange>(DEFAULT_PAGE)
  const { data, loading, reload } = useHubQuery(endpoint, inputOf(query, page), options)
  const search = useCallback(
    (q: Q) => {
      setQuery(q)
      setPage((p) => ({ ...p, pageNum: 1 }))
      reload()
    },
    [reload],
  )
  const paged = data as { content: RowOf<E>[]; totalElements: number } | undefined
  return { query, page, setPage, rows: paged?.content ?? (NO_ROWS as RowOf<E>[]), total: paged?.totalElements ?? 0, loading, search, reload }
}
