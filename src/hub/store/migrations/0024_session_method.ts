import type { Kysely } from 'kysely'

/**
 * How a session was signed in: 'password' (POST /login) or 'sso' (an identity provider, issue 17).
 * The forced password change (users.must_change_password, auth/passwordChange.ts) holds only
 * password sessions: a user an administrator created signs in through the identity provider
 * without ever having been told the initial password, and must not be asked to change it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('signed_in_with', 'text', (c) => c.notNull().defaultTo('password')).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('signed_in_with').execute()
}
