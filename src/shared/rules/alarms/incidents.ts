/**
 * Alarm rules and incidents (issue 15). An incident is keyed by (rule, object): while it is open,
 * repeats add to its count instead of sending again (a reminder at most once per the rule's
 * interval); when the object recovers, it is resolved and a recovery notice goes out.
 *
 * Raised from events the delivery worker, the pull and the scheduler record (evaluate.ts):
 * - consumer_dead: a delivery of the consumer ended dead (tries used up or a permanent failure);
 *   threshold: dead deliveries before alarming (default 1). Pushed and pulled consumers alike.
 *   Cleared when none of the consumer's deliveries is dead any more (retried or discarded), not
 *   by the next success.
 * - consumer_failures: the consumer failed `threshold` tries in a row (default 3), counting every
 *   failed try, retries included; a delivered message resets the count.
 * - producer_run_failed: a scheduled (or run-now) producer run failed after its retries
 *   (dh_runs 'failed'); threshold: failed runs in a row (default 1).
 * - push_refused: pushes to the producer refused for their format or schema, `threshold` (default
 *   10) within a window of `period` seconds (default 300); cleared once a window passes with none.
 *
 * Raised from conditions the hub looks at (watch/):
 * - consumer_lag: the consumer's oldest undelivered message waited longer than `threshold`
 *   seconds (default 1800); cleared when it caught up.
 * - mq_broker_lost: an mq producer's listener lost its broker for longer than `threshold`
 *   seconds (default 60); cleared when it listens again.
 * - datasource_check: the periodic connection test (every `period` seconds, default 300) of an
 *   enabled data source a producer or consumer uses failed `threshold` times in a row (default 1);
 *   cleared when it passes. Its notices go to the alarm settings of those producers and consumers.
 * - licence_expiring: the installed licence expires within `threshold` days (default 30); one
 *   incident per licence, cleared when another licence is installed.
 * - node_silent: a hub node of a PostgreSQL store wrote no heartbeat for `threshold` seconds
 *   (default 60); raised by another node, cleared when it beats again.
 * Licence and node incidents have no object with alarm settings: they go to the rule's receivers.
 *
 * The alarm configuration's `value` (1/2/3/5) is not a count: spec part 1 §9 gives it as the
 * channel's code ("Alarm channel values email 1, mobile 2, dingding 3, http 5"), which the
 * console's alarm editor writes with each channel. Thresholds are the rules' (the alert centre).
 */
export const ALARM_RULES = [
  'consumer_dead', 'consumer_failures', 'consumer_lag', 'producer_run_failed', 'mq_broker_lost', 'push_refused', 'datasource_check', 'licence_expiring', 'node_silent',
] as const
export type AlarmRule = (typeof ALARM_RULES)[number]
export const ALARM_OBJECT_TYPES = ['consumer', 'producer', 'datasource', 'licence', 'node'] as const
export type AlarmObjectType = (typeof ALARM_OBJECT_TYPES)[number]
export const INCIDENT_STATES = ['open', 'resolved'] as const
export type IncidentState = (typeof INCIDENT_STATES)[number]

/** What a rule's threshold counts: failures, seconds or days. */
export type ThresholdUnit = 'times' | 'seconds' | 'days'
export const RULE_THRESHOLD_UNIT: Record<AlarmRule, ThresholdUnit> = {
  consumer_dead: 'times',
  consumer_failures: 'times',
  consumer_lag: 'seconds',
  producer_run_failed: 'times',
  mq_broker_lost: 'seconds',
  push_refused: 'times',
  datasource_check: 'times',
  licence_expiring: 'days',
  node_silent: 'seconds',
}
/** The rules whose `period` means something: push_refused's window, datasource_check's interval. */
export const RULES_WITH_PERIOD: readonly AlarmRule[] = ['push_refused', 'datasource_check']

/** The rules whose alarms belong to no object with alarm settings: they go to the rule's own receivers. */
export const RULES_WITH_RECEIVERS: readonly AlarmRule[] = ['licence_expiring', 'node_silent']

/** Bounds of a rule's settings. */
export const THRESHOLD_MAX = 86_400
export const REMINDER_MINUTES_MIN = 1
export const REMINDER_MINUTES_MAX = 10_080
export const PERIOD_SECONDS_MIN = 1
export const PERIOD_SECONDS_MAX = 86_400

/** Robot and webhook kinds an alarm may go to (dh_alarm_webhooks); sms is an HTTP SMS gateway. */
export const WEBHOOK_KINDS = ['dingtalk', 'wecom', 'feishu', 'http', 'sms'] as const
export type WebhookKind = (typeof WEBHOOK_KINDS)[number]
