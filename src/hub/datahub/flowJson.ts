import { sql, type RawBuilder } from 'kysely'
import { ROUTE_BY_KEY } from '../../shared/rules/datahub/topic'
import { SCHEDULED_MODES } from '../../shared/rules/datahub/producer'
import type { StoreKind } from '../store/connect'
import { PreserialisedJson } from '../http/preserialised'
import type { DatahubDb } from './tables'

/**
 * Topic flow rows written as JSON by the database itself (SQLite json_object / PostgreSQL
 * json_build_object): for 2,000 topics the hub then has nothing to map, validate or stringify,
 * and /topic/listAll costs little more than its query (bench/topicListAll.bench.ts). The wire
 * names and order are those of flows.ts#assembleFlows; tests/integration/datahub/flowJson.test.ts
 * holds both to the same answer on both stores.
 */

/** [wire field, column] — constants only: they are spliced into the SQL text. */
const TOPIC_FIELDS = [
  ['id', 'id'], ['version', 'version'], ['createdAt', 'created_at'], ['updatedAt', 'updated_at'], ['code', 'code'],
  ['name', 'name'], ['status', 'status'], ['isDelete', 'is_delete'], ['remark', 'remark'], ['dataStatistics', 'data_statistics'],
  ['dataFormat', 'data_format'], ['dataLevel', 'data_level'], ['distributeType', 'distribute_type'],
  ['logStoreDay', 'log_store_day'], ['logDataStoreDay', 'log_data_store_day'], ['tags', 'tags'],
] as const
const PRODUCER_FIELDS = [
  ['id', 'id'], ['version', 'version'], ['topicCode', 'topic_code'], ['appCode', 'app_code'], ['appName', 'app_name'],
  ['appType', 'app_type'], ['productionMode', 'production_mode'], ['alarmStatus', 'alarm_status'], ['retriable', 'retriable'],
  ['status', 'status'], ['requestStrategy', 'request_strategy'], ['intervalUnit', 'interval_unit'], ['weeks', 'weeks'],
  ['minutes', 'minutes'], ['amHours', 'am_hours'], ['pmHours', 'pm_hours'], ['pollingInterval', 'polling_interval'],
  ['pollingStartTime', 'polling_start_time'],
] as const
/** routingKey is computed (effectiveRoutingKey): it sits after topicCode, as in assembleFlows. */
const CONSUMER_HEAD = [['id', 'id'], ['version', 'version'], ['topicCode', 'topic_code']] as const
const CONSUMER_TAIL = [
  ['applicationCode', 'application_code'], ['applicationName', 'application_name'], ['applicationType', 'application_type'],
  ['dataConsumeType', 'data_consume_type'], ['alarmStatus', 'alarm_status'], ['retriable', 'retriable'], ['retryNum', 'retry_num'],
  ['retryTimeInterval', 'retry_time_interval'], ['status', 'status'],
] as const

const pairs = (alias: string, fields: readonly (readonly [string, string])[]): string =>
  fields.map(([key, column]) => `'${key}', ${alias}.${column}`).join(', ')

function flowSql(kind: StoreKind, scheduledOnly: boolean): RawBuilder<{ flows: string | Uint8Array | null }> {
  const object = kind === 'postgres' ? 'json_build_object' : 'json_object'
  const array = kind === 'postgres' ? 'json_agg' : 'json_group_array'
  // The routing key a consumer answers with: its own only when the topic routes by key.
  const routingKey = `'routingKey', CASE WHEN t.distribute_type = '${ROUTE_BY_KEY}' THEN c.routing_key ELSE t.code END`
  const consumer = `${object}(${pairs('c', CONSUMER_HEAD)}, ${routingKey}, ${pairs('c', CONSUMER_TAIL)})`
  const producer = `${object}(${pairs('p', PRODUCER_FIELDS)})`
  // PostgreSQL's json_agg of no rows is NULL; SQLite's json_group_array is already [].
  const none = (expr: string) => (kind === 'postgres' ? `COALESCE(${expr}, '[]'::json)` : expr)
  const flow =
    `${object}(${pairs('t', TOPIC_FIELDS)}, ` +
    `'dhProducer', (SELECT ${producer} FROM producers p WHERE p.topic_id = t.id), ` +
    `'dhConsumers', ${none(`(SELECT ${array}(${consumer} ORDER BY c.created_at, c.id) FROM consumers c WHERE c.topic_id = t.id)`)})`
  const modes = SCHEDULED_MODES.map((m) => `'${m}'`).join(', ')
  const scheduled = scheduledOnly
    ? ` AND t.id IN (SELECT topic_id FROM producers WHERE production_mode IN (${modes}) AND request_strategy != '')`
    : ''
  const all = none(`${array}(${flow} ORDER BY t.created_at DESC, t.code DESC)`)
  // SQLite hands a BLOB over as bytes: the JSON goes out without becoming a JS string and back.
  const text =
    `SELECT ${kind === 'postgres' ? `${all}::text` : `CAST(${all} AS BLOB)`} AS flows ` +
    `FROM topics t WHERE t.is_delete = '0'${scheduled}`
  return sql.raw(text)
}

/** Every topic that exists as one JSON array of flow rows, newest first: one query. */
export async function selectFlowJson(db: DatahubDb, kind: StoreKind, options: { scheduledOnly?: boolean } = {}): Promise<PreserialisedJson> {
  const { rows } = await flowSql(kind, options.scheduledOnly ?? false).execute(db)
  const flows = rows[0]?.flows ?? '[]'
  return new PreserialisedJson(typeof flows === 'string' ? flows : Buffer.from(flows.buffer, flows.byteOffset, flows.byteLength))
}
