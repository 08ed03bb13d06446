import { sql, type Expression, type SqlBool } from 'kysely'

/**
 * LIKE with the caller's text taken literally ('%' and '_' are no wildcards). The escape
 * character is named in the SQL: PostgreSQL assumes a backslash, SQLite has none unless told, so
 * without it a search for 'sys_status' matched nothing on SQLite.
 */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/** Column LIKE pattern (already escaped, with its own wildcards), the escape character named. */
export const likePattern = (column: string, pattern: string): Expression<SqlBool> => sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '\\'`

/** Case-insensitive "contains" on a column, the same on SQLite and PostgreSQL: every list's search box. */
export const containsText = (column: string, text: string): Expression<SqlBool> =>
  sql<SqlBool>`lower(${sql.ref(column)}) like ${`%${escapeLike(text.trim().toLowerCase())}%`} escape '\\'`
