import type pg from 'pg'
import type { Column } from '../../../../shared/contract/datahub/sqlTools'
import { withDeadline } from '../connect'
import { openPostgres } from '../connect/postgres'
import { reasonOf, type ConnectionSpec } from '../connect/types'
import { connectFailed, sqlFailed, sqlReadOnly, sqlTimeout, tableNotFound } from '../refusals'
import { Refusal } from '../../../http/refusal'
import { RowCollector } from './cells'
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

export const postgresDriver: SqlDriver = {
  preview: (spec, sql, limit) =>
    readOnly(spec, async (client) => {
      // A cursor takes only queries and hands over no more rows than asked for.
      await q(client, `declare dh_preview no scroll cursor for ${sql}`)
      // In chunks: the character budget can stop a preview of wide rows before all are in memory.
      const collector = new RowCollector(limit)
      let fields: pg.FieldDef[] | null = null
      for (;;) {
        const want = Math.min(FETCH_CHUNK, limit + 1 - collector.rows.length)
        const result = await client.query({ text: `fetch forward ${want} from dh_preview`, types: asText, rowMode: 'array', queryMode: 'extended' } as pg.QueryArrayConfig)
        fields ??= result.fields
        const taken = result.rows.every((row) => collector.add(row))
        if (!taken || result.rows.length < want) break
      }
      const columns = fields ?? []
      const types = await typeNames(client, columns)
      return { columns: columns.map((f, i) => ({ name: f.name, type: types[i] ?? '' })), rows: collector.rows, truncated: collector.truncated }
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
