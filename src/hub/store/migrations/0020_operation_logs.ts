import type { Kysely } from 'kysely'

/**
 * Operation logs (issue 16, logs part; src/hub/logs/).
 *
 * `audit_log`: one row per object an administrator's call changed (or one for the call when it
 * changed nothing the store layer could name), sign-ins and their refusals, refused
 * administrative calls and licence uploads: who (user id and username, kept as text so the row
 * outlives the user), from where (client address, desktop or API), what (the endpoint's id as
 * `action`, the object's type, id and name), how it ended (outcome and result code) and the
 * object before and after as JSON text (the version records' form, shown with the same diff).
 * `call_id` groups the rows of one call.
 * `system_log`: the hub's own warnings and errors, each with the reference code that also went
 * to the hub's log output (and to the caller, for a failed call).
 * Both are purged by the parameters `audit.keepDays` and `log.keepDays` (src/hub/logs/purge.ts);
 * `behaviour_events` (0001) gets the index its lists and purge read by.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('call_id', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('username', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    // desktop | api
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    // success | refused
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('object_type', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('object_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('object_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .execute()
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').columns(['at', 'id']).execute()
  await db.schema.createIndex('audit_log_object_idx').on('audit_log').columns(['object_type', 'at']).execute()
  await db.schema.createIndex('audit_log_user_idx').on('audit_log').columns(['username', 'at']).execute()

  await db.schema
    .createTable('system_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    // error | warning
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('system_log_at_idx').on('system_log').columns(['at', 'id']).execute()
  await db.schema.createIndex('system_log_reference_idx').on('system_log').column('reference').execute()

  await db.schema.createIndex('behaviour_events_received_idx').on('behaviour_events').columns(['type', 'received_at']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('behaviour_events_received_idx').ifExists().execute()
  await db.schema.dropTable('system_log').ifExists().execute()
  await db.schema.dropTable('audit_log').ifExists().execute()
}
