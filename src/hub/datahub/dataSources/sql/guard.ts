import { sqlFunctionDenied, sqlNotQuery } from '../refusals'
import { deniedFunction } from './denied'
import { keywordOf, LexError, tokenize, type Dialect, type Token } from './tokens'

export type { Dialect } from './tokens'

/**
 * First line of defence of the SQL tools, on the statement's tokens (tokens.ts) as the server
 * will read them, never on raw text: only one query (SELECT, WITH, VALUES, TABLE; SHOW and
 * DESCRIBE for MySQL), no INTO (MySQL writes files on the database server with SELECT … INTO
 * OUTFILE, read-only transaction or not; PostgreSQL's SELECT INTO makes a table), no
 * data-modifying WITH, and none of the functions that read or write server files, stop other
 * sessions or run SQL text (denied.ts).
 *
 * The real guarantee is the database's own: every query runs in a read-only transaction
 * (PostgreSQL, MySQL) or on a file opened read-only (SQLite), one statement per call, under the
 * source's time limit; and the account should be a read-only one (the form says so). This check
 * gives the product's message where the server would give its own, and closes what a read-only
 * transaction leaves open.
 */
const QUERY_START = new Set(['select', 'with', 'values', 'table', 'show', 'describe', 'desc', 'explain'])
/** Words that only a statement that changes something has. */
const WRITING = new Set(['insert', 'update', 'delete', 'merge', 'truncate', 'drop', 'alter', 'create', 'grant', 'revoke', 'into', 'attach', 'detach', 'vacuum', 'reindex'])

export const DEFAULT_DIALECT: Dialect = { kind: 'postgres' }

/**
 * The query to send: leading comments and trailing semicolons and comments removed, nothing
 * else changed. Refuses (msg_sql_not_query / msg_sql_function_denied) anything else.
 */
export function requireQuery(sql: string, dialect: Dialect = DEFAULT_DIALECT): string {
  let tokens: Token[]
  try {
    tokens = tokenize(sql, dialect)
  } catch (err) {
    if (err instanceof LexError) throw sqlNotQuery()
    throw err
  }
  const all = tokens
  // Trailing semicolons go; the marks of MySQL executable comments stay in the text sent.
  let last = all.length - 1
  while (last >= 0 && (all[last]!.kind === 'mark' || (all[last]!.kind === 'symbol' && all[last]!.text === ';'))) last--
  while (last + 1 < all.length && all[last + 1]!.kind === 'mark') last++
  tokens = all.slice(0, last + 1).filter((t) => t.kind !== 'mark')
  if (tokens.length === 0) throw sqlNotQuery()
  // One statement: a semicolon left inside is a second one (the drivers refuse it too, with
  // their own words).
  if (tokens.some((t) => t.kind === 'symbol' && t.text === ';')) throw sqlNotQuery()
  const first = tokens.find((t) => !(t.kind === 'symbol' && t.text === '('))
  if (!first || first.kind !== 'word' || !QUERY_START.has(first.text)) throw sqlNotQuery()
  for (const t of tokens) {
    if (t.kind === 'word') {
      const word = keywordOf(t.text)
      if (WRITING.has(word)) throw sqlNotQuery()
      // EXPLAIN ANALYZE runs the statement it explains.
      if (first.text === 'explain' && (word === 'analyze' || word === 'analyse')) throw sqlNotQuery()
    }
    if (t.kind === 'word' || t.kind === 'name') {
      const denied = deniedFunction(t.kind === 'word' ? keywordOf(t.text) : t.text)
      if (denied) throw sqlFunctionDenied({ name: denied })
    }
  }
  return sql.slice(all[0]!.start, all[last]!.end)
}
