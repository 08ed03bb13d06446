import { z } from 'zod'
import { instantFilterRule } from '../../rules/dateTime'
import { defineEndpoint } from '../../endpoint'
import { OUTBOX_ACTIONS, OUTBOX_CHANNELS, OUTBOX_OBJECT_TYPES, OUTBOX_STATES } from '../../rules/alarms/outbox'
import { pagedSchema, pageQueryShape } from '../paging'
import { NOTIFICATION_PERMISSION } from './permissions'

/**
 * The message centre's calls (spec part 2 §1: "retry or discard individually, in batches or all;
 * mark processed; cancel a scheduled send"; §8: "an expired notification cannot be sent; send
 * time expired"). Every notice of the hub's outbox: producer callbacks, result notifications,
 * alarms, reminders and recoveries.
 *
 * What each action changes (the others in a selection are left as they are, and not counted):
 * retry — failed or discarded, not expired → pending, a fresh set of tries, due now;
 * discard — pending, scheduled or failed → discarded; cancel — scheduled → discarded (a send
 * planned for later is called off); process — failed or discarded → processed (dealt with
 * otherwise). Retrying only expired notices is refused with msg_notification_expired.
 */
export const notificationSchema = z.object({
  id: z.string(),
  /** callback, notify_db, notify_http, notify_email, alarm, reminder, recovery */
  kind: z.string(),
  channel: z.string(),
  state: z.enum(OUTBOX_STATES),
  objectType: z.string(),
  objectId: z.string(),
  title: z.string(),
  /** The message a callback or result notification reports on; null for alarm notices. */
  messageId: z.string().nullable(),
  incidentId: z.string().nullable(),
  attempts: z.number().int(),
  /** When the next try is due (pending, scheduled). */
  nextAttemptAt: z.string(),
  lastError: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** Past expiresAt: it can no longer be sent. */
  expired: z.boolean(),
})
export type Notification = z.output<typeof notificationSchema>

/** An instant in the spec's or ISO's form, compared as the stored UTC instant (rules/dateTime.ts). */
const isoTime = instantFilterRule()
export const notificationFilterShape = {
  channel: z.enum(OUTBOX_CHANNELS).optional(),
  state: z.enum(OUTBOX_STATES).optional(),
  kind: z.string().trim().max(32).optional(),
  objectType: z.enum(OUTBOX_OBJECT_TYPES).optional(),
  objectId: z.string().trim().max(64).optional(),
  /** ISO 8601 bounds of createdAt, inclusive. */
  createdFrom: isoTime,
  createdTo: isoTime,
}
export const notificationFilterSchema = z.object(notificationFilterShape)
export type NotificationFilter = z.output<typeof notificationFilterSchema>

const base = { area: 'platform', access: 'session', permission: NOTIFICATION_PERMISSION } as const

/** Notifications, newest first. */
export const notificationList = defineEndpoint({
  ...base,
  id: 'platform.notification.list',
  method: 'GET',
  path: '/notification/list',
  input: z.object({ ...pageQueryShape, ...notificationFilterShape }),
  output: pagedSchema(notificationSchema),
})

/** How many notifications a filter matches (a badge; the count shown before an action on all of them is /notification/bulk's dryRun). */
export const notificationCount = defineEndpoint({ ...base, id: 'platform.notification.count', method: 'GET', path: '/notification/count', input: notificationFilterSchema, output: z.object({ count: z.number().int() }) })

const ids = z.object({ ids: z.array(z.string().min(1)).min(1, 'msg_notification_select').max(1000, 'msg_notification_select') })
const changedCount = z.object({ count: z.number().int() })

export const notificationRetry = defineEndpoint({ ...base, id: 'platform.notification.retry', method: 'POST', path: '/notification/retry', input: ids, output: changedCount })
export const notificationDiscard = defineEndpoint({ ...base, id: 'platform.notification.discard', method: 'POST', path: '/notification/discard', input: ids, output: changedCount })
export const notificationProcess = defineEndpoint({ ...base, id: 'platform.notification.process', method: 'POST', path: '/notification/process', input: ids, output: changedCount })
export const notificationCancel = defineEndpoint({ ...base, id: 'platform.notification.cancel', method: 'POST', path: '/notification/cancel', input: ids, output: changedCount })

/** One action on every notification the filter matches; dryRun answers how many it would change. */
export const notificationBulk = defineEndpoint({
  ...base,
  id: 'platform.notification.bulk',
  method: 'POST',
  path: '/notification/bulk',
  input: z.object({ action: z.enum(OUTBOX_ACTIONS), dryRun: z.boolean().default(false), filter: notificationFilterSchema }),
  output: changedCount,
})
