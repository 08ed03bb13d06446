import { useCallback, useEffect, useRef, useState } from 'react'
import { topicList } from '../../../../shared/contract/datahub/topic'
import { callHub } from '../../../api/hub'
import { DEFAULT_PAGE } from '../../../components/pagination/pager'
import type { PageChange } from '../../../components/pagination/PaginationBar'
import { rowFromTopic, type FlowRowModel } from '../flow/flowRow'

/** The search form's criteria (spec: code, name, tag, status); '' means "any". */
export interface TopicQuery {
  code: string
  name: string
  tag: string
  status: string
}
export const EMPTY_QUERY: TopicQuery = { code: '', name: '', tag: '', status: '' }

const criteria = (q: TopicQuery) => Object.fromEntries(Object.entries(q).map(([k, v]) => [k, v.trim()]).filter(([, v]) => v !== '')) as Partial<TopicQuery>

/**
 * One page of topic flows and the changes made to its rows. A newer load wins over an older one
 * still on its way (quick paging), and row changes are visible to the actions at once (getRow).
 */
export function useTopicPage() {
  const [query, setQuery] = useState<TopicQuery>(EMPTY_QUERY)
  const [page, setPage] = useState<PageChange>(DEFAULT_PAGE)
  const [rows, setRows] = useState<FlowRowModel[]>([])
  const [total, setTotal] = useState(0)
  const [loading, setLoading] = useState(false)
  const [tick, setTick] = useState(0)
  /** Counts completed loads: what depends on the topics (the tag choices) reloads with them. */
  const [loads, setLoads] = useState(0)
  const rowsRef = useRef<FlowRowModel[]>([])
  const seq = useRef(0)

  const show = useCallback((next: FlowRowModel[]) => {
    rowsRef.current = next
    setRows(next)
  }, [])

  useEffect(() => {
    const mine = ++seq.current
    setLoading(true)
    void callHub(topicList, { ...page, ...criteria(query) }).then((r) => {
      if (mine !== seq.current) return
      setLoading(false)
      if (!r.ok) return
      // A delete emptied the last page: show the one before it.
      if (r.data.content.length === 0 && page.pageNum > 1 && r.data.totalElements > 0) {
        setPage((p) => ({ ...p, pageNum: p.pageNum - 1 }))
        return
      }
      setTotal(r.data.totalElements)
      show(r.data.content.map(rowFromTopic))
      setLoads((n) => n + 1)
    })
  }, [query, page, tick, show])

  const search = useCallback((q: TopicQuery) => {
    setQuery(q)
    setPage((p) => ({ ...p, pageNum: 1 }))
    setTick((n) => n + 1)
  }, [])
  const reload = useCallback(() => setTick((n) => n + 1), [])
  const getRow = useCallback((topicId: string) => rowsRef.current.find((r) => r.topic.id === topicId), [])
  const updateRow = useCallback(
    (topicId: string, change: (row: FlowRowModel) => FlowRowModel) => show(rowsRef.current.map((r) => (r.topic.id === topicId ? change(r) : r))),
    [show],
  )

  return { query, page, setPage, rows, total, loading, loads, search, reload, getRow, updateRow }
}
