import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { Kysely, SqliteDialect, sql } from 'kysely'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { withStatementCache } from './statementCache'

interface Tables {
  items: { id: number; name: string }
}

let dir: string
let raw: Database.Database
let db: Kysely<Tables>

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dh-statements-'))
  raw = new Database(join(dir, 'cache.sqlite'))
  db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: withStatementCache(raw, 4) }) })
  await db.schema.createTable('items').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('name', 'text').execute()
  await db.insertInto('items').values([1, 2, 3].map((id) => ({ id, name: `n${id}` }))).execute()
})
afterEach(async () => {
  await db.destroy()
  rmSync(dir, { recursive: true, force: true })
})

const all = () => db.selectFrom('items').selectAll().orderBy('id').execute()

it('answers a repeated query from the kept statement with fresh rows', async () => {
  expect(await all()).toHaveLength(3)
  await db.deleteFrom('items').where('id', '=', 2).execute()
  expect((await all()).map((r) => r.id)).toEqual([1, 3])
})

it('prepares afresh while the kept statement is still being iterated', () => {
  const statements = withStatementCache(raw, 4)
  const text = 'select id from items order by id'
  const reading = statements.prepare(text).iterate([])[Symbol.iterator]()
  expect(reading.next().value).toEqual({ id: 1 })
  // Kysely never interleaves on one connection; a caller of the cache that did still gets rows.
  expect(statements.prepare(text).all([])).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }])
  expect(reading.next().value).toEqual({ id: 2 })
  reading.return?.()
})

it('sees a column added after the statement was kept', async () => {
  await all()
  await sql`alter table items add column extra text default 'x'`.execute(db)
  expect((await all())[0]).toEqual({ id: 1, name: 'n1', extra: 'x' })
})

it('keeps only the most recently used texts, and still runs the others', async () => {
  for (let n = 1; n <= 10; n++) expect(await db.selectFrom('items').select('id').where('id', '<=', n).limit(n).execute()).toHaveLength(Math.min(n, 3))
  expect(await all()).toHaveLength(3)
})
