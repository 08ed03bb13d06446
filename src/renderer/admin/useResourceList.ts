import { useCallback, useEffect, useState } from 'react'
import type { Endpoint } from '../../shared/endpoint'
import { callHub } from '../api/hub'
import type { PageChange } from '../components/pagination/PaginationBar'
import type { ResourceDefinition } from './resource'

/** Spec §9: lists start at page 1 with 20 rows. */
export const FIRST_PAGE: PageChange = { pageNum: 1, pageSize: 20 }

/** Drop empty filters, so the list call carries only what the user chose. */
const applied = (filters: Record<string, string>): Record<string, string> => Object.fromEntries(Object.entries(filters).filter(([, v]) => v.trim() !== ''))

/** One page of a resource's list for the applied filters; reload after any change. */
export function useResourceList<R extends { id: string }>(definition: ResourceDefinition<R>) {
  const [filters, setFilters] = useState<Record<string, string>>({})
  const [page, setPage] = useState<PageChange>(FIRST_PAGE)
  const [rows, setRows] = useState<R[]>([])
  const [total, setTotal] = useState(0)
  const [loading, setLoading] = useState(true)
  const [loads, setLoads] = useState(0)
  const reload = useCallback(() => setLoads((n) => n + 1), [])

  useEffect(() => {
    let live = true
    setLoading(true)
    const input = definition.listInput ? definition.listInput(filters, page) : { ...applied(filters), ...page }
    void callHub(definition.endpoints.list as Endpoint, input as never).then((r) => {
      if (!live) return
      setLoading(false)
      if (!r.ok) return
      const data = r.data as { content: R[]; totalElements: number }
      setRows(data.content)
      setTotal(data.totalElements)
    })
    return () => {
      live = false
    }
  }, [definition, filters, page, loads])

  /** New filters start again from the first page. */
  const search = useCallback((next: Record<string, string>) => {
    setFilters(applied(next))
    setPage((p) => ({ ...p, pageNum: 1 }))
  }, [])

  return { rows, total, page, setPage, loading, search, reload }
}
