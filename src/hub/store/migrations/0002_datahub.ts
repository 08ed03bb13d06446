import { sql, type Kysely } from 'kysely'
import { audit, texts } from './columns'

/**
 * Data-hub tables: topics, their producer and consumers, and version-backtrack records. Scalar
 * fields are text columns named after the wire fields in snake case ('1'/'0' flags, counts as
 * the console types them); mode sub-models and the route table are JSON text. Producers and
 * consumers point at their topic by id and also keep its code (which never changes once the
 * topic exists) for listing by code.
 */

const PROCESSORS = [
  'pre_processor_enabled', 'pre_processor_type', 'pre_processor_expression', 'pre_processor_remark',
  'post_processor_enabled', 'post_processor_type', 'post_processor_expression', 'post_processor_remark',
]

export async function up(db: Kysely<unknown>): Promise<void> {
  let topics = db.schema.createTable('topics').addColumn('id', 'text', (c) => c.primaryKey())
  topics = texts(topics, ['code', 'name', 'status', 'is_delete', 'topic_schema', 'remark', 'data_statistics', 'data_format', 'data_level', 'distribute_type', 'alarm', 'tags'])
  topics = topics
    .addColumn('route_table_data', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('log_store_day', 'integer', (c) => c.notNull())
    .addColumn('log_data_store_day', 'integer', (c) => c.notNull())
  await audit(topics).execute()
  // A code is unique among the topics that exist; a deleted topic's code may be used again.
  await db.schema.createIndex('topics_live_code_uq').on('topics').column('code').unique().where(sql.ref('is_delete'), '=', '0').execute()
  await db.schema.createIndex('topics_list_idx').on('topics').columns(['is_delete', 'status', 'created_at']).execute()

  let producers = db.schema
    .createTable('producers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('topic_id', 'text', (c) => c.notNull().references('topics.id'))
  producers = texts(producers, [
    'topic_code', 'app_code', 'app_type', 'app_name', 'app_manager_email', 'production_mode', 'data_source_name', 'trans_param',
    'request_schema', 'remark', 'request_strategy', 'interval_unit', 'weeks', 'minutes', 'am_hours', 'pm_hours', 'polling_interval',
    'alarm', 'alarm_status', 'receive_email', ...PROCESSORS, 'columns', 'retriable', 'retry_num', 'retry_time_interval', 'status',
  ])
  producers = producers.addColumn('models', 'text', (c) => c.notNull().defaultTo('{}'))
  await audit(producers).execute()
  // Spec: one producer per topic.
  await db.schema.createIndex('producers_topic_uq').on('producers').column('topic_id').unique().execute()
  await db.schema.createIndex('producers_code_status_idx').on('producers').columns(['topic_code', 'status']).execute()

  let consumers = db.schema
    .createTable('consumers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('topic_id', 'text', (c) => c.notNull().references('topics.id'))
  consumers = texts(consumers, [
    'topic_code', 'routing_key', 'application_code', 'application_name', 'application_type', 'application_maintainer',
    'data_consume_type', 'datasource_name', 'remark', 'retriable', 'retry_num', 'retry_time_interval', 'request_body_schema',
    'alarm', 'alarm_status', 'receive_email', 'extra_email', ...PROCESSORS, 'notify_info', 'field_mappings', 'status',
  ])
  consumers = consumers.addColumn('models', 'text', (c) => c.notNull().defaultTo('{}'))
  await audit(consumers).execute()
  await db.schema.createIndex('consumers_topic_idx').on('consumers').columns(['topic_id', 'created_at']).execute()
  await db.schema.createIndex('consumers_code_status_idx').on('consumers').columns(['topic_code', 'status']).execute()

  await db.schema
    .createTable('version_backtracks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type_code', 'text', (c) => c.notNull())
    .addColumn('type_id', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('version_backtracks_type_idx').on('version_backtracks').columns(['type_code', 'type_id', 'created_at']).execute()
}
