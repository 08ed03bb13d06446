import type { BuiltQuery, SqlKind } from './dbLinkQuery'

/** A source row as the driver hands it: column name → value. */
export type SourceRow = Record<string, unknown>

/**
 * One dblink producer's connection to its source for one run. Every read is read-only: a page
 * is its own read-only transaction (PostgreSQL, MySQL / MariaDB) or a read on a file opened
 * read-only with query_only, on a thread of its own (SQLite: sqliteReader.ts), under the
 * source's time limit; a cursor is one read-only transaction handing over `chunk` rows at a time.
 */
export interface SourceReader {
  kind: SqlKind
  /** The query's output columns, reading no row. */
  columns(base: string): Promise<string[]>
  /**
   * The source's clock `seconds` ago, in the form the column `name` of the query holds, when that
   * column is a date-time one the clock can be compared with; null otherwise.
   */
  settledBefore(base: string, name: string, seconds: number): Promise<unknown>
  page(query: BuiltQuery): Promise<SourceRow[]>
  cursor(query: BuiltQuery, chunk: number): AsyncIterable<SourceRow[]>
  /** Closes the connection; a read under way fails. Safe to call twice. */
  close(): Promise<void>
}
