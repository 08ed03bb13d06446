import { sql, type Expression, type SqlBool } from 'kysely'
import { TAG_SEPARATOR } from '../../shared/rules/datahub/tags'

/** LIKE patterns that treat the caller's text literally ('%' and '_' are no wildcards). */
const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/** Case-insensitive "contains" on a column, the same on SQLite and PostgreSQL. */
export const containsText = (column: string, text: string): Expression<SqlBool> =>
  sql<SqlBool>`lower(${sql.ref(column)}) like ${`%${escapeLike(text.trim().toLowerCase())}%`} escape '\\'`

/** The joined tags hold this whole tag (not a part of another one). */
export const hasTag = (column: string, tag: string): Expression<SqlBool> =>
  sql<SqlBool>`(${TAG_SEPARATOR} || ${sql.ref(column)} || ${TAG_SEPARATOR}) like ${`%${TAG_SEPARATOR}${escapeLike(tag.trim())}${TAG_SEPARATOR}%`} escape '\\'`
