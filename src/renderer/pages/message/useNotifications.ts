import { notificationList } from '../../../shared/contract/alarms/notifications'
import { AUTO_REFRESH_MS } from '../../api/query'
import { useSearchedList } from '../../components/pagination/useSearchedList'
import { filterOf, type NotificationQuery } from './notificationQuery'

/** One page of notifications, newest first, for the query searched last; refreshed every 10 s unless `paused` (rows picked). */
export const useNotifications = (initial: NotificationQuery, paused = false) =>
  useSearchedList(notificationList, initial, (q, page) => ({ ...page, ...filterOf(q) }), { refreshEvery: AUTO_REFRESH_MS, paused })
