import type { Kysely, Selectable } from 'kysely'
import type { RuntimeTables } from '../runtime/tables'
import type { HubDatabase } from '../store/schema'

/** The alarm tables (migration 0016) as Kysely sees them. */
export interface AlarmEventsTable {
  id: string
  /** try_failed | delivery_dead | run_failed | run_succeeded (ALARM_SIGNALS) */
  signal: string
  object_type: string
  object_id: string
  detail: string
  at: string
}

export interface AlarmStreaksTable {
  rule: string
  object_id: string
  count: number
  last_at: string
}

export interface IncidentsTable {
  id: string
  rule: string
  object_type: string
  object_id: string
  object_name: string
  topic_code: string
  state: string
  opened_at: string
  last_seen_at: string
  count: number
  last_error: string
  notified_at: string | null
  acknowledged_by: string
  acknowledged_at: string | null
  resolved_at: string | null
  resolved_by: string
}

export interface AlarmRulesTable {
  rule: string
  object_type: string
  enabled: string
  threshold: number
  reminder_minutes: number
  updated_at: string
  updated_by: string
}

export interface AlarmWebhooksTable {
  id: string
  code: string
  name: string
  kind: string
  url: string
  /** AES-256-GCM text of the signing secret (datahub/dataSources/secrets.ts); '' when none. */
  secret_secret: string
  status: string
  remark: string
  created_at: string
  updated_at: string
}

export interface AlarmLeaseTable {
  name: string
  lease_until: string
}

export type AlarmTables = RuntimeTables & {
  dh_alarm_events: AlarmEventsTable
  dh_alarm_streaks: AlarmStreaksTable
  dh_incidents: IncidentsTable
  dh_alarm_rules: AlarmRulesTable
  dh_alarm_webhooks: AlarmWebhooksTable
  dh_alarm_lease: AlarmLeaseTable
}

export const alarmDb = (db: Kysely<HubDatabase>) => db.withTables<AlarmTables>()
export type AlarmDb = ReturnType<typeof alarmDb>
export type IncidentRow = Selectable<IncidentsTable>
export type AlarmEventRow = Selectable<AlarmEventsTable>

/** What the hooks record (events.ts). */
export const ALARM_SIGNALS = ['try_failed', 'delivery_dead', 'run_failed', 'run_succeeded'] as const
export type AlarmSignal = (typeof ALARM_SIGNALS)[number]
