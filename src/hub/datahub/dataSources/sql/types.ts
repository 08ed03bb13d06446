import type { Column, SqlPreview } from '../../../../shared/contract/datahub/sqlTools'
import type { ConnectionSpec } from '../connect/types'
import type { Dialect } from './tokens'

/** One relational kind's SQL tools; every call read-only and bounded by the source's timeout. */
export interface SqlDriver {
  /** How the guard (guard.ts) reads this kind's SQL. */
  dialect: Dialect
  /** `limit` rows at most of one query. */
  preview(spec: ConnectionSpec, sql: string, limit: number): Promise<SqlPreview>
  tableColumns(spec: ConnectionSpec, table: string): Promise<Column[]>
}

/** "schema.table" or "table". */
export function splitTable(name: string): { schema: string | null; table: string } {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? { schema: name.slice(0, dot), table: name.slice(dot + 1) } : { schema: null, table: name }
}
