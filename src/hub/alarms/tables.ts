import type { Kysely, Selectable } from 'kysely'
import type { DataSourceTables } from '../datahub/dataSources/tables'
import type { RuntimeTables } from '../runtime/tables'
import type { HubDatabase } from '../store/schema'

/** The alarm tables (migrations 0016 and 0017) as Kysely sees them. */
export interface AlarmEventsTable {
  id: string
  /** try_failed | delivery_dead | run_failed | run_succeeded | push_refused (ALARM_SIGNALS) */
  signal: string
  object_type: string
  object_id: string
  detail: string
  at: string
  /** How many happenings the row stands for (a node's refusal counter flushes several at once). */
  count: number
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
  /** push_refused's window, datasource_check's interval (0017). */
  period_seconds: number
  /** An alarm configuration (objData JSON) for rules whose object has none (0017). */
  receivers: string
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
  /** The SMS gateway's request (kind sms, 0017): GET or POST, its body template, header templates as a JSON object. */
  method: string
  body_template: string
  headers: string
  created_at: string
  updated_at: string
}

export interface AlarmLeaseTable {
  name: string
  lease_until: string
}

export interface HubNodesTable {
  node_id: string
  host: string
  started_at: string
  beat_at: string
}

export type AlarmTables = RuntimeTables & DataSourceTables & {
  dh_hub_nodes: HubNodesTable
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
export const ALARM_SIGNALS = ['try_failed', 'delivery_dead', 'run_failed', 'run_succeeded', 'push_refused'] as const
export type AlarmSignal = (typeof ALARM_SIGNALS)[number]
