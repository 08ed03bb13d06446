import * as incidentCalls from '../../../shared/contract/alarms/incidents'
import * as notificationCalls from '../../../shared/contract/alarms/notifications'
import * as webhookCalls from '../../../shared/contract/alarms/webhooks'
import { endpointsIn } from '../../../shared/endpoint'
import type { Route } from '../../http/context'
import { routesFor } from '../../http/routeMaps'
import { alarmRuleList, alarmRuleUpdate, incidentAcknowledge, incidentList, incidentResolve } from './incidents'
import { notificationBulk, notificationCancel, notificationCount, notificationDiscard, notificationList, notificationProcess, notificationRetry } from './notifications'
import { webhookDelete, webhookList, webhookSave } from './webhooks'

/**
 * The alert centre's and the message centre's handlers, one per endpoint of each contract module
 * (shared/contract/alarms/): the compiler checks none is missing or extra.
 */
export const alarmRoutes: readonly Route[] = [
  ...routesFor(endpointsIn(incidentCalls), { incidentList, incidentAcknowledge, incidentResolve, alarmRuleList, alarmRuleUpdate }),
  ...routesFor(endpointsIn(notificationCalls), { notificationList, notificationCount, notificationRetry, notificationDiscard, notificationProcess, notificationCancel, notificationBulk }),
  ...routesFor(endpointsIn(webhookCalls), { webhookList, webhookSave, webhookDelete }),
]
