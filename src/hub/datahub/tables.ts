import type { Kysely } from 'kysely'
import { repositoryOf, rowsOf } from '../store/repository'
import type { HubDatabase } from '../store/schema'

/**
 * The data-hub tables (migration 0002) as Kysely sees them. Scalar wire fields are text columns
 * named in snake case; the field lists below drive both the column types and the mapping
 * between rows and wire records (rows.ts), so adding a field is one line here and one in the
 * migration.
 */
export type Snake<S extends string> = S extends `${infer C}${infer R}` ? `${C extends Lowercase<C> ? C : `_${Lowercase<C>}`}${Snake<R>}` : S
export const snake = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)
export type TextColumns<F extends string> = { [K in F as Snake<K>]: string }

const PROCESSOR_FIELDS = [
  'preProcessorEnabled', 'preProcessorType', 'preProcessorExpression', 'preProcessorRemark',
  'postProcessorEnabled', 'postProcessorType', 'postProcessorExpression', 'postProcessorRemark',
] as const

export const TOPIC_TEXT_FIELDS = [
  'code', 'name', 'status', 'isDelete', 'topicSchema', 'remark', 'dataStatistics', 'dataFormat', 'dataLevel', 'distributeType', 'alarm', 'tags',
] as const

export const PRODUCER_TEXT_FIELDS = [
  'topicCode', 'appCode', 'appType', 'appName', 'appManagerEmail', 'productionMode', 'dataSourceName', 'transParam', 'requestSchema',
  'remark', 'requestStrategy', 'intervalUnit', 'weeks', 'minutes', 'amHours', 'pmHours', 'pollingInterval', 'pollingStartTime', 'alarm',
  'alarmStatus', 'receiveEmail', ...PROCESSOR_FIELDS, 'columns', 'retriable', 'retryNum', 'retryTimeInterval', 'status',
] as const

export const CONSUMER_TEXT_FIELDS = [
  'topicCode', 'routingKey', 'applicationCode', 'applicationName', 'applicationType', 'applicationMaintainer', 'dataConsumeType',
  'datasourceName', 'remark', 'retriable', 'retryNum', 'retryTimeInterval', 'requestBodySchema', 'alarm', 'alarmStatus',
  'receiveEmail', 'extraEmail', ...PROCESSOR_FIELDS, 'notifyInfo', 'fieldMappings', 'status',
] as const

interface AuditColumns {
  id: string
  version: number
  created_at: string
  created_by: string
  updated_at: string
  updated_by: string
}

export type TopicText = TextColumns<(typeof TOPIC_TEXT_FIELDS)[number]>
export type ProducerText = TextColumns<(typeof PRODUCER_TEXT_FIELDS)[number]>
export type ConsumerText = TextColumns<(typeof CONSUMER_TEXT_FIELDS)[number]>

export type TopicsTable = AuditColumns &
  TopicText & {
    /** JSON list of route rows. */
    route_table_data: string
    log_store_day: number
    log_data_store_day: number
  }

export type ProducersTable = AuditColumns &
  ProducerText & {
    topic_id: string
    /** JSON object of the mode sub-models (httpRequestInfoModel, …). */
    models: string
  }

export type ConsumersTable = AuditColumns &
  ConsumerText & {
    topic_id: string
    models: string
  }

export interface VersionBacktracksTable {
  id: string
  type_code: string
  type_id: string
  content: string
  remark: string
  version: number
  created_at: string
  created_by: string
  /** Names of the approvers whose decisions applied the change (migration 0028); null when none was needed. */
  approved_by: string | null
}

export type DatahubTables = {
  topics: TopicsTable
  producers: ProducersTable
  consumers: ConsumersTable
  version_backtracks: VersionBacktracksTable
}

/** The store's Kysely with the data-hub tables known (the foundation schema stays untouched). */
export const datahubDb = (db: Kysely<HubDatabase>) => db.withTables<DatahubTables>()
export type DatahubDb = ReturnType<typeof datahubDb>
/** The database those tables are part of, as repositories name it. */
export type DatahubDatabase = DatahubDb extends Kysely<infer D> ? D : never

/** The repositories of this area's aggregates, typed on its tables (store/repository.ts). */
export const datahubRepository = repositoryOf<DatahubDatabase>()
/** …and the stored rows of those whose record is a joined read (topics, producers, consumers). */
export const datahubRows = rowsOf<DatahubDatabase>()
