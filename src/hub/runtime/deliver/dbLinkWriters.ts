import Database from 'better-sqlite3'
import mysql from 'mysql2/promise'
import pg from 'pg'
import { mysqlConfig } from '../../datahub/dataSources/connect/mysql'
import { postgresConfig, refuseHubStore } from '../../datahub/dataSources/connect/postgres'
import { sqlitePath } from '../../datahub/dataSources/connect/sqliteFile'
import type { ConnectionSpec } from '../../datahub/dataSources/connect/types'
import type { TargetRow } from './dbLinkRows'
import { insertByColumnArrays } from './postgresArrayInsert'
import { insertFromJson } from './postgresJsonInsert'
import type { FieldMappingRow } from '../../../shared/rules/datahub/mapping'
import { keyed } from '../../text/keyedText'
import { DeliveryError } from '../../kernel/deliveryError'

/**
 * Writing rows into one table of a relational data source, in one transaction: all rows of a
 * message land, or none. With `compare` set (isUpdateRecord), a row whose compare columns match
 * an existing one updates it, otherwise it is inserted — done as UPDATE then INSERT, which works
 * on every kind without asking the target table for a unique index. Without `compare`, the rows
 * of a message (a batched dblink producer sends one JSON array of a batch's rows) go in with one
 * multi-row INSERT — several only when they would pass the kind's limit of bound parameters.
 */
export interface WriteRequest {
  table: string
  rows: TargetRow[]
  compare: string[]
  /**
   * The messages the rows come from (one, or several written together: dbLinkTogether.ts), when
   * a writer may insert them without the rows (postgresJsonInsert.ts); `rows` is then read only
   * if that writer cannot.
   */
  messages?: { texts: readonly string[]; mappings: readonly FieldMappingRow[] }
}

type Exec = (sql: string, params: unknown[]) => Promise<number>

interface Dialect {
  quote(name: string): string
  param(i: number): string
  /** Bound parameters one statement may carry (PostgreSQL and MySQL 65535, SQLite 32766). */
  maxParams: number
  /** A kind's faster way to insert many rows; false when it cannot take them (VALUES then). */
  insertMany?: (table: string, rows: TargetRow[]) => Promise<boolean>
}

const quoteWith = (q: string) => (name: string) =>
  name
    .split('.')
    .map((part) => q + part.split(q).join(q + q) + q)
    .join('.')

/** Rows that all carry the same columns (the mappings'), as few INSERT statements as the parameter limit allows. */
async function insertRows(d: Dialect, exec: Exec, table: string, rows: TargetRow[]): Promise<void> {
  const columns = rows[0]!.map(([c]) => c)
  const perStatement = Math.max(1, Math.floor(d.maxParams / Math.max(1, columns.length)))
  const head = `INSERT INTO ${table} (${columns.map((c) => d.quote(c)).join(', ')}) VALUES `
  for (let from = 0; from < rows.length; from += perStatement) {
    const chunk = rows.slice(from, from + perStatement)
    let n = 0
    const tuples = chunk.map((row) => `(${row.map(() => d.param(++n)).join(', ')})`)
    await exec(head + tuples.join(', '), chunk.flatMap((row) => row.map(([, v]) => v)))
  }
}

async function writeRows(d: Dialect, exec: Exec, req: WriteRequest): Promise<void> {
  const table = d.quote(req.table)
  if (req.compare.length === 0) {
    if (req.rows.length > 0 && !(await d.insertMany?.(table, req.rows))) await insertRows(d, exec, table, req.rows)
    return
  }
  for (const row of req.rows) {
    const keys = req.compare.map((c) => {
      const found = row.find(([col]) => col === c)
      if (!found) throw new DeliveryError(keyed('msg_exchange_compare_not_mapped', { field: c }), true)
      return found
    })
    const sets = row.filter(([col]) => !req.compare.includes(col))
    if (sets.length > 0) {
      const params = [...sets.map(([, v]) => v), ...keys.map(([, v]) => v)]
      const sql = `UPDATE ${table} SET ${sets.map(([c], i) => `${d.quote(c)} = ${d.param(i + 1)}`).join(', ')} WHERE ${keys.map(([c], i) => `${d.quote(c)} = ${d.param(sets.length + i + 1)}`).join(' AND ')}`
      if ((await exec(sql, params)) > 0) continue
    } else {
      const sql = `SELECT 1 FROM ${table} WHERE ${keys.map(([c], i) => `${d.quote(c)} = ${d.param(i + 1)}`).join(' AND ')}`
      if ((await exec(sql, keys.map(([, v]) => v))) > 0) continue
    }
    await insertRows(d, exec, table, [row])
  }
}

/** A PostgreSQL target: its connection, with each statement bounded by the source's timeout. */
export const postgresWriterConfig = (spec: ConnectionSpec): pg.ClientConfig => ({ ...postgresConfig(spec), statement_timeout: spec.timeoutMs })

/** The rows in one transaction on an open connection (rolled back when any fails). */
export async function writePostgresOn(client: pg.ClientBase, req: WriteRequest): Promise<void> {
  try {
    await client.query('BEGIN')
    const quote = quoteWith('"')
    if (req.messages && req.compare.length === 0 && (await insertFromJson(client, quote(req.table), quote, req.messages.texts, req.messages.mappings))) {
      await client.query('COMMIT')
      return
    }
    const insertMany = (table: string, rows: TargetRow[]) => insertByColumnArrays(client, table, quote, rows)
    await writeRows({ quote, param: (i) => `$${i}`, maxParams: 65535, insertMany }, async (sql, params) => (await client.query(sql, params)).rowCount ?? 0, req)
    await client.query('COMMIT')
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {})
    throw err
  }
}

/** On a connection of its own, closed afterwards. */
export async function writePostgres(spec: ConnectionSpec, req: WriteRequest): Promise<void> {
  const client = new pg.Client(postgresWriterConfig(spec))
  client.on('error', () => {})
  await client.connect()
  try {
    await refuseHubStore(client, spec)
    await writePostgresOn(client, req)
  } finally {
    await client.end().catch(() => {})
  }
}

/** A MySQL / MariaDB target: its connection, UPDATE counting matched rows (not changed ones: an unchanged match must not fall through to INSERT). */
export const mysqlWriterConfig = (spec: ConnectionSpec): mysql.ConnectionOptions => ({ ...mysqlConfig(spec), flags: ['FOUND_ROWS'] })

/** The rows in one transaction on an open connection (rolled back when any fails). */
export async function writeMysqlOn(connection: mysql.Connection, req: WriteRequest): Promise<void> {
  try {
    await connection.beginTransaction()
    const exec: Exec = async (sql, params) => {
      const [result] = await connection.execute(sql, params as never[])
      // SELECT answers rows; INSERT / UPDATE a header with affectedRows (matched rows, FOUND_ROWS).
      return Array.isArray(result) ? result.length : (result as { affectedRows: number }).affectedRows
    }
    await writeRows({ quote: quoteWith('`'), param: () => '?', maxParams: 65535 }, exec, req)
    await connection.commit()
  } catch (err) {
    await connection.rollback().catch(() => {})
    throw err
  }
}

/** On a connection of its own, closed afterwards. */
export async function writeMysql(spec: ConnectionSpec, req: WriteRequest): Promise<void> {
  const connection = await mysql.createConnection(mysqlWriterConfig(spec))
  connection.on('error', () => {})
  try {
    await writeMysqlOn(connection, req)
  } finally {
    await connection.end().catch(() => {})
  }
}

export async function writeSqlite(spec: ConnectionSpec, req: WriteRequest): Promise<void> {
  const db = new Database(sqlitePath(spec), { fileMustExist: true, timeout: spec.timeoutMs, ...(spec.sqliteBinding ? { nativeBinding: spec.sqliteBinding } : {}) })
  try {
    const sqliteValue = (v: unknown) => (typeof v === 'boolean' ? (v ? 1 : 0) : v)
    const exec: Exec = async (sql, params) => {
      const statement = db.prepare(sql)
      const values = params.map(sqliteValue)
      return statement.reader ? statement.all(...values).length : statement.run(...values).changes
    }
    db.exec('BEGIN IMMEDIATE')
    try {
      await writeRows({ quote: quoteWith('"'), param: () => '?', maxParams: 32766 }, exec, req)
      db.exec('COMMIT')
    } catch (err) {
      db.exec('ROLLBACK')
      throw err
    }
  } finally {
    db.close()
  }
}

/** The writer of each kind of relational data source a dblink consumer writes to. */
export const WRITERS: Record<string, (spec: ConnectionSpec, req: WriteRequest) => Promise<void>> = {
  postgresql: writePostgres,
  mysql: writeMysql,
  mariadb: writeMysql,
  sqlite: writeSqlite,
}
