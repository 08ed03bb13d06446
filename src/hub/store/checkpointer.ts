import { join } from 'node:path'
import { sql } from 'kysely'
import { spawnWorker, workerEntry } from '../threads/spawn'
import { SQLITE_FILE, WAL_AUTOCHECKPOINT_PAGES } from './connect'
import type { Store } from './index'

/** What the checkpointer thread is given (its first message). */
export interface CheckpointerData {
  file: string
  nativeBinding: string | null
  everyMs: number
  /** A log of this many frames, all copied, is started over (RESTART). */
  restartFrames: number
}

/** How often the thread checkpoints. */
const EVERY_MS = 250
/** The log is started over once it holds this many pages (about 8 MB), all copied. */
const RESTART_FRAMES = 2_000
/**
 * The hub's own connection still checkpoints when the log passes this many pages (about 400 MB):
 * a fallback should the thread fall behind or be gone, so the log stays bounded.
 */
const FALLBACK_PAGES = 100_000

/**
 * A running SQLite hub's checkpoints, on a thread of their own. A checkpoint copies the
 * write-ahead log into the database file and waits for the disk; run by the connection that
 * commits — better-sqlite3 is synchronous — it stopped the hub for a tenth of a second or more
 * every ~40 MB written, in the middle of pushes and runs (a dblink pull of a million rows spent
 * about a third of a second so: bench/dbLinkPull.bench.ts). Here a second connection, on a
 * thread, checkpoints PASSIVE every EVERY_MS — never waiting for the hub's writer — and starts
 * a long, fully copied log over (RESTART, a moment's hold on the writer), and the hub's
 * connection only falls back to checkpointing past FALLBACK_PAGES. Started by the
 * listening hub (server.ts); stores opened by tools and tests checkpoint as before. PostgreSQL:
 * nothing to do (null).
 */
export async function startCheckpointer(store: Store, dataDir: string, nativeBinding: string | null): Promise<{ stop(): Promise<void> } | null> {
  if (store.kind !== 'sqlite') return null
  const data: CheckpointerData = { file: join(dataDir, SQLITE_FILE), nativeBinding, everyMs: EVERY_MS, restartFrames: RESTART_FRAMES }
  const worker = spawnWorker(workerEntry(__filename, 'checkpointWorker'))
  // Started once its connection is open; a thread that cannot start leaves checkpoints where they were.
  const started = await new Promise<boolean>((done) => {
    worker.once('message', (m) => done(m === 'started'))
    worker.once('error', () => done(false))
    worker.once('exit', () => done(false))
    worker.postMessage(data)
  })
  if (!started) {
    await worker.terminate()
    return null
  }
  worker.unref()
  await sql.raw(`pragma wal_autocheckpoint = ${FALLBACK_PAGES}`).execute(store.db)
  let stopped: Promise<void> | null = null
  return {
    stop: () =>
      (stopped ??= (async () => {
        await sql.raw(`pragma wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`).execute(store.db).catch(() => {})
        await new Promise<void>((done) => {
          worker.once('message', () => done())
          worker.once('exit', () => done())
          worker.postMessage('stop')
        })
        await worker.terminate()
      })()),
  }
}
