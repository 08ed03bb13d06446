/**
 * What the hub asks of a SQLite reading thread (sqliteReadWorker.ts) and what it answers, one
 * answer per request, in the order asked: the thread has one connection and reads synchronously.
 */
export type SqliteReadRequest =
  | { op: 'open'; file: string; timeoutMs: number; nativeBinding: string | null }
  | { op: 'columns'; sql: string }
  | { op: 'page'; sql: string; params: unknown[] }
  | { op: 'cursorOpen'; cursor: number; sql: string; params: unknown[] }
  /** The cursor's next `chunk` rows; `done` once it has no more. */
  | { op: 'cursorNext'; cursor: number; chunk: number }
  | { op: 'cursorEnd'; cursor: number }
  | { op: 'close' }

/** A driver's error as reasonOf reads it (connect/types.ts): its message and code. */
export interface ReadFailure {
  message: string
  code?: string
}

export type SqliteReadMessage = { id: number; answer: unknown } | { id: number; failed: ReadFailure }

export interface SqliteReadEnvelope {
  id: number
  request: SqliteReadRequest
}
