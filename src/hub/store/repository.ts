import type { Insertable, Kysely, Selectable, SelectQueryBuilder, Updateable } from 'kysely'
import type { Paged } from '../../shared/contract/paging'
import { changeLogOpen, noteChange } from './changes'
import { findByIdOrRefuse } from './findOrRefuse'
import { page, type PageRequest } from './paging'
import { saveVersioned, type VersionedRow } from './saveVersioned'
import { refuseDuplicate } from './uniqueViolation'

/** What a repository needs to know of its aggregate's table. */
export interface RowsOptions<T> {
  table: T
  /** The refusal when the row asked for is not there (a 4040 of the area's catalogue). */
  notFound: () => Error
  /** The refusal when a unique index refuses an insert or update (two saves raced past the check). */
  duplicate?: () => Error
}

/** …and, for `repositoryOf`, the wire record a stored row answers as. */
export interface RepositoryOptions<DB, T extends keyof DB & string, R> extends RowsOptions<T> {
  toRecord: (row: Selectable<DB[T]>) => R
}

// Kysely cannot check columns of a table named by a type parameter; every table a repository
// serves has an `id`, and the callers' types (Insertable, Updateable, Selectable of DB[T]) are
// checked where DB and T are known. The casts below are only that.
type Loose = Record<string, { id: string } & Record<string, unknown>>
const loose = <DB>(db: Kysely<DB>) => db as unknown as Kysely<Loose>

/**
 * The stored rows of one aggregate's table: find-or-refuse, the unique check, insert, update,
 * the versioned save and delete. `rowsOf<AreaDatabase>()` names the area's tables once. An
 * aggregate whose wire record is a joined or batched read builds its repository on this and
 * adds its own `find` and `list`; the others use `repositoryOf`.
 */
export function rowsOf<DB>() {
  return function rows<T extends keyof DB & string>(options: RowsOptions<T>) {
    const { table, notFound } = options
    type Row = Selectable<DB[T]>
    const guard = <X>(work: () => Promise<X>): Promise<X> => (options.duplicate ? refuseDuplicate(work, options.duplicate) : work())
    /** The stored row as it is now, only while an audited call keeps a change log (store/changes.ts). */
    const audited = async (db: Kysely<DB>, id: string): Promise<Record<string, unknown> | null> =>
      changeLogOpen() ? ((await loose(db).selectFrom(table as string).selectAll().where('id', '=', id).executeTakeFirst()) ?? null) : null
    /** Notes a write of the row with this id for the audit log: `before` as read, the row as it is now after. */
    const noted = async <X>(db: Kysely<DB>, id: string, write: () => Promise<X>): Promise<X> => {
      if (!changeLogOpen()) return write()
      const before = await audited(db, id)
      const result = await write()
      const after = await audited(db, id)
      if (before !== null || after !== null) noteChange({ objectType: table, objectId: id, before, after })
      return result
    }

    return {
      table,

      /** The stored row, or the aggregate's not-found refusal. */
      stored: (db: Kysely<DB>, id: string): Promise<Row> => findByIdOrRefuse(db, table, id, notFound),

      /** The table, for a list to narrow, select from and order. */
      from: (db: Kysely<DB>) => db.selectFrom(table as never) as unknown as SelectQueryBuilder<DB, T, object>,

      /**
       * Whether a row has these values; with `exceptId`, another row than that one (the check
       * before a unique index, so the caller hears which value clashes).
       */
      async exists(db: Kysely<DB>, values: Partial<Row>, exceptId: string | null = null): Promise<boolean> {
        let query = loose(db).selectFrom(table as string).select('id')
        for (const [column, value] of Object.entries(values)) query = query.where(column, '=', value)
        if (exceptId) query = query.where('id', '!=', exceptId)
        return (await query.executeTakeFirst()) !== undefined
      },

      /** Those of these ids that are stored, in no particular order. */
      async existingIds(db: Kysely<DB>, ids: readonly string[]): Promise<string[]> {
        if (ids.length === 0) return []
        return (await loose(db).selectFrom(table as string).select('id').where('id', 'in', ids).execute()).map((r) => r.id)
      },

      /** Adds a row (its id and stamps are the caller's). */
      async insert(db: Kysely<DB>, values: Insertable<DB[T]>): Promise<void> {
        await guard(() => loose(db).insertInto(table as string).values(values as never).execute())
        const row = values as Record<string, unknown>
        if (typeof row.id === 'string') noteChange({ objectType: table, objectId: row.id, before: null, after: row })
      },

      /** Writes these columns of the row with this id, or refuses as not found. */
      async update(db: Kysely<DB>, id: string, values: Updateable<DB[T]>): Promise<void> {
        const result = await noted(db, id, () => guard(() => loose(db).updateTable(table as string).set(values as never).where('id', '=', id).executeTakeFirst()))
        if (result.numUpdatedRows === 0n) throw notFound()
      },

      /** The optimistic save (saveVersioned.ts): `stale` when someone saved since `from` was read. */
      saveVersioned: (db: Kysely<DB>, from: VersionedRow, values: Updateable<DB[T]>, stale: () => Error): Promise<void> =>
        noted(db, from.id, () => guard(() => saveVersioned(db, table, from, values as never, stale))),

      /** Deletes the row only at the version it was read at (a save in between keeps it). */
      async removeVersioned(db: Kysely<DB>, from: VersionedRow): Promise<void> {
        await noted(db, from.id, () => (db as unknown as Kysely<Record<string, VersionedRow>>).deleteFrom(table as string).where('id', '=', from.id).where('version', '=', from.version).execute())
      },

      /** Deletes the row with this id, or refuses as not found. */
      async remove(db: Kysely<DB>, id: string): Promise<void> {
        const result = await noted(db, id, () => loose(db).deleteFrom(table as string).where('id', '=', id).executeTakeFirst())
        if (result.numDeletedRows === 0n) throw notFound()
      },
    }
  }
}

/**
 * One aggregate's reads and writes, so handlers keep only the rules (validation, permissions,
 * messages) and say what they want in the spec's words (fastify/demo: route → repository):
 * its stored rows (`rowsOf`) and the wire records they answer as. `repositoryOf<AreaDatabase>()`
 * names the area's tables once; each aggregate then gives its table, record and refusals.
 */
export function repositoryOf<DB>() {
  const rows = rowsOf<DB>()
  return function repository<T extends keyof DB & string, R>(options: RepositoryOptions<DB, T, R>) {
    const { toRecord } = options
    type Row = Selectable<DB[T]>
    const stored = rows(options)
    return {
      ...stored,
      toRecord,

      /** The wire record, or the not-found refusal. */
      find: async (db: Kysely<DB>, id: string): Promise<R> => toRecord(await stored.stored(db, id)),

      /** A page of wire records of a query that selects whole rows and says its order. */
      page: (query: SelectQueryBuilder<DB, T, Row>, at: PageRequest): Promise<Paged<R>> => page(query, at, (found) => (found as unknown as Row[]).map(toRecord)),

      /** Every wire record of such a query. */
      all: async (query: SelectQueryBuilder<DB, T, Row>): Promise<R[]> => ((await query.execute()) as unknown as Row[]).map(toRecord),
    }
  }
}
