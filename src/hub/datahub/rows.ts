import type { Selectable } from 'kysely'
import type { z } from 'zod'
import { CONSUMER_MODEL_KEYS } from '../../shared/contract/datahub/consumerModels'
import type { Consumer, consumerInputSchema } from '../../shared/contract/datahub/consumer'
import { PRODUCER_MODEL_KEYS } from '../../shared/contract/datahub/producerModels'
import type { Producer, producerInputSchema } from '../../shared/contract/datahub/producer'
import type { Topic, topicInputSchema } from '../../shared/contract/datahub/topic'
import { ROUTE_BY_KEY } from '../../shared/rules/datahub/topic'
import {
  CONSUMER_TEXT_FIELDS,
  PRODUCER_TEXT_FIELDS,
  snake,
  TOPIC_TEXT_FIELDS,
  type ConsumersTable,
  type ConsumerText,
  type ProducersTable,
  type ProducerText,
  type TopicsTable,
  type TopicText,
} from './tables'

/** Mapping between wire records (camelCase, sub-models as objects) and rows (snake_case, JSON text). */

export type TopicValues = z.output<typeof topicInputSchema> & { status: string; isDelete: string }
export type ProducerValues = z.output<typeof producerInputSchema> & { status: string }
export type ConsumerValues = z.output<typeof consumerInputSchema> & { status: string }

/** A stored JSON document; a damaged one reads as the fallback rather than failing the call. */
export function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T
  } catch {
    return fallback
  }
}

/** [field, column] pairs, worked out once per field list (rows are mapped by the thousand). */
const pairCache = new Map<readonly string[], [string, string][]>()
function pairs(fields: readonly string[]): [string, string][] {
  let found = pairCache.get(fields)
  if (!found) {
    found = fields.map((f) => [f, snake(f)])
    pairCache.set(fields, found)
  }
  return found
}

function toColumns(fields: readonly string[], values: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [field, column] of pairs(fields)) out[column] = String(values[field] ?? '')
  return out
}
function fromColumns<F extends string>(fields: readonly F[], row: object): Record<F, string> {
  const values = row as Record<string, unknown>
  const out: Record<string, string> = {}
  for (const [field, column] of pairs(fields)) out[field] = String(values[column] ?? '')
  return out as Record<F, string>
}
function modelsOf(keys: readonly string[], values: Record<string, unknown>): string {
  return JSON.stringify(Object.fromEntries(keys.map((k) => [k, values[k] ?? null])))
}
function modelsFrom(keys: readonly string[], json: string): Record<string, unknown> {
  const stored = parseJson<Record<string, unknown>>(json, {})
  return Object.fromEntries(keys.map((k) => [k, stored?.[k] ?? null]))
}

const audit = (row: { id: string; version: number; created_at: string; updated_at: string }) => ({
  id: row.id,
  version: Number(row.version),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
})

export const topicColumns = (t: TopicValues) => ({
  ...(toColumns(TOPIC_TEXT_FIELDS, t) as TopicText),
  route_table_data: JSON.stringify(t.routeTableData),
  log_store_day: t.logStoreDay,
  log_data_store_day: t.logDataStoreDay,
})

/** Written out field by field: listAll maps thousands of topics, and literal objects are fast. */
export const topicFromRow = (row: Selectable<TopicsTable>): Topic =>
  ({
    id: row.id,
    version: Number(row.version),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    code: row.code,
    name: row.name,
    status: row.status,
    isDelete: row.is_delete,
    topicSchema: row.topic_schema,
    remark: row.remark,
    dataStatistics: row.data_statistics,
    dataFormat: row.data_format,
    dataLevel: row.data_level,
    distributeType: row.distribute_type,
    // Most topics broadcast and have no route rows: skip the parse for those.
    routeTableData: row.route_table_data === '[]' ? [] : parseJson(row.route_table_data, []),
    alarm: row.alarm,
    logStoreDay: Number(row.log_store_day),
    logDataStoreDay: Number(row.log_data_store_day),
    tags: row.tags,
  }) as Topic

export const producerColumns = (p: ProducerValues) => ({
  ...(toColumns(PRODUCER_TEXT_FIELDS, p) as ProducerText),
  models: modelsOf(PRODUCER_MODEL_KEYS, p),
})

/**
 * Object.assign, not a literal of spreads: on Node 20 spreading these ~30-field objects into one
 * literal costs ~100 µs a row (most of it garbage), assigning them ~8 µs, and the exchange
 * runtime maps producers and consumers on every message. Same keys, same order.
 */
export const producerFromRow = (row: Selectable<ProducersTable>, topicName: string): Producer =>
  Object.assign(audit(row), fromColumns(PRODUCER_TEXT_FIELDS, row), { topicName }, modelsFrom(PRODUCER_MODEL_KEYS, row.models)) as Producer

export const consumerColumns = (c: ConsumerValues) => ({
  ...(toColumns(CONSUMER_TEXT_FIELDS, c) as ConsumerText),
  models: modelsOf(CONSUMER_MODEL_KEYS, c),
})

/** What a consumer needs of its topic to be shown. */
export type TopicRef = Pick<Topic, 'code' | 'name' | 'distributeType'>

/** Spec §4: the routing key is the topic code unless the topic routes by key. */
export const effectiveRoutingKey = (topic: Pick<Topic, 'code' | 'distributeType'>, stored: string): string =>
  topic.distributeType === ROUTE_BY_KEY ? stored : topic.code

/** Object.assign for the reason producerFromRow gives. */
export const consumerFromRow = (row: Selectable<ConsumersTable>, topic: TopicRef): Consumer =>
  Object.assign(
    audit(row),
    fromColumns(CONSUMER_TEXT_FIELDS, row),
    { topicName: topic.name, routingKey: effectiveRoutingKey(topic, row.routing_key) },
    modelsFrom(CONSUMER_MODEL_KEYS, row.models),
  ) as Consumer
