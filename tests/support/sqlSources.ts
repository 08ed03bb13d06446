import { randomBytes } from 'node:crypto'
import mysql from 'mysql2/promise'
import pg from 'pg'

/**
 * Tables of items in the machine's real PostgreSQL and MariaDB (database `test`), as dblink
 * producers read them and dblink consumers write them: a test makes its own table, changes its
 * rows between runs, and reads them back to compare.
 */

export const PG_TEST = { host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test' }
export const MARIA_TEST = { host: '127.0.0.1', port: 3306, user: 'root', database: 'test' }

export interface Item {
  id: number
  name: string
  amount: number
  updated_at: string
}

/** One database kind: how a test writes a table and reads it back, and the data source for it. */
export interface SqlKind {
  name: string
  /** The data source's fields (datasourceCreate) for this database. */
  source: Record<string, string>
  exec(sql: string): Promise<void>
  /** The table's rows by id, the timestamp as `YYYY-MM-DD HH:MM:SS[.ffffff]` text. */
  items(table: string): Promise<Item[]>
  timestampType: string
  close(): Promise<void>
}

export async function postgresKind(): Promise<SqlKind> {
  const client = new pg.Client(PG_TEST)
  await client.connect()
  return {
    name: 'PostgreSQL',
    source: { dbType: 'postgresql', host: '127.0.0.1', port: '5432', username: 'postgres', databaseName: 'test' },
    exec: async (sql) => void (await client.query(sql)),
    items: async (table) => (await client.query(`select id, name, amount, updated_at::text as updated_at from ${table} order by id`)).rows as Item[],
    timestampType: 'timestamp',
    close: () => client.end(),
  }
}

export async function mariaKind(): Promise<SqlKind> {
  const connection = await mysql.createConnection(MARIA_TEST)
  return {
    name: 'MariaDB',
    source: { dbType: 'mariadb', host: '127.0.0.1', port: '3306', username: 'root', databaseName: 'test' },
    exec: async (sql) => void (await connection.query(sql)),
    items: async (table) => (await connection.query(`select id, name, amount, cast(updated_at as char) as updated_at from ${table} order by id`))[0] as Item[],
    // Whole seconds: rows updated within one second share their timestamp.
    timestampType: 'datetime',
    close: () => connection.end(),
  }
}

/** A second counted from 2024-01-01 10:00:00, as every kind writes a timestamp (long settled by any source's clock). */
export const at = (second: number): string => new Date(Date.UTC(2024, 0, 1, 10, 0, second)).toISOString().slice(0, 19).replace('T', ' ')

/** A fresh items table with `rows`; its name goes into `made` for the caller to drop. */
export async function itemsTable(kind: SqlKind, rows: Item[], made: { kind: SqlKind; table: string }[]): Promise<string> {
  const table = `dh_items_${randomBytes(4).toString('hex')}`
  await kind.exec(`create table ${table} (id integer primary key, name varchar(100), amount integer, updated_at ${kind.timestampType})`)
  made.push({ kind, table })
  await insertItems(kind, table, rows)
  return table
}

export async function insertItems(kind: SqlKind, table: string, rows: Item[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    const values = rows.slice(i, i + 500).map((r) => `(${r.id}, '${r.name}', ${r.amount}, '${r.updated_at}')`)
    await kind.exec(`insert into ${table} (id, name, amount, updated_at) values ${values.join(', ')}`)
  }
}

/** Changes rows as an application does between two runs: each to its new name, amount and timestamp. */
export async function updateItems(kind: SqlKind, table: string, rows: Item[]): Promise<void> {
  for (const r of rows) await kind.exec(`update ${table} set name = '${r.name}', amount = ${r.amount}, updated_at = '${r.updated_at}' where id = ${r.id}`)
}
