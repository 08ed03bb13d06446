import { sql, type Expression, type SqlBool } from 'kysely'
import { TAG_SEPARATOR } from '../../shared/rules/datahub/tags'
import { escapeLike } from '../store/like'

/** The joined tags hold this whole tag (not a part of another one). */
export const hasTag = (column: string, tag: string): Expression<SqlBool> =>
  sql<SqlBool>`(${TAG_SEPARATOR} || ${sql.ref(column)} || ${TAG_SEPARATOR}) like ${`%${TAG_SEPARATOR}${escapeLike(tag.trim())}${TAG_SEPARATOR}%`} escape '\\'`
