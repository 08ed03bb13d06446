import type { Kysely } from 'kysely'

/**
 * The exchange runtime's durable store: every message a producer hands in, and one delivery row
 * per consumer it was routed to. Timestamps are ISO 8601 UTC text like everywhere else (they
 * sort as text); the two expiry stamps are computed at ingress from the topic's logDataStoreDay
 * (payload) and logStoreDay (the message and its delivery log), so purging is an indexed range
 * scan and a later change of the topic's settings applies to new messages only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dh_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('topic_id', 'text', (c) => c.notNull())
    .addColumn('topic_code', 'text', (c) => c.notNull())
    .addColumn('producer_id', 'text', (c) => c.notNull())
    // null once purged (logDataStoreDay); the log row stays until logStoreDay.
    .addColumn('payload', 'text')
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('routing_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('payload_expires_at', 'text', (c) => c.notNull())
    .addColumn('log_expires_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('dh_messages_topic_idx').on('dh_messages').columns(['topic_code', 'received_at']).execute()
  await db.schema.createIndex('dh_messages_received_idx').on('dh_messages').column('received_at').execute()
  await db.schema.createIndex('dh_messages_payload_exp_idx').on('dh_messages').column('payload_expires_at').execute()
  await db.schema.createIndex('dh_messages_log_exp_idx').on('dh_messages').column('log_expires_at').execute()

  await db.schema
    .createTable('dh_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('message_id', 'text', (c) => c.notNull().references('dh_messages.id').onDelete('cascade'))
    .addColumn('consumer_id', 'text', (c) => c.notNull())
    // pending | delivering | delivered | failed | dead (runtimeStates.ts)
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    // While delivering: when another worker may take the delivery over (its worker died).
    .addColumn('lease_until', 'text')
    .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('duration_ms', 'integer')
    .execute()
  await db.schema.createIndex('dh_deliveries_message_uq').on('dh_deliveries').columns(['message_id', 'consumer_id']).unique().execute()
  await db.schema.createIndex('dh_deliveries_due_idx').on('dh_deliveries').columns(['status', 'next_attempt_at']).execute()
  await db.schema.createIndex('dh_deliveries_consumer_idx').on('dh_deliveries').columns(['consumer_id', 'status', 'next_attempt_at']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('dh_deliveries').ifExists().execute()
  await db.schema.dropTable('dh_messages').ifExists().execute()
}
