import { useCallback, useState } from 'react'
import { messageList, type MessageSummary } from '../../../../shared/contract/datahub/runtime'
import { AUTO_REFRESH_MS, useHubQuery } from '../../../api/query'
import { DEFAULT_PAGE } from '../../../components/pagination/pager'
import type { PageChange } from '../../../components/pagination/PaginationBar'
import { filterOf, type MessageQuery } from './messageQuery'

/** Before the first answer: one empty list, not a new one each render. */
const NO_ROWS: MessageSummary[] = []

/**
 * One page of the message log for the query searched last; a newer load wins over an older one.
 * `runId` (from a run history's link) keeps the messages of one run until it is removed.
 * Refreshed every 10 s (deliveries move on underneath) unless `paused` (a message's matrix open).
 */
export function useMessageLog(initial: MessageQuery, initialRunId = '', paused = false) {
  const [query, setQuery] = useState<MessageQuery>(initial)
  const [runId, setRunId] = useState(initialRunId)
  const [page, setPage] = useState<PageChange>(DEFAULT_PAGE)
  const { data, loading, reload } = useHubQuery(messageList, { ...page, ...filterOf(query, runId) }, { refreshEvery: AUTO_REFRESH_MS, paused })

  /** Searching again asks again, even for the same query; `clearRun` searches without the run too. */
  const search = useCallback(
    (q: MessageQuery, { clearRun = false } = {}) => {
      setQuery(q)
      if (clearRun) setRunId('')
      setPage((p) => ({ ...p, pageNum: 1 }))
      reload()
    },
    [reload],
  )
  const clearRun = useCallback(() => {
    setRunId('')
    setPage((p) => ({ ...p, pageNum: 1 }))
  }, [])
  return { query, runId, page, setPage, rows: data?.content ?? NO_ROWS, total: data?.totalElements ?? 0, loading, search, clearRun, reload }
}
