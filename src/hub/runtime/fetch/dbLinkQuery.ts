import { generatedQuery } from '../../../shared/rules/datahub/producerModes'

/**
 * The SQL a dblink producer reads its source with, per dialect (PostgreSQL, MySQL / MariaDB,
 * SQLite). The producer's query (querySql, or the one generated from tableName and the synced
 * columns) is wrapped as a subquery, so a table and a hand-written query are read the same way:
 * the query condition, the incremental bound and the keyset position all apply to its rows.
 */
export type SqlKind = 'postgres' | 'mysql' | 'sqlite'

/** The alias of the wrapped query; its columns are the query's own output columns. */
const ALIAS = 'dh_q'

/** One identifier quoted for the dialect; a quote inside is doubled, so no name can end it. */
export function quoteName(kind: SqlKind, name: string): string {
  const q = kind === 'mysql' ? '`' : '"'
  return q + name.split(q).join(q + q) + q
}

/** The producer's query: querySql as written, else generated from the table and its synced columns. */
export function baseQuery(model: { querySql?: string | undefined; tableName?: string | undefined; columnModelList?: readonly { columnName: string; synchStatus?: string | undefined }[] | undefined }): string {
  const written = (model.querySql ?? '').trim()
  if (written) return written.replace(/;\s*$/, '')
  const table = (model.tableName ?? '').trim()
  return table ? generatedQuery(table, model.columnModelList ?? []) : ''
}

/** Where the previous page (or run) stopped: the timestamp and the key values of its last row. */
export interface Position {
  /** The timestarpField value of the last row read (incremental only). */
  watermark?: unknown
  key: readonly unknown[]
}

export interface ReadShape {
  kind: SqlKind
  /** The producer's query, guard-checked. */
  base: string
  /** queryCondition: a boolean expression on the query's columns; '' for none. */
  condition: string
  /** timestarpField for incremental reading; null reads everything. */
  timestamp: string | null
  /** The key ordering rows within a timestamp (or alone); [] reads in the source's order. */
  key: readonly string[]
  /**
   * Rows with a timestamp before this only (the source's clock at the run's start less the settle
   * margin, as the source writes it); null: no bound.
   */
  settledBefore: unknown
  /** First run of an incremental pull: rows at or after this text (taskStartTime). */
  startAt: string | null
}

export interface BuiltQuery {
  sql: string
  params: unknown[]
}

/**
 * Keyset condition "(timestamp, key…) > position": rows strictly after the last one read, with
 * rows of an equal timestamp ordered by the key. PostgreSQL and SQLite compare row values (an
 * index on the same columns serves it); MySQL / MariaDB get the expanded OR form, which their
 * range optimizer reads better than a row constructor.
 */
function after(kind: SqlKind, columns: string[], values: unknown[], param: () => string): string {
  if (kind !== 'mysql') return `(${columns.join(', ')}) > (${values.map(() => param()).join(', ')})`
  const ors: string[] = []
  for (let i = 0; i < columns.length; i++) {
    const parts = columns.slice(0, i).map((c) => `${c} = ${param()}`)
    parts.push(`${columns[i]} > ${param()}`)
    ors.push(`(${parts.join(' AND ')})`)
  }
  return `(${ors.join(' OR ')})`
}

/** The values `after` binds, in the order its parameters appear. */
function afterParams(kind: SqlKind, values: unknown[]): unknown[] {
  if (kind !== 'mysql') return values
  const out: unknown[] = []
  for (let i = 0; i < values.length; i++) out.push(...values.slice(0, i), values[i])
  return out
}

/**
 * The query of one read: rows of the producer's query matching the condition, after `position`,
 * settled, in (timestamp, key) order, `limit` of them (null: all, for a cursor).
 */
export function readQuery(shape: ReadShape, position: Position | null, limit: number | null): BuiltQuery {
  const { kind } = shape
  let n = 0
  const param = () => (kind === 'postgres' ? `$${++n}` : '?')
  const col = (name: string) => `${ALIAS}.${quoteName(kind, name)}`
  const ordered = [...(shape.timestamp ? [shape.timestamp] : []), ...shape.key].map(col)
  const where: string[] = []
  const params: unknown[] = []
  if (shape.condition.trim()) where.push(`(${shape.condition.trim()}\n)`)
  if (shape.timestamp) {
    // A row without a timestamp has no place in the order an incremental pull keeps.
    where.push(`${col(shape.timestamp)} IS NOT NULL`)
    if (shape.settledBefore !== null && shape.settledBefore !== undefined) {
      where.push(`${col(shape.timestamp)} < ${param()}`)
      params.push(shape.settledBefore)
    }
    if (!position && shape.startAt) {
      where.push(`${col(shape.timestamp)} >= ${param()}`)
      params.push(shape.startAt)
    }
  }
  if (position) {
    const values = [...(shape.timestamp ? [position.watermark] : []), ...position.key]
    where.push(after(kind, ordered, values, param))
    params.push(...afterParams(kind, values))
  }
  // A newline closes the query and the condition, so a trailing -- comment cannot swallow the wrapper.
  let sql = `SELECT * FROM (\n${shape.base}\n) ${ALIAS}`
  if (where.length > 0) sql += ` WHERE ${where.join(' AND ')}`
  if (ordered.length > 0) sql += ` ORDER BY ${ordered.join(', ')}`
  if (limit !== null) sql += ` LIMIT ${Math.max(1, Math.floor(limit))}`
  return { sql, params }
}

/** The wrapped query reading no row: its columns (and their types) only. */
export const columnsQuery = (base: string): string => `SELECT * FROM (\n${base}\n) ${ALIAS} LIMIT 0`
