import type { Kysely, Selectable, Transaction } from 'kysely'

/**
 * The first row of a query, or the caller's refusal when there is none: a record the caller
 * names by id that is not there is the caller's mistake (a 4040-style refusal), never a crash.
 */
export async function findOrRefuse<O>(query: { executeTakeFirst(): Promise<O | undefined> }, refusal: () => Error): Promise<O> {
  const row = await query.executeTakeFirst()
  if (row === undefined) throw refusal()
  return row
}

type RowsById = Record<string, { id: string }>

/** All columns of the row of `table` with this id, or the caller's refusal. */
export async function findByIdOrRefuse<DB, T extends keyof DB & string>(
  // Transaction named too: TypeScript infers DB from a transaction only when it is named.
  db: Kysely<DB> | Transaction<DB>,
  table: T,
  id: string,
  refusal: () => Error,
): Promise<Selectable<DB[T]>> {
  // Kysely cannot check an `id` column on a table named by a type parameter; every hub table has one.
  const query = (db as unknown as Kysely<RowsById>).selectFrom(table as string).selectAll().where('id', '=', id)
  return (await findOrRefuse(query, refusal)) as Selectable<DB[T]>
}
