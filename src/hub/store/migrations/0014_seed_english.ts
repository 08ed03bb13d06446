import type { Kysely } from 'kysely'
import { dictionarySeeds } from '../seed/dictionaries'
import { parameterSeeds } from '../seed/parameters'
import { roleSeeds } from '../seed/roles'

type Db = Kysely<unknown>

/** Table, its key and name columns, and the seeded rows' English names by key. */
const targets = (): { table: string; key: string; name: string; names: { key: string; zh: string; en: string }[] }[] => [
  { table: 'roles', key: 'role_code', name: 'role_name', names: roleSeeds.map((r) => ({ key: r.code, zh: r.name, en: r.nameEn })) },
  { table: 'parameters', key: 'parameter_key', name: 'parameter_name', names: parameterSeeds.map((p) => ({ key: p.key, zh: p.name, en: p.nameEn })) },
  { table: 'dictionary_types', key: 'dict_type', name: 'dict_name', names: dictionarySeeds.map((d) => ({ key: d.dictType, zh: d.name, en: d.nameEn })) },
]

/**
 * English names for the seeded rows shown by name (roles, parameters, dictionary types), as
 * menus have had from the start. A store seeded before this step gets them here; only rows that
 * still carry the seeded Chinese name do, so a row someone renamed keeps its one name (shown in
 * both languages), as do rows people created ('' = no English name of its own).
 *
 * The names come from the seed lists rather than a copy: a later seed change of an English name
 * reaches new stores through the seed and is not a schema matter.
 */
export async function up(db: Db): Promise<void> {
  for (const { table, key, name, names } of targets()) {
    await db.schema.alterTable(table).addColumn(`${name}_en`, 'text', (c) => c.notNull().defaultTo('')).execute()
    const t = db as unknown as Kysely<Record<string, Record<string, string>>>
    for (const row of names) {
      await t.updateTable(table).set({ [`${name}_en`]: row.en }).where(key, '=', row.key).where(name, '=', row.zh).execute()
    }
  }
}

export async function down(db: Db): Promise<void> {
  for (const { table, name } of targets()) await db.schema.alterTable(table).dropColumn(`${name}_en`).execute()
}
