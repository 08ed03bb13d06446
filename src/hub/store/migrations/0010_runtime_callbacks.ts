import type { Kysely } from 'kysely'

/**
 * Exchange runtime, second part: producer callbacks and consumers' result notifications. Each is
 * an outbox row written when the deliveries it reports on have ended (callback rule 1: all of a
 * message's; rule 2 and notifications: each one), and sent by the worker like a delivery
 * (claimed, tried, retried a few times, kept with its reason when it never goes through).
 * kind: callback | notify_db | notify_http; owner_id: the producer (callback) or consumer
 * (notification). One row per message and target (consumer_key, e.g. '' for a rule-1
 * callback, 'notify_db:<consumer id>'), so a replayed delivery never reports twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dh_callbacks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('consumer_key', 'text', (c) => c.notNull().defaultTo(''))
    // pending | sending | sent | dead, as a delivery
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'text')
    // The result reported (JSON), fixed when the row is written.
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute()
  await db.schema.createIndex('dh_callbacks_target_uq').on('dh_callbacks').columns(['message_id', 'consumer_key']).unique().execute()
  await db.schema.createIndex('dh_callbacks_due_idx').on('dh_callbacks').columns(['status', 'next_attempt_at']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('dh_callbacks').ifExists().execute()
}
