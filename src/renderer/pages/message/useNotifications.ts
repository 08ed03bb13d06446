import { notificationList } from '../../../shared/contract/alarms/notifications'
import { useSearchedList } from '../../components/pagination/useSearchedList'
import { filterOf, type NotificationQuery } from './notificationQuery'

/** One page of notifications, newest first, for the query searched last. */
export const useNotifications = (initial: NotificationQuery) => useSearchedList(notificationList, initial, (q, page) => ({ ...page, ...filterOf(q) }))
