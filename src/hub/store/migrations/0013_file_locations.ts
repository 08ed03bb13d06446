import type { Kysely } from 'kysely'

/**
 * File-location data sources (type 3: a folder on the hub or an SFTP server): an SFTP private key,
 * encrypted like the password, and the server's host key pinned by the first connection.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('datasources').addColumn('private_key_secret', 'text', (c) => c.notNull().defaultTo('')).execute()
  await db.schema.alterTable('datasources').addColumn('host_key', 'text', (c) => c.notNull().defaultTo('')).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('datasources').dropColumn('host_key').execute()
  await db.schema.alterTable('datasources').dropColumn('private_key_secret').execute()
}
