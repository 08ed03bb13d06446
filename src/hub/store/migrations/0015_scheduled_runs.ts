import type { Kysely } from 'kysely'

/**
 * Scheduled producers (issue 14). `dh_runs` holds every fire of a producer's schedule (and every
 * "run now"): the unique (producer_id, planned_at) is the claim — of several hub nodes on one
 * store, only the one whose insert lands runs the fire. While running, the node renews
 * `lease_until`; a run whose lease ran out (its node died) is taken over by another node.
 * `purge_at` is when the run's log goes, from its topic's logStoreDay, like its messages'.
 *
 * `dh_producer_checkpoints` is where each producer's source was read up to (JSON), written in the
 * same transaction as the batch it follows, so a run that dies resumes after its last commit.
 * `dh_messages.run_id` names the run a fetched message came from (null for pushed ones).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dh_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('producer_id', 'text', (c) => c.notNull())
    .addColumn('topic_id', 'text', (c) => c.notNull())
    // ISO UTC of the fire (a "run now": when it was asked).
    .addColumn('planned_at', 'text', (c) => c.notNull())
    // 'schedule' | 'manual' | 'catchup'
    .addColumn('trigger', 'text', (c) => c.notNull())
    // running | succeeded | failed | retrying | cancelled (runStates.ts)
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('node', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('lease_until', 'text')
    .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(0))
    // When a retrying run is due again.
    .addColumn('next_attempt_at', 'text')
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('rows_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('messages_accepted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('messages_refused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('purge_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('dh_runs_fire_uq').on('dh_runs').columns(['producer_id', 'planned_at']).unique().execute()
  await db.schema.createIndex('dh_runs_state_idx').on('dh_runs').columns(['state', 'lease_until']).execute()
  await db.schema.createIndex('dh_runs_producer_idx').on('dh_runs').columns(['producer_id', 'started_at']).execute()
  await db.schema.createIndex('dh_runs_purge_idx').on('dh_runs').column('purge_at').execute()

  await db.schema
    .createTable('dh_producer_checkpoints')
    .addColumn('producer_id', 'text', (c) => c.primaryKey())
    .addColumn('checkpoint', 'text', (c) => c.notNull())
    .addColumn('run_id', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema.alterTable('dh_messages').addColumn('run_id', 'text').execute()
  await db.schema.createIndex('dh_messages_run_idx').on('dh_messages').column('run_id').execute()

  // Polling's start (the schedule's anchor): local date-time in the hub's time zone, '' when none.
  await db.schema.alterTable('producers').addColumn('polling_start_time', 'text', (c) => c.notNull().defaultTo('')).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('producers').dropColumn('polling_start_time').execute()
  await db.schema.dropIndex('dh_messages_run_idx').ifExists().execute()
  await db.schema.alterTable('dh_messages').dropColumn('run_id').execute()
  await db.schema.dropTable('dh_producer_checkpoints').ifExists().execute()
  await db.schema.dropTable('dh_runs').ifExists().execute()
}
