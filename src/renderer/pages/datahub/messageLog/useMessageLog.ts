import { useCallback, useState } from 'react'
import { messageList, type MessageSummary } from '../../../../shared/contract/datahub/runtime'
import { useHubQuery } from '../../../api/query'
import { DEFAULT_PAGE } from '../../../components/pagination/pager'
import type { PageChange } from '../../../components/pagination/PaginationBar'
import { filterOf, type MessageQuery } from './messageQuery'

/** Before the first answer: one empty list, not a new one each render. */
const NO_ROWS: MessageSummary[] = []

/** One page of the message log for the query searched last; a newer load wins over an older one. */
export function useMessageLog(initial: MessageQuery) {
  const [query, setQuery] = useState<MessageQuery>(initial)
  const [page, setPage] = useState<PageChange>(DEFAULT_PAGE)
  const { data, loading, reload } = useHubQuery(messageList, { ...page, ...filterOf(query) })

  /** Searching again asks again, even for the same query. */
  const search = useCallback(
    (q: MessageQuery) => {
      setQuery(q)
      setPage((p) => ({ ...p, pageNum: 1 }))
      reload()
    },
    [reload],
  )
  return { query, page, setPage, rows: data?.content ?? NO_ROWS, total: data?.totalElements ?? 0, loading, search, reload }
}
