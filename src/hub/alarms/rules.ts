import type { AlarmRule } from '../../shared/rules/alarms/incidents'
import type { AlarmDb } from './tables'

/** A rule's settings as the evaluator uses them (dh_alarm_rules; defaults seeded by 0016). */
export interface RuleSettings {
  rule: AlarmRule
  enabled: boolean
  threshold: number
  reminderMs: number
}

/** Which rule a signal feeds: failed tries and dead deliveries both break a consumer's run of successes. */
export const RULES_OF_SIGNAL: Record<string, readonly AlarmRule[]> = {
  try_failed: ['consumer_failures'],
  delivery_dead: ['consumer_failures', 'consumer_dead'],
  run_failed: ['producer_run_failed'],
}

export async function ruleSettings(db: AlarmDb): Promise<Map<string, RuleSettings>> {
  const rows = await db.selectFrom('dh_alarm_rules').selectAll().execute()
  return new Map(rows.map((r) => [r.rule, { rule: r.rule as AlarmRule, enabled: r.enabled === '1', threshold: Math.max(1, r.threshold), reminderMs: r.reminder_minutes * 60_000 }]))
}
