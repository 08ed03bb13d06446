import type { CreateTableBuilder } from 'kysely'

/**
 * Column groups the migrations share. A later change to these must not alter what an earlier
 * migration creates: add a new helper instead of editing one in use.
 */

/** Text columns, not null, '' by default (wire fields in snake case). */
export const texts = <T extends string>(table: CreateTableBuilder<T, never>, names: readonly string[]) =>
  names.reduce((t, name) => t.addColumn(name, 'text', (c) => c.notNull().defaultTo('')), table)

/** The optimistic version and who changed the row when. */
export const audit = <T extends string>(table: CreateTableBuilder<T, never>) =>
  table
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
