import type pg from 'pg'
import type { Column } from '../../../../shared/contract/datahub/sqlTools'
import { withDeadline } from '../connect'
import { openPostgres } from '../connect/postgres'
import { reasonOf, type ConnectionSpec } from '../connect/types'
import { connectFailed, sqlFailed, sqlReadOnly, sqlTimeout, tableNotFound } from '../refusals'
import { Refusal } from '../../../kernel/refusal'
import { CELL_FETCH_CHARS, RowCollector } from './cells'
import { splitTable, type SqlDriver } from './types'

const FETCH_CHUNK = 500

/** Every value as the server's text: no time-zone or precision surprises in a preview. */
const asText = { getTypeParser: () => (value: string) => value } as unknown as pg.CustomTypesConfig
/** Statements always in the extended protocol: it refuses several statements in one call. */
const q = (client: pg.Client, text: string, values: unknown[] = []) =>
  client.query({ text, values, types: asText, queryMode: 'extended' } as pg.QueryConfig)

/** The client's failure as a refusal: time limit, read-only, or the server's own message. */
function refusalOf(err: unknown, spec: ConnectionSpec): Refusal {
  if (err instanceof Refusal) return err
  const code = (err as { code?: string } | null)?.code
  if (code === '57014' || (err as { kind?: string }).kind === 'timeout') return sqlTimeout({ seconds: Math.round(spec.timeoutMs / 1000) })
  if (code === '25006') return sqlReadOnly()
  return sqlFailed({ detail: reasonOf(err, spec.password) })
}

/**
 * Runs `work` in a read-only transaction with statement_timeout set, then rolls back. The
 * server enforces both; the deadline around it covers a server that stops answering.
 */
async function readOnly<T>(spec: ConnectionSpec, work: (client: pg.Client) => Promise<T>): Promise<T> {
  let client: pg.Client
  try {
    client = await withDeadline(spec.timeoutMs, openPostgres(spec))
  } catch (err) {
    // The hub's own store (connect/postgres.ts) is refused as itself, not as a failed connection.
    if (err instanceof Refusal) throw err
    throw connectFailed({ detail: reasonOf(err, spec.password) })
  }
  try {
    return await withDeadline(spec.timeoutMs + 2000, (async () => {
      await client.query('begin transaction read only')
      await client.query(`set local statement_timeout = ${Math.max(1, Math.floor(spec.timeoutMs))}`)
      try {
        return await work(client)
      } finally {
        await client.query('rollback').catch(() => {})
      }
    })())
  } catch (err) {
    throw refusalOf(err, spec)
  } finally {
    await client.end().catch(() => {})
  }
}

async function typeNames(client: pg.Client, fields: readonly pg.FieldDef[]): Promise<string[]> {
  if (fields.length === 0) return []
  const result = await q(client, 'select format_type(t.o, nullif(t.m, -1)) as name from unnest($1::oid[], $2::int[]) with ordinality as t(o, m, i) order by t.i', [
    fields.map((f) => f.dataTypeID),
    fields.map((f) => f.dataTypeModifier),
  ])
  return result.rows.map((r) => String((r as { name: string }).name ?? ''))
}

/**
 * The query wrapped so that the server cuts every cell before sending it: each column as its
 * text (format's %s is the type's own output, so 't', padded char(n) and inet stay as the
 * server writes them) cut to CELL_FETCH_CHARS. pg reads a whole row into memory before it hands
 * it over, so a cut made in the hub would come after a 50 MB cell was already received. The
 * columns get positional names (the query may repeat a name); a newline closes the query so a
 * trailing -- comment cannot swallow the wrapper.
 */
function cutQuery(sql: string, columns: number): string {
  const names = Array.from({ length: columns }, (_, i) => `c${i}`)
  const cells = names.map((c) => `case when num_nulls(q.${c}) = 1 then null else left(format('%s', q.${c}), ${CELL_FETCH_CHARS}) end`)
  return `select ${cells.join(', ')} from (\n${sql}\n) as q(${names.join(', ')})`
}

/** Bytes one row can take at most once cut (4 bytes a character in UTF-8). */
const rowBytesMax = (columns: number) => Math.max(1, columns) * (CELL_FETCH_CHARS * 4 + 8)

export const postgresDriver: SqlDriver = {
  dialect: { kind: 'postgres' },

  preview: (spec, sql, limit) =>
    readOnly(spec, async (client) => {
      // The columns first, without running the query (LIMIT 0 pulls no row).
      const probe = await client.query({ text: `select * from (\n${sql}\n) as q limit 0`, types: asText, rowMode: 'array', queryMode: 'extended' } as pg.QueryArrayConfig)
      const fields = probe.fields
      // A cursor takes only queries and hands over no more rows than asked for.
      await q(client, `declare dh_preview no scroll cursor for ${fields.length > 0 ? cutQuery(sql, fields.length) : sql}`)
      // In chunks no bigger than the byte budget left, so at most one budget's worth is in memory.
      const collector = new RowCollector(limit)
      for (;;) {
        const fit = Math.max(1, Math.floor(collector.roomBytes / rowBytesMax(fields.length)))
        const want = Math.min(FETCH_CHUNK, fit, limit + 1 - collector.rows.length)
        const result = await client.query({ text: `fetch forward ${want} from dh_preview`, types: asText, rowMode: 'array', queryMode: 'extended' } as pg.QueryArrayConfig)
        const taken = result.rows.every((row) => collector.add(row))
        if (!taken || result.rows.length < want) break
      }
      const types = await typeNames(client, fields)
      return collector.preview(fields.map((f, i) => ({ name: f.name, type: types[i] ?? '' })))
    }),

  tableColumns: (spec, name) =>
    readOnly(spec, async (client) => {
      const { schema, table } = splitTable(name)
      // Unquoted names are folded to lower case by PostgreSQL: accept the name either way.
      const result = await q(
        client,
        `select a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
                coalesce(col_description(a.attrelid, a.attnum), '') as description,
                exists (select 1 from pg_index i where i.indrelid = a.attrelid and i.indisprimary and a.attnum = any(i.indkey)) as pk
           from pg_attribute a
           join pg_class c on c.oid = a.attrelid
           join pg_namespace n on n.oid = c.relnamespace
          where c.oid = (select c2.oid from pg_class c2 join pg_namespace n2 on n2.oid = c2.relnamespace
                          where c2.relname::text in ($1::text, lower($1::text)) and c2.relkind in ('r', 'v', 'm', 'p', 'f')
                            and (case when $2::text is null then pg_table_is_visible(c2.oid) else n2.nspname::text in ($2::text, lower($2::text)) end)
                          order by (c2.relname::text = $1::text) desc limit 1)
            and a.attnum > 0 and not a.attisdropped
          order by a.attnum`,
        [table, schema],
      )
      if (result.rows.length === 0) throw tableNotFound({ table: name })
      return result.rows.map((r): Column => {
        const row = r as { name: string; type: string; description: string; pk: string }
        return { columnName: row.name, dataTypeName: row.type, desc: row.description, primaryKeyStatus: row.pk === 't' ? '1' : '0', synchStatus: '1' }
      })
    }),
}
