import type { Kysely } from 'kysely'

/**
 * A password someone else chose (an administrator's reset, a new user's initial password, an
 * imported user's) must be replaced by its owner at the next sign-in: '1' until they do.
 * Existing users keep '0': their passwords are their own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('must_change_password', 'text', (c) => c.notNull().defaultTo('0')).execute()
}
