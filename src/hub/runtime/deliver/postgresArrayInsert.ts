import { createHash } from 'node:crypto'
import type pg from 'pg'
import type { TargetRow } from './dbLinkRows'

/**
 * Many rows into a PostgreSQL table with ONE prepared statement of one parameter per column:
 * `INSERT INTO t (a, b) SELECT * FROM unnest($1::type_a[], $2::type_b[])`. Against a multi-row
 * VALUES list with a parameter per cell (4,000 for 1,000 rows of four columns, parsed and planned
 * anew for each message) it is about twice as fast, which is what a dblink pull of a million rows
 * spends most of its time on (bench/dbLinkPull.bench.ts). Values reach the server as text, as with
 * VALUES, so each column's own input function reads them: the same conversions and the same errors.
 *
 * The arrays need the columns' types, read once per connection and table from the catalogue.
 * Answers false — the caller then writes with VALUES — when a mapped column is not in the table,
 * the table is unknown, a column is an array (unnest would flatten it) or the statement failed.
 * Must run inside a transaction (it sets a savepoint).
 */
export async function insertByColumnArrays(client: pg.ClientBase, quotedTable: string, quote: (name: string) => string, rows: TargetRow[]): Promise<boolean> {
  const columns = rows[0]!.map(([c]) => c)
  const types = await columnTypes(client, quotedTable)
  // An array column would be flattened by unnest: such tables are written with VALUES.
  if (!types || columns.some((c) => !types.has(c) || types.get(c)!.endsWith(']'))) return false
  const arrays = columns.map((_, i) => rows.map((row) => row[i]![1]))
  const text = `INSERT INTO ${quotedTable} (${columns.map(quote).join(', ')}) SELECT * FROM unnest(${columns.map((c, i) => `$${i + 1}::${types.get(c)}[]`).join(', ')})`
  return tryInsert(client, quotedTable, 'dh_unnest', text, arrays)
}

/**
 * Runs an insert the table may refuse, inside the caller's transaction: on failure it goes back
 * to where it started, forgets the table's cached column types and answers false, so the caller
 * takes its plainer way — a table changed under the cached types is then written all the same,
 * and a value no column can hold fails there with exactly the error it always had. The statement
 * is named by a hash of its text: parsed once per connection, and a changed mapping or table is
 * another statement.
 */
export async function tryInsert(client: pg.ClientBase, quotedTable: string, prefix: string, text: string, values: unknown[]): Promise<boolean> {
  const name = `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`
  await client.query('SAVEPOINT dh_try_insert')
  try {
    await client.query({ name, text, values })
  } catch {
    await client.query('ROLLBACK TO SAVEPOINT dh_try_insert')
    typeCache.get(client)?.delete(quotedTable)
    return false
  }
  return true
}

/** Per connection: table → column → its type as the catalogue writes it (`timestamp(6) without time zone`). */
const typeCache = new WeakMap<pg.ClientBase, Map<string, Map<string, string>>>()

/** The table's column types; null for a table the catalogue does not know (not cached: it may be created later). */
export async function columnTypes(client: pg.ClientBase, quotedTable: string): Promise<Map<string, string> | null> {
  let tables = typeCache.get(client)
  if (!tables) typeCache.set(client, (tables = new Map()))
  const cached = tables.get(quotedTable)
  if (cached) return cached
  const answer = await client.query<{ name: string; type: string }>(
    `select a.attname as name, format_type(a.atttypid, a.atttypmod) as type
       from pg_attribute a
      where a.attrelid = to_regclass($1) and a.attnum > 0 and not a.attisdropped`,
    [quotedTable],
  )
  if (answer.rows.length === 0) return null
  const types = new Map(answer.rows.map((r) => [r.name, r.type]))
  tables.set(quotedTable, types)
  return types
}
