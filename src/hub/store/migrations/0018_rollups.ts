import { sql, SqliteAdapter, type Kysely } from 'kysely'

/**
 * Per-minute rollups of the exchange (issue 16, the home page): one row per minute and key,
 * written by the runtime in the same commit as what it counts (src/hub/ops/rollups/write.ts).
 * `minute` is whole minutes since the epoch (UTC), so coarser buckets are integer arithmetic on
 * both stores. Receipts are kept per topic (consumer_id ''), delivery outcomes per consumer of
 * that topic. `log_expires_at` is the latest log expiry of the messages counted: the row goes
 * with the message log's retention (queue/messages.ts purgeExpired).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // On SQLite the rows are kept in key order (WITHOUT ROWID): a range of minutes is read in place,
  // not looked up row by row through the key's index (a week of 200 topics is millions of rows).
  const clustered = db.getExecutor().adapter instanceof SqliteAdapter
  await db.schema
    .createTable('dh_rollups')
    .addColumn('minute', 'integer', (c) => c.notNull())
    .addColumn('topic_id', 'text', (c) => c.notNull())
    .addColumn('consumer_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('received', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('delivered', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('retrying', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('log_expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('dh_rollups_pk', ['minute', 'topic_id', 'consumer_id'])
    .$call((t) => (clustered ? t.modifyEnd(sql`without rowid`) : t))
    .execute()
  // One topic's series (a card, a widget bound to a topic) reads its own rows only.
  await db.schema.createIndex('dh_rollups_topic_idx').on('dh_rollups').columns(['topic_id', 'minute']).execute()
  await db.schema.createIndex('dh_rollups_expiry_idx').on('dh_rollups').column('log_expires_at').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('dh_rollups').ifExists().execute()
}
