import { useCallback, useEffect, useRef, useState } from 'react'
import { messageList, type MessageSummary } from '../../../../shared/contract/datahub/runtime'
import { callHub } from '../../../api/hub'
import { DEFAULT_PAGE } from '../../../components/pagination/pager'
import type { PageChange } from '../../../components/pagination/PaginationBar'
import { filterOf, type MessageQuery } from './messageQuery'

/** One page of the message log for the query searched last; a newer load wins over an older one. */
export function useMessageLog(initial: MessageQuery) {
  const [query, setQuery] = useState<MessageQuery>(initial)
  const [page, setPage] = useState<PageChange>(DEFAULT_PAGE)
  const [rows, setRows] = useState<MessageSummary[]>([])
  const [total, setTotal] = useState(0)
  const [loading, setLoading] = useState(false)
  const [tick, setTick] = useState(0)
  const seq = useRef(0)

  useEffect(() => {
    const mine = ++seq.current
    setLoading(true)
    void callHub(messageList, { ...page, ...filterOf(query) }).then((r) => {
      if (mine !== seq.current) return
      setLoading(false)
      if (!r.ok) return
      setRows(r.data.content)
      setTotal(r.data.totalElements)
    })
  }, [query, page, tick])

  const search = useCallback((q: MessageQuery) => {
    setQuery(q)
    setPage((p) => ({ ...p, pageNum: 1 }))
    setTick((n) => n + 1)
  }, [])
  const reload = useCallback(() => setTick((n) => n + 1), [])
  return { query, page, setPage, rows, total, loading, search, reload }
}
