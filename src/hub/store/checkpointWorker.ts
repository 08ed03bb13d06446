import Database from 'better-sqlite3'
import { parentPort } from 'node:worker_threads'
import type { CheckpointerData } from './checkpointer'

// The SQLite store's checkpointer thread (checkpointer.ts): a connection of its own that copies
// the write-ahead log into the database file every few hundred milliseconds.

let db: Database.Database | null = null
let timer: NodeJS.Timeout | null = null

function start({ file, nativeBinding, everyMs, restartFrames }: CheckpointerData): void {
  // A short busy wait: a RESTART waits for the hub's transaction under way, but gives up within
  // 50 ms when a reader keeps it (the next tick tries again) rather than hold the writer longer.
  db = new Database(file, { fileMustExist: true, timeout: 50, ...(nativeBinding ? { nativeBinding } : {}) })
  // NORMAL, as the hub's own connection (connect.ts): the disk waits of a checkpoint are here.
  db.pragma('synchronous = NORMAL')
  const open = db
  timer = setInterval(() => {
    try {
      // PASSIVE: copies what no reader still needs and never waits for the hub's writer.
      const [done] = open.pragma('wal_checkpoint(PASSIVE)') as { log: number; checkpointed: number }[]
      // A log written without a pause is never started over by the writer itself (it only does
      // so when a transaction begins with every frame copied): once it is long and all copied,
      // RESTART starts it over, holding the writer only for that moment.
      if (done && done.log >= restartFrames && done.checkpointed === done.log) open.pragma('wal_checkpoint(RESTART)')
    } catch {
      // Busy or briefly locked: the next tick tries again; the hub's own fallback bounds the log.
    }
  }, everyMs)
}

parentPort?.on('message', (message: CheckpointerData | 'stop') => {
  if (message !== 'stop') {
    start(message)
    parentPort?.postMessage('started')
    return
  }
  if (timer) clearInterval(timer)
  db?.close()
  parentPort?.postMessage('stopped')
})
