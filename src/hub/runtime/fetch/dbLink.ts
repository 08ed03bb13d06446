import { generatedQuery } from '../../../shared/rules/datahub/producerModes'
import { reasonOf, type ConnectionSpec } from '../../datahub/dataSources/connect/types'
import { dataSourceByName } from '../../datahub/dataSources/records'
import { HUB_STORE_KEY } from '../../datahub/dataSources/refusals'
import { sourceSpec } from '../../datahub/dataSources/specs'
import { requireQuery } from '../../datahub/dataSources/sql/guard'
import { sqlDriverFor } from '../../datahub/dataSources/sql'
import { dataSourceDb } from '../../datahub/dataSources/tables'
import { Refusal } from '../../kernel/refusal'
import { baseQuery, readQuery, type Position, type ReadShape } from './dbLinkQuery'
import { READERS } from './dbLinkReaders'
import type { SourceReader, SourceRow } from './sourceReader'
import { isExactNumber, numberOfDigits } from '../json/exact'
import { FetchError, type Checkpoint, type FetchContext, type FetchedBatch, type Fetcher } from './fetcher'
import { type KeyedText, asKeyed, keyed, textOf } from '../../text/keyedText'
import type { MessageKey } from '../../../../locales'

/**
 * dblink producers (spec §3): the rows of a table (tableName with the columns marked
 * synchStatus 1, the generated query) or of a query (querySql) of a PostgreSQL, MySQL / MariaDB
 * or SQLite source, filtered by queryCondition, become messages — one per row, or with
 * batchGetData '1' one JSON array of everyBatchCount rows; with dataStoreType '1' a row gives
 * only its profileField (a column holding the document).
 *
 * dataSynch 'all' reads everything each run; 'up' reads only what changed since the last batch
 * committed, by timestarpField. The position read up to travels in the checkpoint committed with
 * each batch: the last row's timestamp (the watermark) and its key. Rows are read in
 * (timestamp, key) order and the next read starts strictly after that pair, so rows sharing one
 * timestamp — many updated within a second — are split between batches or runs by their key
 * and none is read twice or skipped.
 *
 * The key: the sortField (one column or several, comma-separated; it must identify a row of the
 * query), else the primary key of tableName when the query is the one generated from that table
 * (a hand-written query may join and repeat a table's key). An incremental pull without either
 * is refused: it could not tell rows of one timestamp apart.
 *
 * Rows committed late: a row whose timestamp was taken before a run but committed after it, or
 * one updated to the watermark's own second with a smaller key, would land behind the position.
 * So a run reads only rows older than SETTLE_SECONDS by the source's clock at the run's start
 * (for date-time columns of PostgreSQL and MySQL / MariaDB): what is newer waits for the next
 * run, by when the writers of that second have committed. SQLite sources have no date-time type
 * to take a clock for and one writer at a time; their rows are read as they are.
 *
 * Reading: keyset pages — each page a query of its own in a read-only transaction, `LIMIT`ed to
 * one page, the next page read while the last one is stored — so a run over a million rows never
 * holds more than two pages. 'all' with dataGetMethod
 * '2' (read at once), or without any key, reads through one server cursor instead (one read-only
 * transaction, one snapshot); such a run has no position to resume from and starts over when
 * retried. A page is searchPageSize thousand rows (the spec gives only its range, 1–20; default
 * 1), in whole batches when batching. A page is one FetchedBatch, committed with its checkpoint.
 */

/** Seconds a row's timestamp must be behind the source's clock before a run reads it. */
export const SETTLE_SECONDS = 5
/** Rows of a page per unit of searchPageSize. */
const PAGE_UNIT = 1000
const READ_AT_ONCE = '2'
const STORE_FIELD = '1'

type Model = NonNullable<FetchContext['producer']['dbLinkRequestInfoModel']>

const fail = (reason: KeyedText): never => {
  throw new FetchError(reason)
}
const names = (text: string | undefined) => (text ?? '').split(',').map((s) => s.trim()).filter(Boolean)
const flat = (sql: string) => sql.replace(/\s+/g, ' ').trim().toLowerCase()

/** Rows per page, and rows per message (1 when not batching). */
function sizes(model: Model): { page: number; perMessage: number } {
  const wanted = Math.min(20, Math.max(1, Number(model.searchPageSize) || 1)) * PAGE_UNIT
  if (model.batchGetData !== '1') return { page: wanted, perMessage: 1 }
  const perMessage = Number(model.everyBatchCount) || fail(keyed('msg_exchange_fetch_no_batch'))
  return { page: Math.max(1, Math.floor(wanted / perMessage)) * perMessage, perMessage }
}

/**
 * A row's value as a query parameter again (a position's key and watermark): a bigint or numeric
 * the reader kept as its digits (dbLinkReaders.ts) goes back as that text, which the database
 * reads exactly; a driver would write the LosslessNumber object as JSON.
 */
const driverValue = (v: unknown): unknown => (isExactNumber(v) ? v.value : v)

/** Values JSON carries as they are; bytes as base64, big integers as numbers with their digits. */
function cell(v: unknown): unknown {
  if (v instanceof Uint8Array) return Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64')
  if (typeof v === 'bigint') return numberOfDigits(v.toString())
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString()
  return v
}

/**
 * A row's values as JSON carries them, changed in place: the driver's row is this run's own, and
 * a page holds thousands (walked in place too: no key array per row).
 */
function cellsOf(row: SourceRow): SourceRow {
  for (const key in row) {
    const value = row[key]
    const carried = cell(value)
    if (carried !== value) row[key] = carried
  }
  return row
}

/** The column of the query a configured name means: exactly, else ignoring case (PostgreSQL folds). */
function columnOf(columns: readonly string[], name: string, what: MessageKey): string {
  return columns.find((c) => c === name) ?? columns.find((c) => c.toLowerCase() === name.toLowerCase()) ?? fail(keyed('msg_exchange_fetch_no_column', { name, what: keyed(what), columns: columns.join(', ') }))
}

/** The refusal of a shared SQL tool, as the run history's words (keyed; a driver's own detail as it came). */
const refusalText = (err: Refusal): KeyedText | string =>
  err.messageKey === HUB_STORE_KEY
    ? textOf(err)
    : err.params.folder !== undefined ? keyed('msg_exchange_fetch_sqlite_folder', { folder: String(err.params.folder) }) : String(err.params.detail ?? err.params.table ?? err.params.name ?? err.messageKey)

async function primaryKey(context: FetchContext, dbType: string, spec: ConnectionSpec, table: string): Promise<string[]> {
  try {
    const columns = await sqlDriverFor(dbType).tableColumns(spec, table)
    return columns.filter((c) => c.primaryKeyStatus === '1').map((c) => c.columnName)
  } catch (err) {
    if (context.signal.aborted) return []
    if (err instanceof Refusal) fail(keyed('msg_exchange_fetch_primary_failed', { table, reason: refusalText(err) }))
    throw err
  }
}

/** The checkpoint of a position: JSON text for the key values, which may be of any type. */
function checkpointOf(position: Position, shape: ReadShape, fire: string | null): Checkpoint {
  const at = position.watermark
  return {
    ...(shape.timestamp ? { field: shape.timestamp, watermark: typeof at === 'number' ? at : at === null || at === undefined ? null : String(at) } : { fire }),
    keyColumns: JSON.stringify(shape.key),
    key: JSON.stringify(position.key.map((k) => driverValue(cell(k)))),
  }
}

/** The position a checkpoint gives, when it was made by the same settings (and, for 'all', the same fire). */
function positionOf(checkpoint: Checkpoint | null, shape: ReadShape, fire: string): Position | null {
  if (!checkpoint || checkpoint.keyColumns !== JSON.stringify(shape.key) || typeof checkpoint.key !== 'string') return null
  if (shape.timestamp ? checkpoint.field !== shape.timestamp || checkpoint.watermark === null || checkpoint.watermark === undefined : checkpoint.fire !== fire) return null
  try {
    const key = JSON.parse(checkpoint.key) as unknown
    if (!Array.isArray(key) || key.length !== shape.key.length) return null
    return shape.timestamp ? { watermark: checkpoint.watermark, key } : { key }
  } catch {
    return null
  }
}

/** The source's reader; a source that is the hub's own store (connect/postgres.ts) fails the run with the reason. */
async function openReader(driver: (typeof READERS)[string], spec: ConnectionSpec): Promise<SourceReader> {
  try {
    return await driver.open(spec)
  } catch (err) {
    if (err instanceof Refusal && err.messageKey === HUB_STORE_KEY) fail(asKeyed(refusalText(err)))
    throw err
  }
}

export const fetchDbLink: Fetcher = async function* (context: FetchContext): AsyncGenerator<FetchedBatch> {
  const model = context.producer.dbLinkRequestInfoModel ?? fail(keyed('msg_exchange_fetch_no_settings'))
  const sourceName = (model.dataSourceName || context.producer.dataSourceName).trim() || fail(keyed('msg_exchange_fetch_no_source'))
  const source = (await dataSourceByName(dataSourceDb(context.hub.store.db), sourceName)) ?? fail(keyed('msg_exchange_source_missing', { name: sourceName }))
  const driver = READERS[source.db_type] ?? fail(keyed('msg_exchange_fetch_dblink_unsupported', { name: sourceName, type: source.db_type }))
  const spec = sourceSpec(source, context.hub)
  const base = baseQuery(model) || fail(keyed('msg_exchange_fetch_no_query'))
  const condition = (model.queryCondition ?? '').trim()
  try {
    // The producer's query and its condition, checked like the SQL preview checks a query.
    requireQuery(base, { kind: driver.kind })
    if (condition) requireQuery(`select * from (\n${base}\n) q where (${condition}\n)`, { kind: driver.kind })
  } catch (err) {
    if (err instanceof Refusal) fail(err.messageKey === 'msg_sql_function_denied' ? keyed('msg_exchange_fetch_function_denied', { name: refusalText(err) }) : keyed('msg_exchange_fetch_select_only'))
    throw err
  }
  const up = model.dataSynch === 'up'
  const timestampName = up ? (model.timestarpField ?? '').trim() || fail(keyed('msg_exchange_fetch_no_timestamp')) : null
  const storeField = model.dataStoreType === STORE_FIELD ? (model.profileField ?? '').trim() || fail(keyed('msg_exchange_fetch_no_stored')) : null
  if (context.topic.dataFormat.trim().toLowerCase() === 'xml' && !storeField) fail(keyed('msg_exchange_fetch_xml_store'))
  const { page: pageRows, perMessage } = sizes(model)
  const table = (model.tableName ?? '').trim()
  const generated = !(model.querySql ?? '').trim() || (table !== '' && flat(base) === flat(generatedQuery(table, model.columnModelList ?? [])))
  const configuredKey = names(model.sortField)
  const keyNames = configuredKey.length > 0 ? configuredKey : generated && table ? await primaryKey(context, source.db_type, spec, table) : []
  if (up && keyNames.length === 0) fail(keyed('msg_exchange_fetch_no_key'))

  let reader: SourceReader | null = null
  const abort = () => void reader?.close()
  context.signal.addEventListener('abort', abort)
  try {
    if (context.signal.aborted) return
    reader = await openReader(driver, spec)
    const columns = await reader.columns(base)
    const shape: ReadShape = {
      kind: driver.kind,
      base,
      condition,
      timestamp: timestampName ? columnOf(columns, timestampName, 'msg_exchange_fetch_what_timestamp') : null,
      key: keyNames.map((k) => columnOf(columns, k, configuredKey.length > 0 ? 'msg_exchange_fetch_what_sort' : 'msg_exchange_fetch_what_primary')),
      settledBefore: null,
      startAt: up ? (model.taskStartTime ?? '').trim() || null : null,
    }
    if (shape.timestamp) shape.settledBefore = await reader.settledBefore(base, shape.timestamp, SETTLE_SECONDS)
    const store = storeField ? columnOf(columns, storeField, 'msg_exchange_fetch_what_stored') : null

    const toBatch = (rows: SourceRow[], position: Position | null): FetchedBatch => {
      const values = rows.map((row) => (store ? cell(row[store]) : cellsOf(row)))
      const messages: unknown[] = []
      if (perMessage === 1) messages.push(...values)
      else for (let i = 0; i < values.length; i += perMessage) messages.push(values.slice(i, i + perMessage))
      return { messages, rowsRead: rows.length, ...(position ? { checkpoint: checkpointOf(position, shape, context.run.plannedAt) } : {}) }
    }

    if (!up && (model.dataGetMethod === READ_AT_ONCE || shape.key.length === 0)) {
      for await (const rows of reader.cursor(readQuery(shape, null, null), pageRows)) {
        if (context.signal.aborted) return
        yield toBatch(rows, null)
      }
      return
    }

    let position = positionOf(context.checkpoint, shape, context.run.plannedAt)
    const read = (from: Position | null) => {
      const rows = reader!.page(readQuery(shape, from, pageRows))
      // Read ahead may be abandoned (the run stopped, the batch in hand failed to commit): its
      // failure is then nobody's to report. A read that is awaited still throws.
      rows.catch(() => {})
      return rows
    }
    let next = read(position)
    for (;;) {
      if (context.signal.aborted) return
      const rows = await next
      if (rows.length === 0) return
      const last = rows[rows.length - 1]!
      position = { watermark: shape.timestamp ? driverValue(last[shape.timestamp]) : undefined, key: shape.key.map((k) => driverValue(last[k])) }
      const more = rows.length >= pageRows
      // The next page is read while this one is accepted and committed: its query starts from
      // this page's last row, which does not depend on the commit. If the commit fails the run
      // ends and the page read ahead is dropped; the next run reads it again from the checkpoint.
      if (more) next = read(position)
      yield toBatch(rows, position)
      if (!more) return
    }
  } catch (err) {
    if (context.signal.aborted) return
    if (err instanceof FetchError) throw err
    if (err instanceof Refusal) fail(keyed('msg_exchange_fetch_read_failed', { name: sourceName, reason: refusalText(err) }))
    throw new FetchError(keyed('msg_exchange_fetch_read_failed', { name: sourceName, reason: reasonOf(err, spec.password) }))
  } finally {
    context.signal.removeEventListener('abort', abort)
    await reader?.close()
  }
}
