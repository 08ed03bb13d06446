import type { Route } from '../../http/context'
import { alarmRuleList, alarmRuleUpdate, incidentAcknowledge, incidentList, incidentResolve } from './incidents'
import { webhookDelete, webhookList, webhookSave } from './webhooks'
import { notificationBulk, notificationCancel, notificationCount, notificationDiscard, notificationList, notificationProcess, notificationRetry } from './notifications'

/** The alert centre's and the message centre's endpoints (contract: shared/contract/alarms/). */
export const alarmRoutes: readonly Route[] = [
  incidentList,
  incidentAcknowledge,
  incidentResolve,
  alarmRuleList,
  alarmRuleUpdate,
  notificationList,
  notificationCount,
  notificationRetry,
  notificationDiscard,
  notificationProcess,
  notificationCancel,
  notificationBulk,
  webhookList,
  webhookSave,
  webhookDelete,
]
