import { useCallback, useState } from 'react'
import type { Endpoint } from '../../shared/endpoint'
import { useHubQuery } from '../api/query'
import type { PageChange } from '../components/pagination/PaginationBar'
import type { ResourceDefinition } from './resource'

/** Spec §9: lists start at page 1 with 20 rows. */
export const FIRST_PAGE: PageChange = { pageNum: 1, pageSize: 20 }

/** Before the first answer: one empty list, not a new one each render. */
const NO_ROWS: never[] = []

/** Drop empty filters, so the list call carries only what the user chose. */
const applied = (filters: Record<string, string>): Record<string, string> => Object.fromEntries(Object.entries(filters).filter(([, v]) => v.trim() !== ''))

const pageOf = <R>(data: { content: R[]; totalElements: number } | R[] | undefined) => (Array.isArray(data) ? { content: data, totalElements: data.length } : data)

/** One page of a resource's list for the applied filters; reload after any change. */
export function useResourceList<R extends { id: string }>(definition: ResourceDefinition<R>) {
  const [filters, setFilters] = useState<Record<string, string>>({})
  const [page, setPage] = useState<PageChange>(FIRST_PAGE)
  const input = definition.listInput ? definition.listInput(filters, page) : { ...applied(filters), ...page }
  // The rows stay while the next page loads, and after a failure (the error policy toasts it).
  const list = useHubQuery(definition.endpoints.list as Endpoint, input as never)
  // A list endpoint answers a page, or (a short list such as alarm webhooks) every row at once.
  const data = pageOf(list.data as { content: R[]; totalElements: number } | R[] | undefined)

  /** New filters start again from the first page. */
  const search = useCallback((next: Record<string, string>) => {
    setFilters(applied(next))
    setPage((p) => ({ ...p, pageNum: 1 }))
  }, [])

  return { filters, rows: data?.content ?? NO_ROWS, total: data?.totalElements ?? 0, page, setPage, loading: list.loading, search, reload: list.reload }
}
