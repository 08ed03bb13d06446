import { sql, type Kysely } from 'kysely'

/**
 * Alarms (issue 15, hub side).
 *
 * `dh_alarm_events`: what the delivery worker and the scheduler record when a try fails or a
 * run ends — one cheap insert after the fact, never in the way of delivery; the evaluator
 * (src/hub/alarms/evaluate.ts) reads them in the background and deletes what it handled.
 * `dh_alarm_streaks`: failures in a row per rule and object (a rule's threshold counts them).
 * `dh_incidents`: one row per alarm, keyed by (rule, object): a partial unique index keeps at
 * most one open incident per rule and object; repeats add to `count`.
 * `dh_alarm_rules`: each rule's switch, threshold and reminder interval (defaults seeded).
 * `dh_alarm_webhooks`: robot and webhook targets an alarm's receiver may name by code, with
 * their signing secret encrypted at rest (AES-256-GCM, as data-source passwords).
 * `dh_alarm_lease`: which node evaluates now (several nodes on one PostgreSQL store).
 *
 * The outbox (dh_callbacks, 0010) becomes the hub's one notification outbox: alarm, reminder
 * and recovery notices are rows of it with their channel, object and expiry; states become the
 * message centre's: pending | sending | scheduled (waiting for a later try) | sent | failed
 * (given up) | discarded (by an operator) | processed (marked by an operator).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dh_alarm_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // try_failed | delivery_dead | run_failed | run_succeeded
    .addColumn('signal', 'text', (c) => c.notNull())
    .addColumn('object_type', 'text', (c) => c.notNull())
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('dh_alarm_events_at_idx').on('dh_alarm_events').columns(['at', 'id']).execute()

  await db.schema
    .createTable('dh_alarm_streaks')
    .addColumn('rule', 'text', (c) => c.notNull())
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('last_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('dh_alarm_streaks_pk', ['rule', 'object_id'])
    .execute()
  // A consumer's last delivered message, read by the evaluator (a recovery, a streak broken).
  await db.schema.createIndex('dh_deliveries_consumer_done_idx').on('dh_deliveries').columns(['consumer_id', 'status', 'finished_at']).execute()

  await db.schema
    .createTable('dh_incidents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('rule', 'text', (c) => c.notNull())
    .addColumn('object_type', 'text', (c) => c.notNull())
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('object_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('topic_code', 'text', (c) => c.notNull().defaultTo(''))
    // open | resolved
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('opened_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
    // When the last alarm or reminder went out: the next reminder waits the rule's interval.
    .addColumn('notified_at', 'text')
    .addColumn('acknowledged_by', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('acknowledged_at', 'text')
    .addColumn('resolved_at', 'text')
    // '' when the hub saw it clear; the operator's name when resolved by hand.
    .addColumn('resolved_by', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema.createIndex('dh_incidents_open_uq').on('dh_incidents').columns(['rule', 'object_type', 'object_id']).unique().where(sql.ref('state'), '=', 'open').execute()
  await db.schema.createIndex('dh_incidents_seen_idx').on('dh_incidents').columns(['state', 'last_seen_at']).execute()

  await db.schema
    .createTable('dh_alarm_rules')
    .addColumn('rule', 'text', (c) => c.primaryKey())
    .addColumn('object_type', 'text', (c) => c.notNull())
    .addColumn('enabled', 'text', (c) => c.notNull())
    .addColumn('threshold', 'integer', (c) => c.notNull())
    .addColumn('reminder_minutes', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .execute()
  const now = new Date().toISOString()
  await db
    .withTables<{ dh_alarm_rules: { rule: string; object_type: string; enabled: string; threshold: number; reminder_minutes: number; updated_at: string; updated_by: string } }>()
    .insertInto('dh_alarm_rules')
    .values([
      { rule: 'consumer_dead', object_type: 'consumer', enabled: '1', threshold: 1, reminder_minutes: 60, updated_at: now, updated_by: 'system' },
      { rule: 'consumer_failures', object_type: 'consumer', enabled: '1', threshold: 3, reminder_minutes: 60, updated_at: now, updated_by: 'system' },
      { rule: 'producer_run_failed', object_type: 'producer', enabled: '1', threshold: 1, reminder_minutes: 60, updated_at: now, updated_by: 'system' },
    ])
    .execute()

  await db.schema
    .createTable('dh_alarm_webhooks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    // dingtalk | wecom | feishu | http
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('secret_secret', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('dh_alarm_lease')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('lease_until', 'text', (c) => c.notNull())
    .execute()

  for (const [name, type] of [['channel', 'text'], ['object_type', 'text'], ['object_id', 'text'], ['title', 'text']] as const) {
    await db.schema.alterTable('dh_callbacks').addColumn(name, type, (c) => c.notNull().defaultTo('')).execute()
  }
  await db.schema.alterTable('dh_callbacks').addColumn('incident_id', 'text').execute()
  await db.schema.alterTable('dh_callbacks').addColumn('expires_at', 'text').execute()
  await db.schema.createIndex('dh_callbacks_object_idx').on('dh_callbacks').columns(['object_type', 'object_id']).execute()
  await db.schema.createIndex('dh_callbacks_created_idx').on('dh_callbacks').column('created_at').execute()
  // The message centre's words for the states the outbox had.
  await sql`update dh_callbacks set status = 'failed' where status = 'dead'`.execute(db)
  await sql`update dh_callbacks set status = 'scheduled' where status = 'pending' and attempts > 0`.execute(db)
  await sql`update dh_callbacks set channel = substr(kind, 8) where kind like 'notify_%'`.execute(db)
  await sql`update dh_callbacks set channel = 'callback' where kind = 'callback'`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update dh_callbacks set status = 'dead' where status in ('failed', 'discarded', 'processed')`.execute(db)
  await sql`update dh_callbacks set status = 'pending' where status = 'scheduled'`.execute(db)
  await sql`delete from dh_callbacks where incident_id is not null`.execute(db)
  await db.schema.dropIndex('dh_callbacks_created_idx').ifExists().execute()
  await db.schema.dropIndex('dh_callbacks_object_idx').ifExists().execute()
  for (const name of ['expires_at', 'incident_id', 'title', 'object_id', 'object_type', 'channel']) await db.schema.alterTable('dh_callbacks').dropColumn(name).execute()
  await db.schema.dropIndex('dh_deliveries_consumer_done_idx').ifExists().execute()
  for (const table of ['dh_alarm_lease', 'dh_alarm_webhooks', 'dh_alarm_rules', 'dh_incidents', 'dh_alarm_streaks', 'dh_alarm_events']) await db.schema.dropTable(table).ifExists().execute()
}
