import type mysql from 'mysql2/promise'
import pg from 'pg'
import { withDeadline } from '../../datahub/dataSources/connect'
import { openMysql } from '../../datahub/dataSources/connect/mysql'
import { openPostgres } from '../../datahub/dataSources/connect/postgres'
import type { ConnectionSpec } from '../../datahub/dataSources/connect/types'
import { numberOfDigits } from '../json/exact'
import { columnsQuery, type SqlKind } from './dbLinkQuery'
import type { SourceReader, SourceRow } from './sourceReader'
import { sqliteReader } from './sqliteReader'

/**
 * Dates and times as the server writes them: a JavaScript Date would shift a timestamp without
 * time zone into the hub's zone and cut microseconds, and the watermark must go back to the
 * server exactly as it came.
 */
const PG_TEXT_TYPES = new Set([1082, 1083, 1114, 1184, 1266])
const PG_TIMESTAMP = 1114
const PG_TIMESTAMPTZ = 1184
/**
 * bigint and numeric as the exact numbers they are: the drivers give their digits as text (a
 * double would round a 64-bit id or a long amount), and a message carries them as JSON numbers
 * with those digits (json/exact.ts) — not as strings. NaN and infinities, which JSON has no
 * number for, stay text.
 */
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/
const exactColumn = (text: string | null): unknown => (text === null ? null : JSON_NUMBER.test(text) ? numberOfDigits(text) : text)
const PG_EXACT_TYPES = new Set([20, 1700])
const pgTypes = {
  getTypeParser: (oid: number, format?: string) =>
    PG_TEXT_TYPES.has(oid) ? (v: string) => v : PG_EXACT_TYPES.has(oid) && format !== 'binary' ? exactColumn : pg.types.getTypeParser(oid, format as 'text'),
} as unknown as pg.CustomTypesConfig

/** MySQL's BIGINT and DECIMAL columns the same way (the connection reads them as text: supportBigNumbers, bigNumberStrings). */
const MYSQL_EXACT_TYPES = new Set(['LONGLONG', 'NEWDECIMAL', 'DECIMAL'])
const mysqlTypeCast = (field: { type: string; string(): string | null }, next: () => unknown): unknown => (MYSQL_EXACT_TYPES.has(field.type) ? exactColumn(field.string()) : next())

async function postgresReader(spec: ConnectionSpec): Promise<SourceReader> {
  const client = await withDeadline(spec.timeoutMs, openPostgres(spec))
  let closed = false
  const timeoutMs = Math.max(1, Math.floor(spec.timeoutMs))
  // Every transaction of this connection is read-only and time-limited from the start, so a
  // page can be one statement — its own implicit transaction, read-only all the same — instead
  // of three round trips (begin, select, rollback) on a pull of a thousand pages. The query
  // itself cannot change that: it passed the read-only check, which refuses set_config and
  // everything but one SELECT, and the extended protocol runs one statement only.
  await client.query(`set session characteristics as transaction read only; set statement_timeout = ${timeoutMs}`)
  // The extended protocol refuses a second statement smuggled into the query.
  const run = (text: string, values: unknown[] = []) => client.query({ text, values, types: pgTypes, queryMode: 'extended' } as pg.QueryConfig)
  // One round trip: our own text, never a user's, so the simple protocol's two statements are safe.
  const begin = async () => {
    await client.query(`begin transaction read only; set local statement_timeout = ${timeoutMs}`)
  }
  async function inTransaction<T>(work: () => Promise<T>): Promise<T> {
    await begin()
    try {
      return await work()
    } finally {
      if (!closed) await client.query('rollback').catch(() => {})
    }
  }
  return {
    kind: 'postgres',
    columns: (base) => inTransaction(async () => (await run(columnsQuery(base))).fields.map((f) => f.name)),
    settledBefore: (base, name, seconds) =>
      inTransaction(async () => {
        const type = (await run(columnsQuery(base))).fields.find((f) => f.name === name)?.dataTypeID
        const clock = type === PG_TIMESTAMP ? 'localtimestamp' : type === PG_TIMESTAMPTZ ? 'now()' : null
        if (!clock) return null
        return (await run(`select (${clock} - make_interval(secs => $1))::text as at`, [seconds])).rows[0]?.at ?? null
      }),
    page: async (query) => (await run(query.sql, query.params)).rows as SourceRow[],
    async *cursor(query, chunk) {
      await begin()
      try {
        await run(`declare dh_fetch no scroll cursor for ${query.sql}`, query.params)
        for (;;) {
          const { rows } = await run(`fetch forward ${chunk} from dh_fetch`)
          if (rows.length > 0) yield rows as SourceRow[]
          if (rows.length < chunk) return
        }
      } finally {
        if (!closed) await client.query('rollback').catch(() => {})
      }
    },
    async close() {
      if (closed) return
      closed = true
      await client.end().catch(() => {})
    },
  }
}

/** MySQL's protocol numbers of DATETIME and TIMESTAMP columns (and their fractional forms). */
const MYSQL_DATE_TIMES = new Set([7, 12, 17, 18])

async function mysqlReader(spec: ConnectionSpec): Promise<SourceReader> {
  const connection = await withDeadline(spec.timeoutMs, openMysql(spec))
  connection.on('error', () => {})
  let closed = false
  // The server's own statement time limit: MariaDB's in seconds, MySQL's (SELECT only) in ms.
  const [versionRows] = await connection.query('select version() as v')
  if (/mariadb/i.test(String((versionRows as { v?: unknown }[])[0]?.v ?? ''))) await connection.query(`set session max_statement_time = ${(spec.timeoutMs / 1000).toFixed(3)}`)
  else await connection.query(`set session max_execution_time = ${Math.floor(spec.timeoutMs)}`)
  async function inTransaction<T>(work: () => Promise<T>): Promise<T> {
    await connection.query('start transaction read only')
    try {
      return await work()
    } finally {
      if (!closed) await connection.query('rollback').catch(() => {})
    }
  }
  const fieldsOf = async (base: string) => (await connection.query(columnsQuery(base)))[1] as mysql.FieldPacket[]
  return {
    kind: 'mysql',
    columns: (base) => inTransaction(async () => (await fieldsOf(base)).map((f) => f.name)),
    settledBefore: (base, name, seconds) =>
      inTransaction(async () => {
        const type = (await fieldsOf(base)).find((f) => f.name === name)?.columnType
        if (type === undefined || !MYSQL_DATE_TIMES.has(type)) return null
        const [rows] = await connection.query('select cast(now(6) - interval ? microsecond as char) as at', [Math.round(seconds * 1e6)])
        return (rows as { at?: unknown }[])[0]?.at ?? null
      }),
    page: (query) => inTransaction(async () => (await connection.query({ sql: query.sql, values: query.params, typeCast: mysqlTypeCast as mysql.TypeCast }))[0] as SourceRow[]),
    async *cursor(query, chunk) {
      await connection.query('start transaction read only')
      // The streaming query pauses the connection while its buffer is full: rows wait on the server.
      const core = (connection as unknown as { connection: { query(o: object): { stream(o: object): AsyncIterable<SourceRow> } } }).connection
      const stream = core.query({ sql: query.sql, values: query.params, typeCast: mysqlTypeCast }).stream({ highWaterMark: chunk })
      let rows: SourceRow[] = []
      try {
        for await (const row of stream) {
          rows.push(row)
          if (rows.length >= chunk) {
            yield rows
            rows = []
          }
        }
        if (rows.length > 0) yield rows
      } finally {
        if (!closed) await connection.query('rollback').catch(() => {})
      }
    },
    async close() {
      if (closed) return
      closed = true
      connection.destroy()
    },
  }
}

export const READERS: Record<string, { kind: SqlKind; open: (spec: ConnectionSpec) => Promise<SourceReader> }> = {
  postgresql: { kind: 'postgres', open: postgresReader },
  mysql: { kind: 'mysql', open: mysqlReader },
  mariadb: { kind: 'mysql', open: mysqlReader },
  sqlite: { kind: 'sqlite', open: sqliteReader },
}
