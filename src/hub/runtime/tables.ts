import type { Generated, Kysely, Selectable } from 'kysely'
import type { DatahubTables } from '../datahub/tables'
import type { HubDatabase } from '../store/schema'
import type { RollupTables } from '../ops/rollups/tables'

/** The runtime's tables (migration 0005) as Kysely sees them. */
export interface MessagesTable {
  id: string
  topic_id: string
  topic_code: string
  producer_id: string
  payload: string | null
  content_type: string
  routing_key: string
  received_at: string
  payload_expires_at: string
  log_expires_at: string
  /** The scheduled run that fetched it (migration 0015); null for a pushed message. */
  run_id?: string | null
  /** An mq producer's AMQP properties as JSON (migration 0027, queue/properties.ts); null when none. */
  properties?: string | null
}

export interface DeliveriesTable {
  id: string
  message_id: string
  consumer_id: string
  status: string
  attempts: number
  next_attempt_at: string
  lease_until: string | null
  last_error: string
  created_at: string
  started_at: string | null
  finished_at: string | null
  duration_ms: number | null
}

/**
 * The hub's notification outbox (migration 0010, generalised by 0016): producer callbacks,
 * result notifications and alarm notices. status: pending | sending | scheduled | sent | failed |
 * discarded | processed (OUTBOX_STATES). Alarm rows have no message: message_id holds their
 * incident's id, so the (message_id, consumer_key) key still writes each notice once.
 */
export interface CallbacksTable {
  id: string
  message_id: string
  kind: string
  owner_id: string
  consumer_key: string
  status: string
  attempts: number
  next_attempt_at: string
  lease_until: string | null
  body: string
  last_error: string
  created_at: string
  finished_at: string | null
  /** callback, db, http, email (result notifications); email, dingtalk, wecom, feishu, http (alarms). */
  channel: Generated<string>
  /** consumer | producer (alarms and result notifications), '' for callbacks written before 0016. */
  object_type: Generated<string>
  object_id: Generated<string>
  /** A short title for the message centre's list. */
  title: Generated<string>
  incident_id: string | null
  /** Past this, the notice is not sent any more (the spec's "send time expired"). */
  expires_at: string | null
}

/** A fire of a producer's schedule, or a "run now" (migration 0015). */
export interface RunsTable {
  id: string
  producer_id: string
  topic_id: string
  planned_at: string
  trigger: string
  state: string
  node: string
  lease_until: string | null
  attempt: number
  next_attempt_at: string | null
  started_at: string | null
  finished_at: string | null
  rows_read: number
  messages_accepted: number
  messages_refused: number
  error: string
  purge_at: string
}

/** Where a producer's source was read up to, committed with its batch (migration 0015). */
export interface ProducerCheckpointsTable {
  producer_id: string
  checkpoint: string
  run_id: string
  updated_at: string
}

/** dh_rollups (migration 0018) is written by the runtime with what it counts (ops/rollups/write.ts). */
export type RuntimeTables = DatahubTables & RollupTables & {
  dh_messages: MessagesTable
  dh_deliveries: DeliveriesTable
  dh_callbacks: CallbacksTable
  dh_runs: RunsTable
  dh_producer_checkpoints: ProducerCheckpointsTable
}

export const runtimeDb = (db: Kysely<HubDatabase>) => db.withTables<RuntimeTables>()
export type RuntimeDb = ReturnType<typeof runtimeDb>
export type MessageRow = Selectable<MessagesTable>
export type DeliveryRow = Selectable<DeliveriesTable>
export type RunRow = Selectable<RunsTable>
