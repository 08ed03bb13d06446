import Database from 'better-sqlite3'
import { parentPort } from 'node:worker_threads'
import type { ReadFailure, SqliteReadEnvelope, SqliteReadMessage, SqliteReadRequest } from './sqliteReadTasks'

// The thread of one dblink run's SQLite source (sqliteReader.ts): better-sqlite3 reads
// synchronously, so a page of thousands of rows is read here, not in the hub's thread.

let db: Database.Database | null = null
const cursors = new Map<number, IterableIterator<unknown>>()

const opened = (): Database.Database => db ?? (() => { throw new Error('the SQLite source is not open') })()

function answer(request: SqliteReadRequest): unknown {
  switch (request.op) {
    case 'open':
      // Read-only twice over: the file opened read-only, and the connection refusing writes.
      db = new Database(request.file, { readonly: true, fileMustExist: true, timeout: request.timeoutMs, ...(request.nativeBinding ? { nativeBinding: request.nativeBinding } : {}) })
      db.pragma('query_only = ON')
      return null
    case 'columns':
      return opened().prepare(request.sql).columns().map((c) => c.name)
    case 'page':
      return opened().prepare(request.sql).all(...(request.params as never[]))
    case 'cursorOpen':
      cursors.set(request.cursor, opened().prepare(request.sql).iterate(...(request.params as never[])))
      return null
    case 'cursorNext': {
      const rows: unknown[] = []
      const cursor = cursors.get(request.cursor)
      if (!cursor) return { rows, done: true }
      while (rows.length < request.chunk) {
        const next = cursor.next()
        if (next.done) {
          cursors.delete(request.cursor)
          return { rows, done: true }
        }
        rows.push(next.value)
      }
      return { rows, done: false }
    }
    case 'cursorEnd':
      cursors.get(request.cursor)?.return?.()
      cursors.delete(request.cursor)
      return null
    case 'close':
      for (const cursor of cursors.values()) cursor.return?.()
      cursors.clear()
      if (db?.open) db.close()
      db = null
      return null
  }
}

const failureOf = (err: unknown): ReadFailure => {
  const e = err as { message?: unknown; code?: unknown } | null
  const message = typeof e?.message === 'string' ? e.message : String(err)
  return typeof e?.code === 'string' ? { message, code: e.code } : { message }
}

const port = parentPort
if (!port) throw new Error('sqliteReadWorker runs in a worker thread')
port.on('message', ({ id, request }: SqliteReadEnvelope) => {
  let message: SqliteReadMessage
  try {
    message = { id, answer: answer(request) }
  } catch (err) {
    message = { id, failed: failureOf(err) }
  }
  port.postMessage(message)
})
