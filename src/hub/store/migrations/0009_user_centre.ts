import type { Kysely } from 'kysely'

/**
 * Files and avatars, the user centre (password, personal settings, favourites) (spec part 2 §7).
 * A stored file's bytes live under the data directory (files/<id>); the row says what they are.
 * Schema-builder calls only, so SQLite and PostgreSQL get the same tables.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    // Who uploaded it; no foreign key, a file outlives a deleted user's account like a log line.
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('favourites')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('menu_id', 'text', (c) => c.notNull().references('menus.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    // The duplicate rule holds even when two requests race: the second insert fails.
    .addUniqueConstraint('favourites_user_menu_unique', ['user_id', 'menu_id'])
    .execute()
}
