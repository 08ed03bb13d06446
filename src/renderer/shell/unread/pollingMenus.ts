import { incidentList } from '../../../shared/contract/alarms/incidents'
import { INCIDENT_PERMISSION } from '../../../shared/contract/alarms/permissions'
import { notificationCount } from '../../../shared/contract/alarms/notifications'
import { WORKBENCH_PERMISSION } from '../../../shared/contract/approvals/permissions'
import { pendingCount } from '../../../shared/contract/approvals/workbench'
import type { Endpoint } from '../../../shared/endpoint'

/** What the bell counts. */
export type UnreadEvent = 'openIncidents' | 'failedNotifications' | 'pendingApprovals'

/**
 * The spec's polling menu config (menuName, eventName, timeInterval, needPolling, columnName,
 * api): a count the console asks the hub for every `timeInterval` seconds and shows as the badge
 * of the menu entry `menuName` (its permission code, so the same entry whatever its label) and
 * in the header's bell. `columnName` is the field of the answer that holds the count. A user
 * without the menu's permission is not asked for (the hub would refuse it).
 */
export interface PollingMenu {
  menuName: string
  eventName: UnreadEvent
  timeInterval: number
  needPolling: boolean
  columnName: string
  api: Endpoint
  input: unknown
}

/**
 * Open incidents (the alert centre's records), failed notifications (the message centre's
 * notifications) and my pending approval tasks (the workbench's entry only, not the bell: a task
 * is work to do, not an alarm).
 */
export const POLLING_MENUS: readonly PollingMenu[] = [
  { menuName: INCIDENT_PERMISSION, eventName: 'openIncidents', timeInterval: 15, needPolling: true, columnName: 'totalElements', api: incidentList, input: { state: 'open', pageNum: 1, pageSize: 1 } },
  { menuName: 'message:notification', eventName: 'failedNotifications', timeInterval: 15, needPolling: true, columnName: 'count', api: notificationCount, input: { state: 'failed' } },
  { menuName: WORKBENCH_PERMISSION, eventName: 'pendingApprovals', timeInterval: 15, needPolling: true, columnName: 'count', api: pendingCount, input: {} },
]

/** Whether a user with these permissions is asked the count: the menu entry's and the call's (failed notifications are read under 'message:record'). */
export const mayPoll = (m: PollingMenu, can: (code: string | undefined) => boolean): boolean => m.needPolling && can(m.menuName) && can(m.api.permission)
