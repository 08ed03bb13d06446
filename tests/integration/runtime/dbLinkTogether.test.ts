import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { FieldMappingRow } from '../../../src/shared/rules/datahub/mapping'
import type { ConnectionSpec } from '../../../src/hub/datahub/dataSources/connect/types'
import { targetRows } from '../../../src/hub/runtime/deliver/dbLinkRows'
import { alone as aloneStored, closePools, deliver as deliverStored } from '../../../src/hub/runtime/deliver/dbLinkDeliver'
import { renderStored } from '../../../src/hub/text/keyedText'
import type { DbLinkTask } from '../../../src/hub/runtime/deliver/dbLinkThread'
import { MAX_TOGETHER, TogetherWriter } from '../../../src/hub/runtime/deliver/dbLinkTogether'
import { writePostgres } from '../../../src/hub/runtime/deliver/dbLinkWriters'

/** A delivery's outcome with its error as the English sentence (the hub keeps it as a message key). */
const readable = <T extends { ok: boolean; error?: string }>(answer: T): T => (answer.error === undefined ? answer : { ...answer, error: renderStored('en', answer.error) })
const alone = async (...args: Parameters<typeof aloneStored>) => readable(await aloneStored(...args))
const deliver = async (...args: Parameters<typeof deliverStored>) => readable(await deliverStored(...args))

/**
 * The dblink thread's PostgreSQL writes (dbLinkDeliver.ts): a message's records go in as the
 * JSON text itself (postgresJsonInsert.ts) and several messages of one target together in one
 * statement (dbLinkTogether.ts) — storing exactly what the row-by-row way stores, each message
 * whole or not at all, each with its own outcome.
 */
const suffix = randomBytes(4).toString('hex')
const TYPED = `dh_tg_typed_${suffix}`
const VIA_ROWS = `dh_tg_rows_${suffix}`
const client = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test' })
const spec: ConnectionSpec = { dbType: 'postgresql', host: '127.0.0.1', port: 5432, databaseName: 'test', username: 'postgres', password: '', timeoutMs: 30_000, dataDir: '', sqliteSourcesDir: '', hubStore: null, sqliteBinding: null }
const mappings: FieldMappingRow[] = [
  { sourceFieldName: 'id', targetFieldName: 'id' },
  { sourceFieldName: 'price', targetFieldName: 'amount' },
  { sourceFieldName: 'at', targetFieldName: 'at' },
  { sourceFieldName: 'ok', targetFieldName: 'ok' },
  { sourceFieldName: 'doc', targetFieldName: 'doc' },
  { sourceFieldName: 'note', targetFieldName: 'note' },
]
const task = (table: string, payload: unknown, over: Partial<DbLinkTask> = {}): DbLinkTask => ({
  source: { id: 'src', name: 'target db', version: 1 },
  spec,
  table,
  compare: [],
  mappings,
  payloadText: typeof payload === 'string' ? payload : JSON.stringify(payload),
  poolSize: 2,
  ...over,
})
/** Records of every kind of value a pull carries: numbers, numeric text, timestamps, booleans, objects, nulls, missing fields, quotes and tabs. */
const records = [
  { id: 1, price: 12.5, at: '2024-01-02 03:04:05.123456', ok: true, doc: { a: [1, 2], b: 'x' }, note: 'tab\there "quoted" \\ back' },
  { id: '2', price: '7', at: null, ok: 'false', doc: null, note: 'NULL' },
  { id: 3, ok: false },
]
const stored = async (table: string) => (await client.query(`select id::text, amount::text, at::text, ok, doc, note from ${table} order by id`)).rows
const count = async (table: string) => Number((await client.query(`select count(*)::int as n from ${table}`)).rows[0].n)

beforeAll(async () => {
  await client.connect()
  for (const t of [TYPED, VIA_ROWS]) await client.query(`create table ${t} (id bigint primary key, amount numeric(10,2), at timestamp(6), ok boolean, doc jsonb, note varchar(40))`)
})
afterEach(async () => {
  for (const t of [TYPED, VIA_ROWS]) await client.query(`delete from ${t}`)
})
afterAll(async () => {
  await closePools()
  for (const t of [TYPED, VIA_ROWS]) await client.query(`drop table if exists ${t}`).catch(() => {})
  await client.end()
})

describe('dblink consumers writing into PostgreSQL', () => {
  it('store a message from its JSON text exactly as row by row: every column read by its type, a missing field NULL', async () => {
    // The hub does not make the rows when the server reads the text: asking for them fails the test.
    let rowsMade = false
    const untouched = { table: TYPED, compare: [], messages: { texts: [JSON.stringify(records)], mappings }, get rows(): never { rowsMade = true; throw new Error('the rows were made') } }
    await writePostgres(spec, untouched)
    expect(rowsMade).toBe(false)
    // The same records the way every other kind of database is written: made into rows by the hub.
    await writePostgres(spec, { table: VIA_ROWS, compare: [], rows: targetRows(JSON.stringify(records), mappings) })
    expect(await stored(TYPED)).toEqual(await stored(VIA_ROWS))
    expect(await stored(TYPED)).toEqual([
      { id: '1', amount: '12.50', at: '2024-01-02 03:04:05.123456', ok: true, doc: { a: [1, 2], b: 'x' }, note: 'tab\there "quoted" \\ back' },
      { id: '2', amount: '7.00', at: null, ok: false, doc: null, note: 'NULL' },
      { id: '3', amount: null, at: null, ok: false, doc: null, note: null },
    ])
  })

  it('fall back to making the rows for what the server reads differently: 1.0 into a bigint, a nested source field, one object', async () => {
    expect(await alone(task(TYPED, [{ id: 1.0, price: 1 }]))).toEqual({ ok: true })
    expect(await alone(task(TYPED, { id: 2, doc: { b: 'nested' } }, { mappings: [{ sourceFieldName: 'id', targetFieldName: 'id' }, { sourceFieldName: 'doc.b', targetFieldName: 'note' }] }))).toEqual({ ok: true })
    expect(await stored(TYPED)).toMatchObject([{ id: '1', amount: '1.00' }, { id: '2', note: 'nested' }])
    // Text that is not JSON, or records that are not objects: the delivery's own permanent errors.
    expect(await alone(task(TYPED, '[{"id": 9'))).toMatchObject({ ok: false, permanent: true, error: expect.stringMatching(/JSON/) })
    expect(await alone(task(TYPED, '[1, 2]'))).toMatchObject({ ok: false, permanent: true, error: expect.stringMatching(/record 1 is not a JSON object/) })
    // A value its column cannot take: the column type's error, nothing of the message written.
    expect(await alone(task(TYPED, [{ id: 10 }, { id: 'eleven' }]))).toMatchObject({ ok: false, error: expect.stringMatching(/invalid input syntax for type bigint/) })
    expect(await count(TYPED)).toBe(2)
  })

  it('write messages that wait for their table together, each whole or not at all with its own outcome', async () => {
    // Statements are counted by a trigger: the first message goes at once, those waiting meanwhile in one.
    await client.query(`create table ${TYPED}_statements (n integer)`)
    await client.query(`create function ${TYPED}_count() returns trigger language plpgsql as $$ begin insert into ${TYPED}_statements values (1); return null; end $$`)
    await client.query(`create trigger ${TYPED}_count after insert on ${TYPED} for each statement execute function ${TYPED}_count()`)
    try {
      const batch = (from: number) => Array.from({ length: 100 }, (_, i) => ({ id: from + i, price: i }))
      const answers = await Promise.all([0, 1, 2, 3, 4].map((k) => deliver(task(TYPED, batch(k * 100)))))
      expect(answers).toEqual(Array.from({ length: 5 }, () => ({ ok: true })))
      expect(await count(TYPED)).toBe(500)
      expect(Number((await client.query(`select count(*)::int as n from ${TYPED}_statements`)).rows[0].n)).toBe(2)

      // One bad message among them: the others land, it alone fails, with its own error.
      await client.query(`delete from ${TYPED}`)
      const mixed = await Promise.all([deliver(task(TYPED, batch(1000))), deliver(task(TYPED, batch(2000))), deliver(task(TYPED, [{ id: 'x' }])), deliver(task(TYPED, batch(3000))), deliver(task(TYPED, 'not json'))])
      expect(mixed.map((a) => a.ok)).toEqual([true, true, false, true, false])
      expect(mixed[2]).toMatchObject({ error: expect.stringMatching(/invalid input syntax for type bigint/) })
      expect(mixed[4]).toMatchObject({ permanent: true, error: expect.stringMatching(/JSON/) })
      expect(await count(TYPED)).toBe(300)
    } finally {
      await client.query(`drop trigger if exists ${TYPED}_count on ${TYPED}`)
      await client.query(`drop function if exists ${TYPED}_count()`)
      await client.query(`drop table if exists ${TYPED}_statements`)
    }
  })
})

describe('the together writer', () => {
  it('writes the first task of a target at once, groups what waits (at most MAX_TOGETHER), keeps targets apart', async () => {
    const groups: string[][] = []
    const release: (() => void)[] = []
    const writer = new TogetherWriter(
      async (tasks) => {
        groups.push(tasks.map((t) => t.payloadText))
        await new Promise<void>((r) => release.push(r))
      },
      async (t) => {
        groups.push([t.payloadText])
        await new Promise<void>((r) => release.push(r))
        return { ok: true }
      },
    )
    const writes = Array.from({ length: MAX_TOGETHER + 3 }, (_, i) => writer.write(task('a', `[${i}]`)))
    const other = writer.write(task('b', '[99]'))
    // Each step waits for the writer's next group to start (not for a fixed time, which a loaded
    // machine can outlast), then checks that group whole.
    const started = (n: number) => vi.waitFor(() => expect(groups.length).toBeGreaterThanOrEqual(n), { timeout: 10_000, interval: 5 })
    await started(2)
    expect(groups).toEqual([['[0]'], ['[99]']])
    release.splice(0).forEach((r) => r())
    await started(3)
    expect(groups[2]).toEqual(Array.from({ length: MAX_TOGETHER }, (_, i) => `[${i + 1}]`))
    release.splice(0).forEach((r) => r())
    await started(4)
    expect(groups).toHaveLength(4)
    expect(groups[3]).toEqual([`[${MAX_TOGETHER + 1}]`, `[${MAX_TOGETHER + 2}]`])
    release.splice(0).forEach((r) => r())
    expect(await Promise.all([...writes, other])).toHaveLength(MAX_TOGETHER + 4)
  })
})
