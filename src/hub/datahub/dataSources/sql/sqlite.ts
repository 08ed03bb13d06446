import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { Column, SqlPreview } from '../../../../shared/contract/datahub/sqlTools'
import { sqliteFile } from '../connect/sqliteFile'
import { ConnectionError, type ConnectionSpec } from '../connect/types'
import { connectFailed, sqlFailed, sqlNotQuery, sqlTimeout, sqlTooLarge, tableNotFound } from '../refusals'
import { CELL_FETCH_BYTES, CELL_FETCH_CHARS, CELL_TEXT_MAX, PREVIEW_BUDGET_BYTES } from './cells'
import type { SqlDriver } from './types'

/**
 * SQLite runs in the calling thread (better-sqlite3 is synchronous): a runaway query would stop
 * the whole hub. A worker thread is not enough either: a query that makes huge values
 * (`select zeroblob(250000000), …`) ends in V8's "out of memory", which is fatal to the whole
 * process whatever the worker's resourceLimits say. So each call runs in a short-lived child
 * process with a small heap, on the file opened read-only (and query_only), killed when the
 * source's time limit passes; its death is a refusal, never the hub's.
 *
 * Inside, the query is wrapped so that SQLite itself cuts text and blobs to what a cell shows
 * (cells.ts), so big values are not copied into JavaScript at all; a query the wrapper cannot
 * hold (EXPLAIN) runs as written, the child's limits still around it. The child's code is
 * inline (no separate file to bundle); it loads better-sqlite3 from the path resolved here, with
 * the hub's native binding when one is configured (Electron ABI, run as Node).
 */
const CHILD_SOURCE = `(() => {
const w = JSON.parse(process.env.DH_SQLITE_TASK)
const answer = (message) => process.send(message, () => process.exit(0))
const Database = require(w.modulePath)
const cut = (t) => (t.length > w.cellMax ? [t.slice(0, w.cellMax) + '…', true] : [t, false])
const cell = (v) => {
  if (v === null || v === undefined) return [null, false]
  if (typeof v === 'string') return cut(v)
  if (typeof v === 'number') return [Number.isFinite(v) ? v : String(v), false]
  if (typeof v === 'bigint') return [v.toString(), false]
  if (v instanceof Uint8Array) {
    const [text] = cut('0x' + Buffer.from(v.buffer, v.byteOffset, Math.min(v.byteLength, w.blobFetch)).toString('hex'))
    return [text, v.byteLength * 2 + 2 > w.cellMax]
  }
  return cut(String(v))
}
let db
try {
  db = new Database(w.file, { readonly: true, fileMustExist: true, timeout: w.timeoutMs, ...(w.binding ? { nativeBinding: w.binding } : {}) })
} catch (err) {
  answer({ error: 'open', detail: String(err && err.message || err) })
  return
}
try {
  db.pragma('query_only = ON')
  if (w.mode === 'test') {
    // Reading the schema fails on a file that is no database (opening alone does not).
    db.prepare('select count(*) from sqlite_master').get()
    answer({ version: db.prepare('select sqlite_version() as v').get().v })
  } else if (w.mode === 'table') {
    const rows = db.prepare('select name, type, pk from pragma_table_info(?)').all(w.table)
    answer({ columns: rows.map((r) => ({ name: r.name, type: r.type || '', pk: r.pk > 0 })) })
  } else {
    const stmt = db.prepare(w.sql)
    if (!stmt.reader) {
      answer({ error: 'notQuery' })
    } else {
      const columns = stmt.columns().map((c) => ({ name: c.name, type: c.type || '' }))
      let run = stmt
      try {
        const names = columns.map((_, i) => 'c' + i)
        const cells = names.map((c) => "case typeof(" + c + ") when 'text' then substr(" + c + ", 1, " + w.textFetch + ") when 'blob' then substr(" + c + ", 1, " + w.blobFetch + ") else " + c + " end")
        run = db.prepare('with dh_q(' + names.join(', ') + ') as (\\n' + w.sql + '\\n) select ' + cells.join(', ') + ' from dh_q')
      } catch {}
      run.raw(true)
      const rows = []
      const cutCells = []
      let truncated = false
      let bytes = 0
      for (const row of run.iterate()) {
        if (rows.length >= w.limit) { truncated = true; break }
        const out = row.map(cell)
        const size = out.reduce((n, [c]) => n + (typeof c === 'string' ? Buffer.byteLength(c) + 2 : 8), 0)
        if (rows.length > 0 && bytes + size > w.budget) { truncated = true; break }
        bytes += size
        out.forEach(([, wasCut], i) => { if (wasCut) cutCells.push([rows.length, i]) })
        rows.push(out.map(([c]) => c))
      }
      answer({ preview: { columns, rows, truncated, ...(cutCells.length > 0 ? { cutCells } : {}) } })
    }
  }
} catch (err) {
  answer({ error: 'sql', detail: String(err && err.message || err) })
} finally {
  db.close()
}
})()
`

type ChildAnswer =
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

/** Heap of the child: enough for a 10000-row preview within the budget, far from the hub's. */
const CHILD_HEAP_MB = 256

function runInChild(spec: ConnectionSpec, task: { mode: 'preview'; sql: string; limit: number } | { mode: 'table'; table: string } | { mode: 'test' }): Promise<ChildAnswer> {
  // Checked here, before any process starts: the folder rule is the hub's (connect/sqliteFile.ts).
  const file = sqliteFile(spec)
  return new Promise((done, fail) => {
    const taskText = JSON.stringify({
      ...task,
      modulePath: betterSqlitePath(),
      binding: spec.sqliteBinding,
      file,
      timeoutMs: spec.timeoutMs,
      cellMax: CELL_TEXT_MAX,
      textFetch: CELL_FETCH_CHARS,
      blobFetch: CELL_FETCH_BYTES,
      budget: PREVIEW_BUDGET_BYTES,
    })
    // -e runs the code as CommonJS; in Electron, ELECTRON_RUN_AS_NODE makes the binary a Node.
    const child = spawn(process.execPath, [`--max-old-space-size=${CHILD_HEAP_MB}`, '-e', CHILD_SOURCE], {
      env: { ...process.env, ELECTRON_RUN_AS_NODE: '1', DH_SQLITE_TASK: taskText, NODE_OPTIONS: '' },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      windowsHide: true,
    })
    let stderr = ''
    child.stderr!.on('data', (d: Buffer) => {
      if (stderr.length < 4000) stderr += d.toString()
    })
    let settled = false
    const settle = (work: () => void) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      work()
    }
    const timer = setTimeout(() => settle(() => {
      child.kill('SIGKILL')
      fail(sqlTimeout({ seconds: Math.round(spec.timeoutMs / 1000) }))
    }), spec.timeoutMs)
    child.once('message', (answer: ChildAnswer) => settle(() => done(answer)))
    child.once('error', (err) => settle(() => fail(sqlFailed({ detail: err.message }))))
    child.once('exit', (code, signal) =>
      settle(() => {
        // V8 aborts on a heap it cannot grow; the C heap failing shows as a signal too.
        if (/out of memory|Allocation failed/i.test(stderr) || signal === 'SIGABRT' || signal === 'SIGTRAP' || signal === 'SIGKILL') fail(sqlTooLarge())
        else fail(sqlFailed({ detail: `the query's process stopped (${signal ?? code})` }))
      }),
    )
  })
}

function check(answer: ChildAnswer): Exclude<ChildAnswer, { error: string }> {
  if ('error' in answer) {
    if (answer.error === 'notQuery') throw sqlNotQuery()
    if (answer.error === 'open') throw connectFailed({ detail: answer.detail })
    throw sqlFailed({ detail: answer.detail })
  }
  return answer
}

/**
 * The connection test of a SQLite source, in the child process too: a locked file waits for its busy
 * timeout, and that wait must not hold up the hub. Failures are plain errors with the reason.
 */
export async function sqliteVersion(spec: ConnectionSpec): Promise<string> {
  const answer = await runInChild(spec, { mode: 'test' }).catch((err: unknown) => {
    const refusal = err as { messageKey?: string; params?: { detail?: string } }
    throw refusal.messageKey === 'msg_sql_timeout' ? new ConnectionError('timeout', 'timeout') : new Error(refusal.params?.detail ?? String(err))
  })
  if ('error' in answer) throw new Error(answer.error === 'notQuery' ? 'not a query' : answer.detail)
  return 'version' in answer ? `SQLite ${answer.version}` : ''
}

export const sqliteDriver: SqlDriver = {
  dialect: { kind: 'sqlite' },
  preview: async (spec, sql, limit) => {
    const answer = check(await runInChild(spec, { mode: 'preview', sql, limit }))
    if (!('preview' in answer)) throw sqlFailed({ detail: 'unexpected answer' })
    return answer.preview
  },
  tableColumns: async (spec, table) => {
    const answer = check(await runInChild(spec, { mode: 'table', table }))
    if (!('columns' in answer)) throw sqlFailed({ detail: 'unexpected answer' })
    if (answer.columns.length === 0) throw tableNotFound({ table })
    return answer.columns.map((c): Column => ({ columnName: c.name, dataTypeName: c.type, desc: '', primaryKeyStatus: c.pk ? '1' : '0', synchStatus: '1' }))
  },
}
