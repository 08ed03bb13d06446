import { randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import mysql from 'mysql2/promise'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ConnectionSpec } from '../../../src/hub/datahub/dataSources/connect/types'
import type { TargetRow } from '../../../src/hub/runtime/deliver/dbLinkRows'
import { writeMysql, writePostgres, writePostgresOn, writeSqlite } from '../../../src/hub/runtime/deliver/dbLinkWriters'

/**
 * A batched dblink message (one JSON array of a batch's rows) written by a dblink consumer: one
 * multi-row INSERT, split only past the kind's limit of bound parameters, all in one transaction.
 */
const table = `dh_wr_${randomBytes(4).toString('hex')}`
const COLUMNS = Array.from({ length: 10 }, (_, i) => `c${i}`)
let dataDir: string

const spec = (over: Partial<ConnectionSpec>): ConnectionSpec => ({
  dbType: 'postgresql', host: '127.0.0.1', port: 5432, databaseName: 'test', username: 'postgres', password: '', timeoutMs: 30_000,
  dataDir, sqliteSourcesDir: join(dataDir, 'sqlite-sources'), hubStore: null, sqliteBinding: null, ...over,
})

/** `count` rows of ten columns: c0 the row's number, the others text (c9 null on every 7th row). */
const rowsOf = (count: number): TargetRow[] =>
  Array.from({ length: count }, (_, i) => COLUMNS.map((c, j): [string, unknown] => [c, j === 0 ? i + 1 : j === 9 && i % 7 === 0 ? null : `r${i + 1}-${c}`]))
const asRecords = (rows: TargetRow[]) => rows.map((row) => Object.fromEntries(row))
const createSql = (text: string) => `create table ${table} (c0 integer not null, ${COLUMNS.slice(1).map((c) => `${c} ${text}`).join(', ')})`

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'dh-writers-'))
  await mkdir(join(dataDir, 'sqlite-sources'), { recursive: true })
})
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

describe('PostgreSQL', () => {
  const client = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test' })
  beforeAll(async () => {
    await client.connect()
    await client.query(createSql('text'))
    // A statement-level trigger counts the INSERT statements the consumer sends.
    await client.query(`create table ${table}_statements (n integer)`)
    await client.query(`create function ${table}_count() returns trigger language plpgsql as $$ begin insert into ${table}_statements values (1); return null; end $$`)
    await client.query(`create trigger ${table}_count after insert on ${table} for each statement execute function ${table}_count()`)
  })
  afterAll(async () => {
    await client.query(`drop table if exists ${table}`).catch(() => {})
    await client.query(`drop table if exists ${table}_statements`).catch(() => {})
    await client.query(`drop function if exists ${table}_count()`).catch(() => {})
    await client.end()
  })
  const statements = async () => Number((await client.query(`select count(*) as n from ${table}_statements`)).rows[0].n)
  const stored = async () => (await client.query(`select ${COLUMNS.join(', ')} from ${table} order by c0`)).rows

  it('writes a batch of rows with one INSERT statement', async () => {
    await writePostgres(spec({}), { table, rows: rowsOf(1000), compare: [] })
    expect(await statements()).toBe(1)
    expect(await stored()).toEqual(asRecords(rowsOf(1000)))
  })

  it('writes 7,000 rows (70,000 cells, past the 65,535 bound parameters of a VALUES list) with one statement, all or nothing', async () => {
    await client.query(`delete from ${table}; delete from ${table}_statements`)
    // One array parameter per column (postgresArrayInsert.ts): no parameter limit to split at.
    await writePostgres(spec({}), { table, rows: rowsOf(7000), compare: [] })
    expect(await statements()).toBe(1)
    expect(await stored()).toEqual(asRecords(rowsOf(7000)))
    // A row the table refuses takes every other row of the message back with it.
    await client.query(`delete from ${table}`)
    const bad = rowsOf(7000)
    bad[6999]![0] = ['c0', null]
    await expect(writePostgres(spec({}), { table, rows: bad, compare: [] })).rejects.toThrow(/null/)
    expect(await stored()).toEqual([])
  })

  it('reads each value with its column type, as a VALUES list would: numbers, text numbers, timestamps, booleans, JSON text, nulls', async () => {
    const typed = `${table}_typed`
    await client.query(`create table ${typed} (id bigint, amount numeric(10,2), at timestamp(6), day date, ok boolean, doc jsonb, note varchar(20))`)
    try {
      const rows: TargetRow[] = [
        [['id', 1], ['amount', 12.5], ['at', '2024-01-02 03:04:05.123456'], ['day', '2024-01-02'], ['ok', true], ['doc', '{"a":[1,2]}'], ['note', 'tab\there "quoted"']],
        [['id', '2'], ['amount', '7'], ['at', null], ['day', null], ['ok', 'false'], ['doc', null], ['note', 'NULL']],
      ]
      await writePostgres(spec({}), { table: typed, rows, compare: [] })
      const back = (await client.query(`select id::text, amount::text, at::text, day::text, ok, doc, note from ${typed} order by id`)).rows
      expect(back).toEqual([
        { id: '1', amount: '12.50', at: '2024-01-02 03:04:05.123456', day: '2024-01-02', ok: true, doc: { a: [1, 2] }, note: 'tab\there "quoted"' },
        { id: '2', amount: '7.00', at: null, day: null, ok: false, doc: null, note: 'NULL' },
      ])
      // A value a column cannot hold is refused with the column type's own error, nothing written.
      await expect(writePostgres(spec({}), { table: typed, rows: [[['id', 'three']]], compare: [] })).rejects.toThrow(/invalid input syntax for type bigint/)
      expect((await client.query(`select count(*)::int as n from ${typed}`)).rows[0].n).toBe(2)
    } finally {
      await client.query(`drop table if exists ${typed}`)
    }
  })

  it('writes array columns, schema-qualified tables, and a table whose column type changed between two messages on one connection', async () => {
    const other = `${table}_arr`
    await client.query(`create table ${other} (id integer, tags text[], v integer)`)
    const writer = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test' })
    await writer.connect()
    try {
      // An array column would be flattened by unnest: written with VALUES instead.
      await writePostgresOn(writer, { table: other, rows: [[['id', 1], ['tags', ['a', 'b']]]], compare: [] })
      await writePostgresOn(writer, { table: `public.${other}`, rows: [[['id', 2], ['v', 5]]], compare: [] })
      // The connection has the integer type of v cached; the column now takes text.
      await client.query(`alter table ${other} alter column v type text`)
      await writePostgresOn(writer, { table: `public.${other}`, rows: [[['id', 3], ['v', 'x']]], compare: [] })
      expect((await client.query(`select id, tags::text as tags, v from ${other} order by id`)).rows).toEqual([
        { id: 1, tags: '{a,b}', v: null }, { id: 2, tags: null, v: '5' }, { id: 3, tags: null, v: 'x' },
      ])
      // A column the table does not have: the database's own error names it.
      await expect(writePostgresOn(writer, { table: other, rows: [[['id', 4], ['nope', 1]]], compare: [] })).rejects.toThrow(/nope/)
    } finally {
      await writer.end()
      await client.query(`drop table if exists ${other}`)
    }
  })
})

describe('MariaDB', () => {
  let connection: mysql.Connection
  beforeAll(async () => {
    connection = await mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root', database: 'test' })
    await connection.query(createSql('varchar(40)'))
  })
  afterAll(async () => {
    await connection.query(`drop table if exists ${table}`).catch(() => {})
    await connection.end()
  })
  const maria = () => spec({ dbType: 'mariadb', port: 3306, username: 'root' })
  const stored = async () => (await connection.query(`select ${COLUMNS.join(', ')} from ${table} order by c0`))[0]

  it('writes a batch past the parameter limit completely, or nothing when a row is refused', async () => {
    await writeMysql(maria(), { table, rows: rowsOf(7000), compare: [] })
    expect(await stored()).toEqual(asRecords(rowsOf(7000)))
    await connection.query(`delete from ${table}`)
    const bad = rowsOf(7000)
    bad[6999]![0] = ['c0', null]
    await expect(writeMysql(maria(), { table, rows: bad, compare: [] })).rejects.toThrow(/null/i)
    expect(await stored()).toEqual([])
  })

  it('still updates by the compare field row by row, inserting what has no match', async () => {
    await connection.query(`delete from ${table}`)
    await writeMysql(maria(), { table, rows: rowsOf(2), compare: [] })
    const next = rowsOf(3).map((row) => row.map(([c, v]): [string, unknown] => [c, c === 'c1' ? `new-${String(v)}` : v]))
    await writeMysql(maria(), { table, rows: next, compare: ['c0'] })
    expect(await stored()).toEqual(asRecords(next))
  })
})

describe('SQLite', () => {
  const file = `writers-${randomBytes(3).toString('hex')}.sqlite`
  beforeAll(() => {
    const db = new Database(join(dataDir, 'sqlite-sources', file))
    db.exec(createSql('text'))
    db.close()
  })

  it('writes a batch past 32766 parameters completely', async () => {
    await writeSqlite(spec({ dbType: 'sqlite', databaseName: file }), { table, rows: rowsOf(4000), compare: [] })
    const db = new Database(join(dataDir, 'sqlite-sources', file), { readonly: true })
    expect(db.prepare(`select ${COLUMNS.join(', ')} from ${table} order by c0`).all()).toEqual(asRecords(rowsOf(4000)))
    db.close()
  })
})
