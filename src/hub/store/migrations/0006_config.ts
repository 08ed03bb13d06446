import type { Kysely } from 'kysely'

/**
 * Dictionaries, languages and i18n messages, parameters (spec part 2 §7). The tables come from
 * 0001; the dictionary entry gains the spec's "level" label (a display level, '' for none).
 * Schema builder only, with a default, so existing rows stay valid on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('dictionary_data').addColumn('dict_level', 'text', (c) => c.notNull().defaultTo('')).execute()
}
