import type { AlarmRule } from '../../shared/rules/alarms/incidents'
import type { AlarmDb } from './tables'

/** A rule's settings as the evaluator and the watch use them (dh_alarm_rules; defaults seeded by 0016 and 0017). */
export interface RuleSettings {
  rule: AlarmRule
  enabled: boolean
  threshold: number
  reminderMs: number
  /** push_refused's window, datasource_check's interval. */
  periodMs: number
  /** The alarm configuration of rules whose object has none (licence, node). */
  receivers: string
}

/** Which rule a signal feeds: failed tries and dead deliveries both break a consumer's run of successes. */
export const RULES_OF_SIGNAL: Record<string, readonly AlarmRule[]> = {
  try_failed: ['consumer_failures'],
  delivery_dead: ['consumer_failures', 'consumer_dead'],
  run_failed: ['producer_run_failed'],
  push_refused: ['push_refused'],
}

export async function ruleSettings(db: AlarmDb): Promise<Map<string, RuleSettings>> {
  const rows = await db.selectFrom('dh_alarm_rules').selectAll().execute()
  return new Map(
    rows.map((r) => [
      r.rule,
      { rule: r.rule as AlarmRule, enabled: r.enabled === '1', threshold: Math.max(1, r.threshold), reminderMs: r.reminder_minutes * 60_000, periodMs: Math.max(1, r.period_seconds) * 1000, receivers: r.receivers },
    ]),
  )
}
