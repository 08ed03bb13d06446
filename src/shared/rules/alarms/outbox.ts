import { ALARM_OBJECT_TYPES } from './incidents'
/**
 * The notification outbox as the message centre speaks of it (spec part 2 §1: "retry or discard
 * individually, in batches or all; mark processed; cancel a scheduled send"). Every notice the
 * hub sends — producer callbacks, result notifications, alarms, reminders, recoveries — is one
 * row in one of these states.
 */
export const OUTBOX_STATES = ['pending', 'sending', 'scheduled', 'sent', 'failed', 'discarded', 'processed'] as const
export type OutboxState = (typeof OUTBOX_STATES)[number]
/** States the sender takes a row from once its next try is due. */
export const OUTBOX_DUE_STATES = ['pending', 'scheduled'] as const satisfies readonly OutboxState[]
/** An operator may send again what was given up or put aside. */
export const RETRYABLE_STATES = ['failed', 'discarded'] as const satisfies readonly OutboxState[]
/** An operator may discard what is not sent yet, or given up. */
export const DISCARDABLE_STATES = ['pending', 'scheduled', 'failed'] as const satisfies readonly OutboxState[]
/** "Cancel a scheduled send": a notice waiting for a later try. */
export const CANCELLABLE_STATES = ['scheduled'] as const satisfies readonly OutboxState[]
/** "Mark processed": the operator dealt with a failed notice another way. */
export const PROCESSABLE_STATES = ['failed', 'discarded'] as const satisfies readonly OutboxState[]

/** Where a notice goes: result notifications and callbacks, and the alarm channels. */
export const OUTBOX_CHANNELS = ['callback', 'db', 'email', 'http', 'dingtalk', 'wecom', 'feishu', 'sms'] as const
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number]

/** Kinds of notice: callbacks and result notifications (notify_*), and alarm notices. */
export const ALARM_NOTICE_KINDS = ['alarm', 'reminder', 'recovery'] as const
export type AlarmNoticeKind = (typeof ALARM_NOTICE_KINDS)[number]

/** The kind of an approval task's mail to its approver (hub/approvals/mail). */
export const APPROVAL_MAIL_KIND = 'approval_task'

/** Every kind of notice the outbox holds: what the message centre labels (alarms:kind_<kind>). */
export const OUTBOX_KINDS = ['callback', 'notify_db', 'notify_http', 'notify_email', ...ALARM_NOTICE_KINDS, APPROVAL_MAIL_KIND] as const

/** What a notice is about: an alarm's object, or an approval (alarms:object_<type>). */
export const OUTBOX_OBJECT_TYPES = [...ALARM_OBJECT_TYPES, 'approval'] as const
export type OutboxObjectType = (typeof OUTBOX_OBJECT_TYPES)[number]

/** The bulk actions of the message centre ("all matching the filter"). */
export const OUTBOX_ACTIONS = ['retry', 'discard', 'process', 'cancel'] as const
export type OutboxAction = (typeof OUTBOX_ACTIONS)[number]
