import type { Kysely, Transaction, UpdateObject } from 'kysely'

/** What a row read for an optimistic save remembers of itself. */
export interface VersionedRow {
  id: string
  version: number
}

type VersionedTables = Record<string, VersionedRow>

/**
 * The optimistic save: writes `values` and moves the version one on, but only while the row
 * still has the version it was read at; otherwise someone saved in between and the caller gets
 * `refusal` (no lost update, and no lock held while the caller was deciding).
 */
export async function saveVersioned<DB, T extends keyof DB & string>(
  // Transaction named too: TypeScript infers DB from a transaction only when it is named.
  db: Kysely<DB> | Transaction<DB>,
  table: T,
  from: VersionedRow,
  values: UpdateObject<DB, T>,
  refusal: () => Error,
): Promise<void> {
  // Kysely cannot check `id` and `version` columns on a table named by a type parameter; every
  // table saved this way has both (the VersionedRow the caller read came from it).
  const result = await (db as unknown as Kysely<VersionedTables>)
    .updateTable(table as string)
    .set({ ...(values as UpdateObject<VersionedTables, string>), version: from.version + 1 })
    .where('id', '=', from.id)
    .where('version', '=', from.version)
    .executeTakeFirst()
  if (result.numUpdatedRows === 0n) throw refusal()
}
