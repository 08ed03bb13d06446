import type { Kysely } from 'kysely'

/**
 * System and platform authentication, email servers and templates, message channels (spec
 * part 2 §3, §7). Schema-builder calls only, so SQLite and PostgreSQL get the same tables.
 * Secrets: `*_secret` columns hold AES-256-GCM text of the data sources' helper (the hub must
 * send them), `secret_hash` a SHA-256 hex digest (the hub only compares). A partial unique index
 * keeps at most one default email server and one default channel, even when two saves race.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_authentications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('app_code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_type', 'text', (c) => c.notNull())
    .addColumn('token_validity', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('secret_updated_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('pf_authentications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('authen_name', 'text', (c) => c.notNull().unique())
    .addColumn('authen_type', 'text', (c) => c.notNull())
    .addColumn('token_key', 'text', (c) => c.notNull())
    .addColumn('token_secret', 'text', (c) => c.notNull())
    .addColumn('token_url', 'text', (c) => c.notNull())
    .addColumn('token_method', 'text', (c) => c.notNull())
    .addColumn('token_params', 'text', (c) => c.notNull())
    .addColumn('token_status_code', 'text', (c) => c.notNull())
    .addColumn('token_parse_level', 'text', (c) => c.notNull())
    .addColumn('token_validity', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('email_servers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('port', 'integer', (c) => c.notNull())
    .addColumn('ssl', 'text', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('password_secret', 'text', (c) => c.notNull())
    .addColumn('protocol', 'text', (c) => c.notNull())
    .addColumn('sender_name', 'text', (c) => c.notNull())
    .addColumn('is_default', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('email_servers_one_default').on('email_servers').column('is_default').unique().where('is_default', '=', '1').execute()

  await db.schema
    .createTable('email_templates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('msg_channels')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('channel_type', 'text', (c) => c.notNull())
    .addColumn('is_default', 'text', (c) => c.notNull())
    .addColumn('load_limit', 'integer', (c) => c.notNull())
    // JSON array of addresses and ranges.
    .addColumn('ip_whitelist', 'text', (c) => c.notNull())
    .addColumn('secret_secret', 'text', (c) => c.notNull())
    .addColumn('secret_expire_time', 'text', (c) => c.notNull())
    .addColumn('old_secret_valid_minutes', 'integer', (c) => c.notNull())
    .addColumn('old_secret_secret', 'text', (c) => c.notNull())
    .addColumn('old_secret_valid_until', 'text', (c) => c.notNull())
    .addColumn('retry_num', 'integer', (c) => c.notNull())
    .addColumn('retry_interval', 'integer', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('msg_channels_one_default').on('msg_channels').column('is_default').unique().where('is_default', '=', '1').execute()
}
