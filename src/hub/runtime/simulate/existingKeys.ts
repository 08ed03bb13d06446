import Database from 'better-sqlite3'
import mysql from 'mysql2/promise'
import pg from 'pg'
import { mysqlConfig } from '../../datahub/dataSources/connect/mysql'
import { postgresConfig, refuseHubStore } from '../../datahub/dataSources/connect/postgres'
import { sqlitePath } from '../../datahub/dataSources/connect/sqliteFile'
import type { ConnectionSpec } from '../../datahub/dataSources/connect/types'

/** The simulator asks about this many rows at most: a sample is a few records. */
export const KEY_CHECK_ROWS = 100

/** A row's primary key as the insert would write it: column → value. */
export type KeyValues = [column: string, value: unknown][]

const quoteWith = (q: string) => (name: string) =>
  name
    .split('.')
    .map((part) => q + part.split(q).join(q + q) + q)
    .join('.')

/** Is there a row with each key? One read-only SELECT per key, its values bound, never written. */
type Exists = (table: string, key: KeyValues) => Promise<boolean>

async function onPostgres(spec: ConnectionSpec, work: (exists: Exists) => Promise<boolean[]>): Promise<boolean[]> {
  const client = new pg.Client({ ...postgresConfig(spec), statement_timeout: spec.timeoutMs })
  client.on('error', () => {})
  await client.connect()
  try {
    await refuseHubStore(client, spec)
    const q = quoteWith('"')
    return await work(async (table, key) => ((await client.query(`SELECT 1 FROM ${q(table)} WHERE ${key.map(([c], i) => `${q(c)} = $${i + 1}`).join(' AND ')} LIMIT 1`, key.map(([, v]) => v))).rowCount ?? 0) > 0)
  } finally {
    await client.end().catch(() => {})
  }
}

async function onMysql(spec: ConnectionSpec, work: (exists: Exists) => Promise<boolean[]>): Promise<boolean[]> {
  const connection = await mysql.createConnection(mysqlConfig(spec))
  connection.on('error', () => {})
  try {
    const q = quoteWith('`')
    return await work(async (table, key) => {
      const [rows] = await connection.execute(`SELECT 1 FROM ${q(table)} WHERE ${key.map(([c]) => `${q(c)} = ?`).join(' AND ')} LIMIT 1`, key.map(([, v]) => v) as never[])
      return Array.isArray(rows) && rows.length > 0
    })
  } finally {
    await connection.end().catch(() => {})
  }
}

async function onSqlite(spec: ConnectionSpec, work: (exists: Exists) => Promise<boolean[]>): Promise<boolean[]> {
  const db = new Database(sqlitePath(spec), { readonly: true, fileMustExist: true, timeout: spec.timeoutMs, ...(spec.sqliteBinding ? { nativeBinding: spec.sqliteBinding } : {}) })
  try {
    const q = quoteWith('"')
    const bind = (v: unknown) => (typeof v === 'boolean' ? (v ? 1 : 0) : v)
    return await work(async (table, key) => db.prepare(`SELECT 1 FROM ${q(table)} WHERE ${key.map(([c]) => `${q(c)} = ?`).join(' AND ')} LIMIT 1`).get(...key.map(([, v]) => bind(v))) !== undefined)
  } finally {
    db.close()
  }
}

const READERS: Record<string, typeof onPostgres> = { postgresql: onPostgres, mysql: onMysql, mariadb: onMysql, sqlite: onSqlite }

/**
 * Which of these primary keys the target table already holds (issue 33 item 5's refinement): an
 * insert-only dblink consumer would fail on each of them with a duplicate key, so the simulator
 * says it will, not only that the configuration could lead there. Answers one flag per key, on a
 * connection of its own (read only), under the source's time limit; a kind the hub does not write
 * to answers none.
 */
export async function existingKeys(dbType: string, spec: ConnectionSpec, table: string, keys: readonly KeyValues[]): Promise<boolean[]> {
  const reader = READERS[dbType]
  if (!reader || keys.length === 0) return keys.map(() => false)
  return reader(spec, async (exists) => {
    const found: boolean[] = []
    // A value the key column cannot hold ('x' for an integer) fails its query: that row fails on its type, not on a duplicate.
    for (const key of keys.slice(0, KEY_CHECK_ROWS)) found.push(await exists(table, key).catch(() => false))
    return [...found, ...keys.slice(KEY_CHECK_ROWS).map(() => false)]
  })
}
