import { sql, SqliteAdapter, type Kysely } from 'kysely'

/**
 * Hourly rollups beside the per-minute ones (issue 16: a week of 200 topics must answer fast, and
 * the week's chart read every minute row of it). `dh_rollups_hourly` has the per-minute table's
 * shape and keys; its `minute` is the hour's first minute (a multiple of 60), so the series'
 * bucket arithmetic is the same on both. Written by the same statements or transactions as the
 * minute rows (src/hub/ops/rollups/write.ts) and purged with them (the latest log expiry of what
 * a row counts). Filled here from the minute rows a store already has.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Kept in key order on SQLite, as the minute rows (0018): a range of hours is read in place.
  const clustered = db.getExecutor().adapter instanceof SqliteAdapter
  await db.schema
    .createTable('dh_rollups_hourly')
    .addColumn('minute', 'integer', (c) => c.notNull())
    .addColumn('topic_id', 'text', (c) => c.notNull())
    .addColumn('consumer_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('received', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('delivered', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('retrying', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('log_expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('dh_rollups_hourly_pk', ['minute', 'topic_id', 'consumer_id'])
    .$call((t) => (clustered ? t.modifyEnd(sql`without rowid`) : t))
    .execute()
  // The primary key serves a range of hours (the charts, the day's sums); one topic's series and
  // the purge have their own, as on the minute table.
  await db.schema.createIndex('dh_rollups_hourly_topic_idx').on('dh_rollups_hourly').columns(['topic_id', 'minute']).execute()
  await db.schema.createIndex('dh_rollups_hourly_expiry_idx').on('dh_rollups_hourly').column('log_expires_at').execute()
  await sql`
    insert into dh_rollups_hourly (minute, topic_id, consumer_id, received, delivered, failed, retrying, log_expires_at)
    select minute - minute % 60, topic_id, consumer_id, sum(received), sum(delivered), sum(failed), sum(retrying), max(log_expires_at)
    from dh_rollups
    group by minute - minute % 60, topic_id, consumer_id`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('dh_rollups_hourly').ifExists().execute()
}
