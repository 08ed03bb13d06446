import { z } from 'zod'
import { instantFilterRule } from '../../rules/dateTime'
import { defineEndpoint } from '../../endpoint'
import { ALARM_OBJECT_TYPES, ALARM_RULES, INCIDENT_STATES, PERIOD_SECONDS_MAX, PERIOD_SECONDS_MIN, REMINDER_MINUTES_MAX, REMINDER_MINUTES_MIN, THRESHOLD_MAX } from '../../rules/alarms/incidents'
import { alarmConfigSchema } from '../datahub/common'
import { pagedSchema, pageQueryShape } from '../paging'
import { ALARM_RULE_PERMISSION, INCIDENT_PERMISSION } from './permissions'

/**
 * The alert centre's calls (issue 15; not shown by the spec, designed like the platform's lists
 * under /api/inner/platform): incidents by state, rule, object and time last seen; acknowledge
 * and resolve a selection; the rules with their switch, threshold and reminder interval.
 */
export const incidentSchema = z.object({
  id: z.string(),
  rule: z.enum(ALARM_RULES),
  objectType: z.enum(ALARM_OBJECT_TYPES),
  objectId: z.string(),
  objectName: z.string(),
  topicCode: z.string(),
  state: z.enum(INCIDENT_STATES),
  openedAt: z.string(),
  lastSeenAt: z.string(),
  /** Alarms counted while it was open (repeats are counted, not re-sent). */
  count: z.number().int(),
  lastError: z.string(),
  /** When the last alarm or reminder went out. */
  notifiedAt: z.string().nullable(),
  /**
   * How many channels its alarm was written for (one notice each, the message centre's rows).
   * 0: it reached nobody, because the object's alarm settings name no channel or only webhooks
   * that are unknown or disabled; the alert centre says so rather than let it pass as sent.
   */
  alarmChannels: z.number().int().default(0),
  acknowledgedBy: z.string(),
  acknowledgedAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  /** '' when the hub saw the object recover; the operator's name when resolved by hand. */
  resolvedBy: z.string(),
})
export type Incident = z.output<typeof incidentSchema>

/** An instant in the spec's or ISO's form, compared as the stored UTC instant (rules/dateTime.ts). */
const isoTime = instantFilterRule()
const base = { area: 'platform', access: 'session', permission: INCIDENT_PERMISSION } as const

export const incidentFilterShape = {
  state: z.enum(INCIDENT_STATES).optional(),
  rule: z.enum(ALARM_RULES).optional(),
  objectType: z.enum(ALARM_OBJECT_TYPES).optional(),
  objectId: z.string().trim().max(64).optional(),
  /** ISO 8601 bounds of lastSeenAt, inclusive. */
  seenFrom: isoTime,
  seenTo: isoTime,
}

/** Incidents, open first, then the most recently seen. */
export const incidentList = defineEndpoint({
  ...base,
  id: 'platform.alarm.incident.list',
  method: 'GET',
  path: '/alarm/incident/list',
  input: z.object({ ...pageQueryShape, ...incidentFilterShape }),
  output: pagedSchema(incidentSchema),
})

const incidentIds = z.object({ ids: z.array(z.string().min(1)).min(1, 'msg_incident_not_found').max(1000, 'msg_incident_not_found') })
const changedCount = z.object({ count: z.number().int() })

/** Marks open incidents as seen by the caller (alarms keep counting; reminders go on). */
export const incidentAcknowledge = defineEndpoint({ ...base, id: 'platform.alarm.incident.acknowledge', method: 'POST', path: '/alarm/incident/acknowledge', input: incidentIds, output: changedCount })

/**
 * Closes open incidents by hand: no recovery notice (the object did not say it recovered), the
 * reminders not sent yet are discarded, and the next failure opens a new incident.
 */
export const incidentResolve = defineEndpoint({ ...base, id: 'platform.alarm.incident.resolve', method: 'POST', path: '/alarm/incident/resolve', input: incidentIds, output: changedCount })

export const alarmRuleSchema = z.object({
  /** The rule's name again: a rule is its own key, and the console's lists key rows by id. */
  id: z.string(),
  rule: z.enum(ALARM_RULES),
  objectType: z.enum(ALARM_OBJECT_TYPES),
  enabled: z.enum(['0', '1']),
  threshold: z.number().int(),
  reminderMinutes: z.number().int(),
  /** push_refused's window and datasource_check's interval, in seconds (RULES_WITH_PERIOD); 0 for the others. */
  periodSeconds: z.number().int(),
  /** An alarm configuration (objData JSON, spec part 1 §3) for licence and node incidents, which have no object settings. */
  receivers: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string(),
})
export type AlarmRuleEntry = z.output<typeof alarmRuleSchema>

const isAlarmConfig = (text: string) => {
  try {
    return alarmConfigSchema.partial().safeParse(JSON.parse(text)).success
  } catch {
    return false
  }
}

const ruleBase = { area: 'platform', access: 'session', permission: ALARM_RULE_PERMISSION } as const

export const alarmRuleList = defineEndpoint({ ...ruleBase, id: 'platform.alarm.rule.list', method: 'GET', path: '/alarm/rule/list', input: z.object({}), output: z.array(alarmRuleSchema) })

export const alarmRuleUpdate = defineEndpoint({
  ...ruleBase,
  id: 'platform.alarm.rule.update',
  method: 'POST',
  path: '/alarm/rule/update',
  input: z.object({
    rule: z.enum(ALARM_RULES, { error: 'msg_alarm_rule_not_found' }),
    enabled: z.enum(['0', '1'], { error: 'msg_flag_required' }),
    threshold: z.coerce.number({ error: 'msg_alarm_rule_threshold_rule' }).int('msg_alarm_rule_threshold_rule').min(1, 'msg_alarm_rule_threshold_rule').max(THRESHOLD_MAX, 'msg_alarm_rule_threshold_rule'),
    reminderMinutes: z.coerce
      .number({ error: 'msg_alarm_rule_reminder_rule' })
      .int('msg_alarm_rule_reminder_rule')
      .min(REMINDER_MINUTES_MIN, 'msg_alarm_rule_reminder_rule')
      .max(REMINDER_MINUTES_MAX, 'msg_alarm_rule_reminder_rule'),
    /** Left as stored when not sent. */
    periodSeconds: z.coerce
      .number({ error: 'msg_alarm_rule_period_rule' })
      .int('msg_alarm_rule_period_rule')
      .min(PERIOD_SECONDS_MIN, 'msg_alarm_rule_period_rule')
      .max(PERIOD_SECONDS_MAX, 'msg_alarm_rule_period_rule')
      .optional(),
    receivers: z
      .string()
      .max(4000, 'msg_alarm_rule_receivers_rule')
      .refine((v) => v === '' || isAlarmConfig(v), 'msg_alarm_rule_receivers_rule')
      .optional(),
  }),
  output: alarmRuleSchema,
})
