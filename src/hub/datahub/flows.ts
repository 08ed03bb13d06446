import type { Selectable } from 'kysely'
import type { ConsumerSummary } from '../../shared/contract/datahub/consumer'
import type { ProducerSummary } from '../../shared/contract/datahub/producer'
import type { Topic, TopicFlow } from '../../shared/contract/datahub/topic'
import { SCHEDULED_MODES } from '../../shared/rules/datahub/producer'
import { effectiveRoutingKey } from './rows'
import type { ConsumersTable, DatahubDb, ProducersTable, TopicsTable } from './tables'

/**
 * Topic flow rows (topic + producer and consumer summaries) for the list calls. Lean on purpose:
 * one query per table whatever the number of topics, and only the columns a row shows. A data
 * access module, part of topicRepository.ts (which answers the lists with these rows): queries
 * and their assembly into wire records, no rules.
 */

export const FLOW_TOPIC_COLUMNS = [
  'id', 'version', 'created_at', 'updated_at', 'code', 'name', 'status', 'is_delete', 'remark', 'data_statistics', 'data_format',
  'data_level', 'distribute_type', 'log_store_day', 'log_data_store_day', 'tags',
] as const satisfies readonly (keyof TopicsTable)[]

const PRODUCER_COLUMNS = [
  'id', 'version', 'topic_id', 'topic_code', 'app_code', 'app_name', 'app_type', 'production_mode', 'alarm_status', 'retriable',
  'status', 'request_strategy', 'interval_unit', 'weeks', 'minutes', 'am_hours', 'pm_hours', 'polling_interval',
  'polling_start_time',
] as const satisfies readonly (keyof ProducersTable)[]

const CONSUMER_COLUMNS = [
  'id', 'version', 'topic_id', 'topic_code', 'routing_key', 'application_code', 'application_name', 'application_type',
  'data_consume_type', 'alarm_status', 'retriable', 'retry_num', 'retry_time_interval', 'status',
] as const satisfies readonly (keyof ConsumersTable)[]

type TopicRow = Pick<Selectable<TopicsTable>, (typeof FLOW_TOPIC_COLUMNS)[number]>
type ProducerRow = Pick<Selectable<ProducersTable>, (typeof PRODUCER_COLUMNS)[number]>
type ConsumerRow = Pick<Selectable<ConsumersTable>, (typeof CONSUMER_COLUMNS)[number]>

export interface FlowRows {
  topics: TopicRow[]
  producers: ProducerRow[]
  consumers: ConsumerRow[]
}

/** Producers and consumers of the given topics (all when null), summary columns only. */
export async function selectChildren(db: DatahubDb, topicIds: readonly string[] | null): Promise<Omit<FlowRows, 'topics'>> {
  if (topicIds !== null && topicIds.length === 0) return { producers: [], consumers: [] }
  let producers = db.selectFrom('producers').select(PRODUCER_COLUMNS)
  let consumers = db.selectFrom('consumers').select(CONSUMER_COLUMNS).orderBy('created_at').orderBy('id')
  if (topicIds !== null) {
    producers = producers.where('topic_id', 'in', topicIds)
    consumers = consumers.where('topic_id', 'in', topicIds)
  }
  return { producers: await producers.execute(), consumers: await consumers.execute() }
}

/**
 * Every topic that exists with its producer and consumers: three queries. `scheduledOnly` keeps
 * the topics whose producer runs on a schedule (listScheduleAll): a mode the hub fetches in and
 * a requestStrategy set.
 */
export async function selectFlowRows(db: DatahubDb, options: { scheduledOnly?: boolean } = {}): Promise<FlowRows> {
  let topics = db.selectFrom('topics').select(FLOW_TOPIC_COLUMNS).where('is_delete', '=', '0')
  if (options.scheduledOnly) {
    const scheduled = db
      .selectFrom('producers')
      .select('topic_id')
      .where('production_mode', 'in', SCHEDULED_MODES)
      .where('request_strategy', '!=', '')
    topics = topics.where('id', 'in', scheduled)
  }
  // Newest first; topics made in the same instant by code, descending, so a batch created in
  // code order still reads newest first.
  const rows = await topics.orderBy('created_at', 'desc').orderBy('code', 'desc').execute()
  return { topics: rows, ...(await selectChildren(db, options.scheduledOnly ? rows.map((t) => t.id) : null)) }
}

type FlowTopic = Omit<TopicFlow, 'dhProducer' | 'dhConsumers'>

/** Written out field by field: thousands of rows, and literal objects are what V8 builds fastest. */
const topicSummary = (t: TopicRow): FlowTopic =>
  ({
    id: t.id, version: Number(t.version), createdAt: t.created_at, updatedAt: t.updated_at, code: t.code, name: t.name,
    status: t.status, isDelete: t.is_delete, remark: t.remark, dataStatistics: t.data_statistics, dataFormat: t.data_format,
    dataLevel: t.data_level, distributeType: t.distribute_type, logStoreDay: Number(t.log_store_day),
    logDataStoreDay: Number(t.log_data_store_day), tags: t.tags,
  }) as FlowTopic

const producerSummary = (p: ProducerRow): ProducerSummary =>
  ({
    id: p.id, version: Number(p.version), topicCode: p.topic_code, appCode: p.app_code, appName: p.app_name, appType: p.app_type,
    productionMode: p.production_mode, alarmStatus: p.alarm_status, retriable: p.retriable, status: p.status,
    requestStrategy: p.request_strategy, intervalUnit: p.interval_unit, weeks: p.weeks, minutes: p.minutes, amHours: p.am_hours,
    pmHours: p.pm_hours, pollingInterval: p.polling_interval, pollingStartTime: p.polling_start_time,
  }) as ProducerSummary

const consumerSummary = (c: ConsumerRow, topic: Pick<Topic, 'code' | 'distributeType'>): ConsumerSummary =>
  ({
    id: c.id, version: Number(c.version), topicCode: c.topic_code, routingKey: effectiveRoutingKey(topic, c.routing_key),
    applicationCode: c.application_code, applicationName: c.application_name, applicationType: c.application_type,
    dataConsumeType: c.data_consume_type, alarmStatus: c.alarm_status, retriable: c.retriable, retryNum: c.retry_num,
    retryTimeInterval: c.retry_time_interval, status: c.status,
  }) as ConsumerSummary

/** Joins the rows in memory, keeping the topics' order; children of other topics are ignored. */
export function assembleFlows({ topics, producers, consumers }: FlowRows): TopicFlow[] {
  const producerOf = new Map(producers.map((p) => [p.topic_id, p]))
  const consumersOf = new Map<string, ConsumerRow[]>()
  for (const c of consumers) {
    const list = consumersOf.get(c.topic_id)
    if (list) list.push(c)
    else consumersOf.set(c.topic_id, [c])
  }
  return topics.map((row) => {
    const topic = topicSummary(row)
    const producer = producerOf.get(row.id)
    return {
      ...topic,
      dhProducer: producer ? producerSummary(producer) : null,
      dhConsumers: (consumersOf.get(row.id) ?? []).map((c) => consumerSummary(c, topic)),
    }
  })
}
