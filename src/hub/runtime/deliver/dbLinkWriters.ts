import Database from 'better-sqlite3'
import mysql from 'mysql2/promise'
import pg from 'pg'
import { sqlitePath } from '../../datahub/dataSources/connect/sqliteFile'
import type { ConnectionSpec } from '../../datahub/dataSources/connect/types'
import type { TargetRow } from './dbLinkRows'

/**
 * Writing rows into one table of a relational data source, in one transaction: all rows of a
 * message land, or none. With `compare` set (isUpdateRecord), a row whose compare columns match
 * an existing one updates it, otherwise it is inserted — done as UPDATE then INSERT, which works
 * on every kind without asking the target table for a unique index.
 */
export interface WriteRequest {
  table: string
  rows: TargetRow[]
  compare: string[]
}

type Exec = (sql: string, params: unknown[]) => Promise<number>

interface Dialect {
  quote(name: string): string
  param(i: number): string
}

const quoteWith = (q: string) => (name: string) =>
  name
    .split('.')
    .map((part) => q + part.split(q).join(q + q) + q)
    .join('.')

async function writeRows(d: Dialect, exec: Exec, req: WriteRequest): Promise<void> {
  const table = d.quote(req.table)
  for (const row of req.rows) {
    if (req.compare.length > 0) {
      const keys = req.compare.map((c) => {
        const found = row.find(([col]) => col === c)
        if (!found) throw new Error(`the compare field '${c}' is not a mapped column`)
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
    }
    const sql = `INSERT INTO ${table} (${row.map(([c]) => d.quote(c)).join(', ')}) VALUES (${row.map((_, i) => d.param(i + 1)).join(', ')})`
    await exec(sql, row.map(([, v]) => v))
  }
}

export async function writePostgres(spec: ConnectionSpec, req: WriteRequest): Promise<void> {
  const client = new pg.Client({ host: spec.host, port: spec.port, user: spec.username, password: spec.password, database: spec.databaseName, connectionTimeoutMillis: spec.timeoutMs, statement_timeout: spec.timeoutMs })
  client.on('error', () => {})
  await client.connect()
  try {
    await client.query('BEGIN')
    await writeRows({ quote: quoteWith('"'), param: (i) => `$${i}` }, async (sql, params) => (await client.query(sql, params)).rowCount ?? 0, req)
    await client.query('COMMIT')
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {})
    throw err
  } finally {
    await client.end().catch(() => {})
  }
}

export async function writeMysql(spec: ConnectionSpec, req: WriteRequest): Promise<void> {
  const connection = await mysql.createConnection({ host: spec.host, port: spec.port, user: spec.username, password: spec.password, database: spec.databaseName, connectTimeout: spec.timeoutMs,
    // UPDATE counts matched rows, not changed ones: an unchanged match must not fall through to INSERT.
    flags: ['FOUND_ROWS'] })
  connection.on('error', () => {})
  try {
    await connection.beginTransaction()
    const exec: Exec = async (sql, params) => {
      const [result] = await connection.execute(sql, params as never[])
      // SELECT answers rows; INSERT / UPDATE a header with affectedRows (matched rows, FOUND_ROWS).
      return Array.isArray(result) ? result.length : (result as { affectedRows: number }).affectedRows
    }
    await writeRows({ quote: quoteWith('`'), param: () => '?' }, exec, req)
    await connection.commit()
  } catch (err) {
    await connection.rollback().catch(() => {})
    throw err
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
      await writeRows({ quote: quoteWith('"'), param: () => '?' }, exec, req)
      db.exec('COMMIT')
    } catch (err) {
      db.exec('ROLLBACK')
      throw err
    }
  } finally {
    db.close()
  }
}
