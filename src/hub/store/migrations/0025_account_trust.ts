import type { Kysely } from 'kysely'

/**
 * Who may be signed in through a way in that someone other than an administrator can configure
 * (issue 31, findings #4 and #5; authority/README.md):
 *
 * - `sso_providers.admin_trusted` '1': a system administrator marked the identity provider as
 *   trusted to sign in accounts holding the administrator role. '0' for every existing provider:
 *   an administrator who signed in through SSO before must have the provider marked again.
 * - `sso_providers.saved_by`: the user id of whoever last saved the provider. Automatic creation
 *   gives a new user the provider's roles only while that user could still grant them; '' (a
 *   provider saved before this migration) grants nothing until an administrator saves it again.
 * - `sys_authentications.admin_sign_in` '1': a system administrator allowed the application's
 *   signed tokens to sign in administrators. '0' for every existing one.
 *
 * One column per statement: SQLite adds one column per ALTER TABLE.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sso_providers').addColumn('admin_trusted', 'text', (c) => c.notNull().defaultTo('0')).execute()
  await db.schema.alterTable('sso_providers').addColumn('saved_by', 'text', (c) => c.notNull().defaultTo('')).execute()
  await db.schema.alterTable('sys_authentications').addColumn('admin_sign_in', 'text', (c) => c.notNull().defaultTo('0')).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sys_authentications').dropColumn('admin_sign_in').execute()
  await db.schema.alterTable('sso_providers').dropColumn('saved_by').execute()
  await db.schema.alterTable('sso_providers').dropColumn('admin_trusted').execute()
}
