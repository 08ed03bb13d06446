import type { Kysely } from 'kysely'
import type { HubDatabase } from '../store/schema'

/** The operation-log tables of migration 0020 as Kysely sees them. */
export interface AuditLogTable {
  id: string
  call_id: string
  at: string
  user_id: string | null
  username: string
  address: string
  channel: string
  action: string
  outcome: string
  code: string
  object_type: string
  object_id: string
  object_name: string
  before: string | null
  after: string | null
}

export interface SystemLogTable {
  id: string
  at: string
  level: string
  source: string
  reference: string
  message: string
}

export type LogTables = {
  audit_log: AuditLogTable
  system_log: SystemLogTable
}

export const logsDb = (db: Kysely<HubDatabase>) => db.withTables<LogTables>()
export type LogsDb = ReturnType<typeof logsDb>
