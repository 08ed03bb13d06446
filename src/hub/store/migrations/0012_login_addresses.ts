import type { Kysely } from 'kysely'

/**
 * Sign-in lockout per client address (src/hub/auth/lockout.ts): each failure row says from
 * where it came, so one address's failures lock the account for that address only; and the
 * addresses an account signed in from lately, which a flood of failures from elsewhere does not
 * lock out. Rows written before this step have the address '' (of no client).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('login_failures').addColumn('address', 'text', (c) => c.notNull().defaultTo('')).execute()
  await db.schema.createIndex('login_failures_username_address_at_idx').on('login_failures').columns(['username', 'address', 'at']).execute()
  await db.schema
    .createTable('login_addresses')
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('login_addresses_pk', ['username', 'address'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_addresses').ifExists().execute()
  await db.schema.dropIndex('login_failures_username_address_at_idx').ifExists().execute()
  await db.schema.alterTable('login_failures').dropColumn('address').execute()
}
