import mysql from 'mysql2/promise'
import type { Column, SqlPreview } from '../../../../shared/contract/datahub/sqlTools'
import { Refusal } from '../../../kernel/refusal'
import { withDeadline } from '../connect'
import { openMysql } from '../connect/mysql'
import { reasonOf, type ConnectionSpec } from '../connect/types'
import { connectFailed, sqlFailed, sqlReadOnly, sqlTimeout, tableNotFound } from '../refusals'
import { RowCollector } from './cells'
import { requireQuery } from './guard'
import type { Dialect } from './tokens'
import { splitTable, type SqlDriver } from './types'

/** Server error numbers: statement time limit (MariaDB 1969, MySQL 3024), read-only transaction (1792). */
const TIMEOUT_ERRNOS = new Set([1969, 3024])
const READ_ONLY_ERRNO = 1792

function refusalOf(err: unknown, spec: ConnectionSpec): Refusal {
  if (err instanceof Refusal) return err
  const e = err as { errno?: number; kind?: string } | null
  if ((e?.errno !== undefined && TIMEOUT_ERRNOS.has(e.errno)) || e?.kind === 'timeout') return sqlTimeout({ seconds: Math.round(spec.timeoutMs / 1000) })
  if (e?.errno === READ_ONLY_ERRNO) return sqlReadOnly()
  return sqlFailed({ detail: reasonOf(err, spec.password) })
}

/** Friendlier names for the protocol's column types. */
const TYPE_NAMES: Record<string, string> = {
  TINY: 'tinyint', SHORT: 'smallint', INT24: 'mediumint', LONG: 'int', LONGLONG: 'bigint', FLOAT: 'float', DOUBLE: 'double',
  DECIMAL: 'decimal', NEWDECIMAL: 'decimal', VAR_STRING: 'varchar', VARCHAR: 'varchar', STRING: 'char', DATE: 'date', NEWDATE: 'date',
  DATETIME: 'datetime', TIMESTAMP: 'timestamp', TIME: 'time', YEAR: 'year', JSON: 'json', BIT: 'bit', ENUM: 'enum', SET: 'set',
  GEOMETRY: 'geometry', NULL: 'null',
}
/** Binary collation: a BLOB column holds bytes; otherwise it is a TEXT column. */
const BINARY_CHARSET = 63

function typeOf(field: mysql.FieldPacket): string {
  // The protocol's type number, named by the driver's own table (Types[253] === 'VAR_STRING').
  const name = field.typeName ?? String((mysql.Types as unknown as Record<number, string>)[field.columnType ?? -1] ?? '')
  if (name.endsWith('BLOB')) return field.characterSet === BINARY_CHARSET ? name.toLowerCase() : name.replace('BLOB', 'TEXT').toLowerCase()
  return TYPE_NAMES[name] ?? name.toLowerCase()
}

/**
 * Runs `work` in a read-only transaction with the server's statement time limit set (MariaDB
 * max_statement_time in seconds, MySQL max_execution_time in ms), then drops the connection.
 */
async function readOnly<T>(spec: ConnectionSpec, work: (connection: mysql.Connection, dialect: Dialect) => Promise<T>): Promise<T> {
  let connection: mysql.Connection
  try {
    connection = await withDeadline(spec.timeoutMs, openMysql(spec))
  } catch (err) {
    throw connectFailed({ detail: reasonOf(err, spec.password) })
  }
  connection.on('error', () => {})
  try {
    return await withDeadline(spec.timeoutMs + 2000, (async () => {
      const [rows] = await connection.query('select version() as v, @@session.sql_mode as m')
      const version = String((rows as { v?: unknown }[])[0]?.v ?? '')
      // How this session reads quotes and backslashes decides where strings end (tokens.ts).
      const mode = String((rows as { m?: unknown }[])[0]?.m ?? '').toUpperCase()
      const dialect: Dialect = { kind: 'mysql', backslashEscapes: !mode.includes('NO_BACKSLASH_ESCAPES'), ansiQuotes: mode.includes('ANSI_QUOTES') }
      if (/mariadb/i.test(version)) await connection.query(`set session max_statement_time = ${(spec.timeoutMs / 1000).toFixed(3)}`)
      else await connection.query(`set session max_execution_time = ${Math.floor(spec.timeoutMs)}`)
      await connection.query('start transaction read only')
      return work(connection, dialect)
    })())
  } catch (err) {
    throw refusalOf(err, spec)
  } finally {
    // No rollback needed: closing ends the read-only transaction; destroy also stops a stream.
    connection.destroy()
  }
}

/**
 * Streams the query row by row and stops reading once `limit` rows or the byte budget are in
 * (the connection is dropped after). Cells are cut in the hub: the server sends no row larger
 * than its max_allowed_packet (16 MB by default), which bounds what one row can cost.
 */
function streamPreview(connection: mysql.Connection, sql: string, limit: number): Promise<SqlPreview> {
  return new Promise((done, fail) => {
    const collector = new RowCollector(limit)
    let columns: SqlPreview['columns'] = []
    let settled = false
    const finish = () => {
      if (settled) return
      settled = true
      done(collector.preview(columns))
    }
    const core = (connection as unknown as { connection: { query(o: object): NodeJS.EventEmitter } }).connection
    const query = core.query({ sql, rowsAsArray: true })
    query.on('fields', (fields: mysql.FieldPacket[]) => {
      columns = (fields ?? []).map((f) => ({ name: f.name, type: typeOf(f) }))
    })
    query.on('result', (row: unknown) => {
      if (settled || !Array.isArray(row)) return
      if (!collector.add(row)) finish()
    })
    query.on('error', (err: unknown) => {
      if (settled) return
      settled = true
      fail(err)
    })
    query.on('end', finish)
  })
}

export const mysqlDriver: SqlDriver = {
  // The guard runs again once the session's sql_mode is known; this is its default reading.
  dialect: { kind: 'mysql' },

  preview: (spec, sql, limit) => readOnly(spec, (connection, dialect) => streamPreview(connection, requireQuery(sql, dialect), limit)),

  tableColumns: (spec, name) =>
    readOnly(spec, async (connection) => {
      const { schema, table } = splitTable(name)
      const [rows] = await connection.query(
        `select COLUMN_NAME as name, COLUMN_TYPE as type, COLUMN_COMMENT as description, COLUMN_KEY as colKey
           from information_schema.COLUMNS
          where TABLE_SCHEMA = coalesce(?, database()) and TABLE_NAME = ?
          order by ORDINAL_POSITION`,
        [schema, table],
      )
      const list = rows as { name: string; type: string; description: string; colKey: string }[]
      if (list.length === 0) throw tableNotFound({ table: name })
      return list.map((r): Column => ({
        columnName: String(r.name),
        dataTypeName: String(r.type),
        desc: String(r.description ?? ''),
        primaryKeyStatus: r.colKey === 'PRI' ? '1' : '0',
        synchStatus: '1',
      }))
    }),
}
