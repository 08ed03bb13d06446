/**
 * Alarm rules and incidents (issue 15). An incident is keyed by (rule, object): while it is open,
 * repeats add to its count instead of sending again (a reminder at most once per the rule's
 * interval); when the object recovers, it is resolved and a recovery notice goes out.
 *
 * - consumer_dead: a delivery of the consumer ended dead (tries used up or a permanent failure);
 *   threshold: dead deliveries before alarming (default 1).
 * - consumer_failures: the consumer failed `threshold` tries in a row (default 3), counting every
 *   failed try, retries included; a delivered message resets the count.
 * - producer_run_failed: a scheduled (or run-now) producer run failed after its retries
 *   (dh_runs 'failed'); threshold: failed runs in a row (default 1).
 *
 * The alarm configuration's `value` (1/2/3/5) is not a count: spec part 1 §9 gives it as the
 * channel's code ("Alarm channel values email 1, mobile 2, dingding 3, http 5"), which the
 * console's alarm editor writes with each channel. Thresholds are the rules' (the alert centre).
 */
export const ALARM_RULES = ['consumer_dead', 'consumer_failures', 'producer_run_failed'] as const
export type AlarmRule = (typeof ALARM_RULES)[number]
export const ALARM_OBJECT_TYPES = ['consumer', 'producer'] as const
export type AlarmObjectType = (typeof ALARM_OBJECT_TYPES)[number]
export const INCIDENT_STATES = ['open', 'resolved'] as const
export type IncidentState = (typeof INCIDENT_STATES)[number]

/** Bounds of a rule's settings. */
export const THRESHOLD_MAX = 1000
export const REMINDER_MINUTES_MIN = 1
export const REMINDER_MINUTES_MAX = 10_080

/** Robot and webhook kinds an alarm may go to (dh_alarm_webhooks). */
export const WEBHOOK_KINDS = ['dingtalk', 'wecom', 'feishu', 'http'] as const
export type WebhookKind = (typeof WEBHOOK_KINDS)[number]
