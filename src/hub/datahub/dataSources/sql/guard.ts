import { sqlNotQuery } from '../refusals'

/**
 * First line of defence of the SQL tools: only a query may be sent (SELECT, WITH, VALUES,
 * TABLE; SHOW and DESCRIBE for MySQL). The real guarantee is the database's own: every query
 * runs in a read-only transaction (PostgreSQL, MySQL) or on a file opened read-only (SQLite),
 * and one statement per call; this check only gives a clear message before getting there.
 */
const QUERY_START = /^(select|with|values|table|show|describe|desc|explain)\b/i

/** Removes leading comments and opening brackets, and trailing semicolons and blanks. */
export function normaliseQuery(sql: string): string {
  let text = sql.trim()
  for (;;) {
    const before = text
    text = text.replace(/^--[^\n]*(\n|$)/, '').replace(/^\/\*[\s\S]*?\*\//, '').trimStart()
    if (text === before) break
  }
  return text.replace(/[;\s]+$/, '')
}

export function requireQuery(sql: string): string {
  const text = normaliseQuery(sql)
  const start = text.replace(/^\(+\s*/, '')
  // EXPLAIN ANALYZE runs the statement it explains: allowed only as a plain EXPLAIN of a query.
  if (!QUERY_START.test(start) || /^explain\s+(analy[sz]e|\(.*analy[sz]e)/i.test(start)) throw sqlNotQuery()
  // MySQL writes files on the database server with SELECT … INTO OUTFILE, read-only transaction or not.
  if (/\binto\s+(outfile|dumpfile)\b/i.test(text)) throw sqlNotQuery()
  return text
}
