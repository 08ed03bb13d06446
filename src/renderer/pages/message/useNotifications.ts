import { useCallback, useState } from 'react'
import { notificationList, type Notification } from '../../../shared/contract/alarms/notifications'
import { useHubQuery } from '../../api/query'
import { DEFAULT_PAGE } from '../../components/pagination/pager'
import type { PageChange } from '../../components/pagination/PaginationBar'
import { filterOf, type NotificationQuery } from './notificationQuery'

/** Before the first answer: one empty list, not a new one each render. */
const NO_ROWS: Notification[] = []

/** One page of notifications for the query searched last; a newer load wins over an older one. */
export function useNotifications(initial: NotificationQuery) {
  const [query, setQuery] = useState<NotificationQuery>(initial)
  const [page, setPage] = useState<PageChange>(DEFAULT_PAGE)
  const { data, loading, reload } = useHubQuery(notificationList, { ...page, ...filterOf(query) })
  /** Searching again asks again, even for the same query. */
  const search = useCallback(
    (q: NotificationQuery) => {
      setQuery(q)
      setPage((p) => ({ ...p, pageNum: 1 }))
      reload()
    },
    [reload],
  )
  return { query, page, setPage, rows: data?.content ?? NO_ROWS, total: data?.totalElements ?? 0, loading, search, reload }
}
