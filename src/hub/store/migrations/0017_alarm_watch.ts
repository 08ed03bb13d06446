import { sql, type Kysely } from 'kysely'

/**
 * The remaining alarm rules (issue 15): conditions the hub watches, refused pushes, SMS.
 *
 * `dh_alarm_rules` gains `period_seconds` (push_refused's window, datasource_check's interval)
 * and `receivers` (an alarm configuration, the objData form of spec part 1 §3, for the rules
 * whose object has none: licence_expiring and node_silent); the new rules are seeded.
 * `dh_alarm_events.count`: one event row may stand for several refusals (a node's counter,
 * flushed in the background). `dh_alarm_webhooks` gains the SMS gateway's request template:
 * `method`, `body_template`, `headers` (JSON object of header templates).
 * `dh_hub_nodes`: one heartbeat row per hub node (PostgreSQL stores with several nodes).
 * A consumer's oldest undelivered message is read per consumer (consumer_lag) by an index.
 */
type RuleRow = { rule: string; object_type: string; enabled: string; threshold: number; reminder_minutes: number; period_seconds: number; receivers: string; updated_at: string; updated_by: string }

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('dh_alarm_rules').addColumn('period_seconds', 'integer', (c) => c.notNull().defaultTo(0)).execute()
  await db.schema.alterTable('dh_alarm_rules').addColumn('receivers', 'text', (c) => c.notNull().defaultTo('')).execute()
  const now = new Date().toISOString()
  const seed = (rule: string, object_type: string, threshold: number, period_seconds = 0): RuleRow => ({
    rule, object_type, enabled: '1', threshold, reminder_minutes: 60, period_seconds, receivers: '', updated_at: now, updated_by: 'system',
  })
  await db
    .withTables<{ dh_alarm_rules: RuleRow }>()
    .insertInto('dh_alarm_rules')
    .values([
      seed('consumer_lag', 'consumer', 1800),
      seed('mq_broker_lost', 'producer', 60),
      seed('push_refused', 'producer', 10, 300),
      seed('datasource_check', 'datasource', 1, 300),
      { ...seed('licence_expiring', 'licence', 30), reminder_minutes: 1440 },
      seed('node_silent', 'node', 60),
    ])
    .execute()

  await db.schema.alterTable('dh_alarm_events').addColumn('count', 'integer', (c) => c.notNull().defaultTo(1)).execute()

  await db.schema.alterTable('dh_alarm_webhooks').addColumn('method', 'text', (c) => c.notNull().defaultTo('POST')).execute()
  await db.schema.alterTable('dh_alarm_webhooks').addColumn('body_template', 'text', (c) => c.notNull().defaultTo('')).execute()
  await db.schema.alterTable('dh_alarm_webhooks').addColumn('headers', 'text', (c) => c.notNull().defaultTo('')).execute()

  await db.schema
    .createTable('dh_hub_nodes')
    .addColumn('node_id', 'text', (c) => c.primaryKey())
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('beat_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema.createIndex('dh_deliveries_consumer_age_idx').on('dh_deliveries').columns(['consumer_id', 'status', 'created_at']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('dh_deliveries_consumer_age_idx').ifExists().execute()
  await db.schema.dropTable('dh_hub_nodes').ifExists().execute()
  for (const name of ['headers', 'body_template', 'method']) await db.schema.alterTable('dh_alarm_webhooks').dropColumn(name).execute()
  await sql`delete from dh_alarm_webhooks where kind = 'sms'`.execute(db)
  await db.schema.alterTable('dh_alarm_events').dropColumn('count').execute()
  await sql`delete from dh_alarm_rules where rule in ('consumer_lag', 'mq_broker_lost', 'push_refused', 'datasource_check', 'licence_expiring', 'node_silent')`.execute(db)
  await sql`delete from dh_incidents where rule in ('consumer_lag', 'mq_broker_lost', 'push_refused', 'datasource_check', 'licence_expiring', 'node_silent')`.execute(db)
  for (const name of ['receivers', 'period_seconds']) await db.schema.alterTable('dh_alarm_rules').dropColumn(name).execute()
}
