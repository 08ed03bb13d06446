import type { Worker } from 'node:worker_threads'
import { sqliteFile } from '../../datahub/dataSources/connect/sqliteFile'
import type { ConnectionSpec } from '../../datahub/dataSources/connect/types'
import { spawnWorker, workerEntry } from '../../threads/spawn'
import { columnsQuery } from './dbLinkQuery'
import type { SourceReader, SourceRow } from './sourceReader'
import type { ReadFailure, SqliteReadEnvelope, SqliteReadMessage, SqliteReadRequest } from './sqliteReadTasks'

/** How long a closing thread may take to close its file before it is terminated (a long read under way). */
const CLOSE_GRACE_MS = 1000

/** The driver's error as it was in the thread: reasonOf (connect/types.ts) reads its message and code. */
function errorOf(failure: ReadFailure): Error {
  const err = new Error(failure.message) as Error & { code?: string }
  if (failure.code !== undefined) err.code = failure.code
  return err
}

/**
 * SQLite sources are read on a thread of their own, one per run (sqliteReadWorker.ts):
 * better-sqlite3 is synchronous, and a page of thousands of rows would otherwise hold up the
 * hub's thread, where pushes are acknowledged. The file is opened there read-only and
 * query_only; its path is checked here first (inside the hub's folder for SQLite sources).
 */
export async function sqliteReader(spec: ConnectionSpec): Promise<SourceReader> {
  const file = sqliteFile(spec)
  const worker: Worker = spawnWorker(workerEntry(__filename, 'sqliteReadWorker'))
  const pending = new Map<number, { done: (answer: unknown) => void; fail: (err: Error) => void }>()
  let nextId = 1
  let nextCursor = 1
  let closed = false
  let gone: Error | null = null

  const failAll = (err: Error) => {
    gone ??= err
    const waiting = [...pending.values()]
    pending.clear()
    for (const p of waiting) p.fail(err)
  }
  worker.on('message', (message: SqliteReadMessage) => {
    const p = pending.get(message.id)
    if (!p) return
    pending.delete(message.id)
    if ('failed' in message) p.fail(errorOf(message.failed))
    else p.done(message.answer)
  })
  worker.on('error', (err) => failAll(err))
  worker.on('exit', (code) => failAll(new Error(closed ? 'the data source was closed' : `the SQLite reading thread stopped (exit code ${code})`)))

  const call = <A>(request: SqliteReadRequest): Promise<A> => {
    if (gone) return Promise.reject(gone)
    if (closed && request.op !== 'close') return Promise.reject(new Error('the data source was closed'))
    const id = nextId++
    return new Promise<A>((done, fail) => {
      pending.set(id, { done: done as (answer: unknown) => void, fail })
      worker.postMessage({ id, request } satisfies SqliteReadEnvelope)
    })
  }

  async function close(): Promise<void> {
    if (closed) return
    closed = true
    // The thread closes its file between reads; one busy past the grace is terminated with it.
    let timer: NodeJS.Timeout | undefined
    const grace = new Promise<void>((done) => (timer = setTimeout(done, CLOSE_GRACE_MS)))
    await Promise.race([call({ op: 'close' }).catch(() => {}), grace])
    clearTimeout(timer)
    failAll(new Error('the data source was closed'))
    await worker.terminate()
  }

  try {
    await call({ op: 'open', file, timeoutMs: spec.timeoutMs, nativeBinding: spec.sqliteBinding ?? null })
  } catch (err) {
    await close()
    throw err
  }
  return {
    kind: 'sqlite',
    columns: (base) => call<string[]>({ op: 'columns', sql: columnsQuery(base) }),
    // SQLite has no date-time type: its text or numbers are compared as they are, with no clock.
    settledBefore: async () => null,
    page: (query) => call<SourceRow[]>({ op: 'page', sql: query.sql, params: query.params }),
    async *cursor(query, chunk) {
      const cursor = nextCursor++
      await call({ op: 'cursorOpen', cursor, sql: query.sql, params: query.params })
      try {
        for (;;) {
          const { rows, done } = await call<{ rows: SourceRow[]; done: boolean }>({ op: 'cursorNext', cursor, chunk })
          if (rows.length > 0) yield rows
          if (done) return
        }
      } finally {
        if (!closed) await call({ op: 'cursorEnd', cursor }).catch(() => {})
      }
    },
    close,
  }
}
