import { createRequire } from 'node:module'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import type { Column, SqlPreview } from '../../../../shared/contract/datahub/sqlTools'
import { sqlitePath } from '../connect/sqliteFile'
import { ConnectionError, type ConnectionSpec } from '../connect/types'
import { connectFailed, sqlFailed, sqlNotQuery, sqlTimeout, tableNotFound } from '../refusals'
import { CELL_TEXT_MAX, PREVIEW_BUDGET_CHARS } from './cells'
import type { SqlDriver } from './types'

/**
 * SQLite runs in the calling thread (better-sqlite3 is synchronous): a runaway query would stop
 * the whole hub. So each call runs in a short-lived worker thread on the file opened read-only
 * (and query_only), and the worker is terminated when the source's time limit passes.
 *
 * The worker's code is inline (no separate file to bundle); it loads better-sqlite3 from the
 * path resolved here, with the hub's native binding when one is configured (Electron ABI).
 */
const WORKER_SOURCE = `
const { parentPort, workerData: w } = require('node:worker_threads')
const Database = require(w.modulePath)
const cut = (t) => (t.length > w.cellMax ? t.slice(0, w.cellMax) + '…' : t)
const cell = (v) => {
  if (v === null || v === undefined) return null
  if (typeof v === 'string') return cut(v)
  if (typeof v === 'number') return Number.isFinite(v) ? v : String(v)
  if (typeof v === 'bigint') return v.toString()
  if (v instanceof Uint8Array) return cut('0x' + Buffer.from(v).toString('hex'))
  return cut(String(v))
}
let db
try {
  db = new Database(w.file, { readonly: true, fileMustExist: true, timeout: w.timeoutMs, ...(w.binding ? { nativeBinding: w.binding } : {}) })
} catch (err) {
  parentPort.postMessage({ error: 'open', detail: String(err && err.message || err) })
  process.exit(0)
}
try {
  db.pragma('query_only = ON')
  if (w.mode === 'test') {
    // Reading the schema fails on a file that is no database (opening alone does not).
    db.prepare('select count(*) from sqlite_master').get()
    parentPort.postMessage({ version: db.prepare('select sqlite_version() as v').get().v })
  } else if (w.mode === 'table') {
    const rows = db.prepare('select name, type, pk from pragma_table_info(?)').all(w.table)
    parentPort.postMessage({ columns: rows.map((r) => ({ name: r.name, type: r.type || '', pk: r.pk > 0 })) })
  } else {
    const stmt = db.prepare(w.sql)
    if (!stmt.reader) {
      parentPort.postMessage({ error: 'notQuery' })
    } else {
      stmt.raw(true)
      const columns = stmt.columns().map((c) => ({ name: c.name, type: c.type || '' }))
      const rows = []
      let truncated = false
      let chars = 0
      for (const row of stmt.iterate()) {
        if (rows.length >= w.limit || chars > w.budget) { truncated = true; break }
        const out = row.map(cell)
        for (const c of out) chars += typeof c === 'string' ? c.length : 8
        rows.push(out)
      }
      parentPort.postMessage({ preview: { columns, rows, truncated } })
    }
  }
} catch (err) {
  parentPort.postMessage({ error: 'sql', detail: String(err && err.message || err) })
} finally {
  db.close()
}
`

type WorkerAnswer =
  | { error: 'open' | 'sql'; detail: string }
  | { error: 'notQuery' }
  | { preview: SqlPreview }
  | { columns: { name: string; type: string; pk: boolean }[] }
  | { version: string }

let modulePath: string | null = null
/** better-sqlite3's entry file, for the worker (the hub's bundle keeps it an external module). */
function betterSqlitePath(): string {
  if (modulePath) return modulePath
  // CommonJS everywhere this runs (tsx, Playwright, the electron-vite bundle) has __filename;
  // vitest provides it too. No import.meta: Playwright's CommonJS transform cannot load it.
  const from = typeof __filename === 'string' ? __filename : join(process.cwd(), 'index.js')
  modulePath = createRequire(from).resolve('better-sqlite3')
  return modulePath
}

function runInWorker(spec: ConnectionSpec, task: { mode: 'preview'; sql: string; limit: number } | { mode: 'table'; table: string } | { mode: 'test' }): Promise<WorkerAnswer> {
  return new Promise((done, fail) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        ...task,
        modulePath: betterSqlitePath(),
        binding: spec.sqliteBinding,
        file: sqlitePath(spec),
        timeoutMs: spec.timeoutMs,
        cellMax: CELL_TEXT_MAX,
        budget: PREVIEW_BUDGET_CHARS,
      },
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    })
    let answered = false
    const timer = setTimeout(() => {
      answered = true
      void worker.terminate()
      fail(sqlTimeout({ seconds: Math.round(spec.timeoutMs / 1000) }))
    }, spec.timeoutMs)
    worker.once('message', (answer: WorkerAnswer) => {
      answered = true
      clearTimeout(timer)
      void worker.terminate()
      done(answer)
    })
    worker.once('error', (err) => {
      clearTimeout(timer)
      if (!answered) fail(sqlFailed({ detail: err.message }))
      answered = true
    })
    worker.once('exit', () => {
      clearTimeout(timer)
      if (!answered) fail(sqlFailed({ detail: 'worker stopped' }))
    })
  })
}

function check(answer: WorkerAnswer): Exclude<WorkerAnswer, { error: string }> {
  if ('error' in answer) {
    if (answer.error === 'notQuery') throw sqlNotQuery()
    if (answer.error === 'open') throw connectFailed({ detail: answer.detail })
    throw sqlFailed({ detail: answer.detail })
  }
  return answer
}

/**
 * The connection test of a SQLite source, in the worker too: a locked file waits for its busy
 * timeout, and that wait must not hold up the hub. Failures are plain errors with the reason.
 */
export async function sqliteVersion(spec: ConnectionSpec): Promise<string> {
  const answer = await runInWorker(spec, { mode: 'test' }).catch((err: unknown) => {
    const refusal = err as { messageKey?: string; params?: { detail?: string } }
    throw refusal.messageKey === 'msg_sql_timeout' ? new ConnectionError('timeout', 'timeout') : new Error(refusal.params?.detail ?? String(err))
  })
  if ('error' in answer) throw new Error(answer.error === 'notQuery' ? 'not a query' : answer.detail)
  return 'version' in answer ? `SQLite ${answer.version}` : ''
}

export const sqliteDriver: SqlDriver = {
  preview: async (spec, sql, limit) => {
    const answer = check(await runInWorker(spec, { mode: 'preview', sql, limit }))
    if (!('preview' in answer)) throw sqlFailed({ detail: 'unexpected answer' })
    return answer.preview
  },
  tableColumns: async (spec, table) => {
    const answer = check(await runInWorker(spec, { mode: 'table', table }))
    if (!('columns' in answer)) throw sqlFailed({ detail: 'unexpected answer' })
    if (answer.columns.length === 0) throw tableNotFound({ table })
    return answer.columns.map((c): Column => ({ columnName: c.name, dataTypeName: c.type, desc: '', primaryKeyStatus: c.pk ? '1' : '0', synchStatus: '1' }))
  },
}
