import { join } from 'node:path'
import Database from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect, type LogEvent } from 'kysely'
import pg from 'pg'
import { PreparingClient } from './preparingClient'
import { ensurePrivateDir, ensurePrivateFile, makePrivate } from '../kernel/privateFiles'
import type { HubDatabase } from './schema'
import { withStatementCache } from './statementCache'

export type StoreKind = 'sqlite' | 'postgres'

export const SQLITE_FILE = 'hub.sqlite'
/** Pages of WAL after which the hub's own connection checkpoints (below; checkpointer.ts lifts it while its thread runs). */
export const WAL_AUTOCHECKPOINT_PAGES = 10_000

export interface ConnectOptions {
  dataDir: string
  databaseUrl?: string | null
  /** A better-sqlite3 binary built for another ABI (Electron); see README "Native modules". */
  sqliteBinding?: string | null
  /**
   * Told of every query with its duration (Kysely's log hook, around each statement on any
   * connection, transactions included): the hub's metrics (HUB_METRICS). Absent: nothing is timed.
   */
  observeQuery?: (event: LogEvent) => void
}

/** Opens the Kysely instance for the configured store; no queries run yet. */
export function connect(options: ConnectOptions): { db: Kysely<HubDatabase>; kind: StoreKind } {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, Client: PreparingClient })
    // An idle client losing its server must not become an uncaught 'error' event (a crash).
    pool.on('error', () => {})
    return { db: new Kysely<HubDatabase>({ dialect: new PostgresDialect({ pool }), ...observed(options) }), kind: 'postgres' }
  }
  ensurePrivateDir(options.dataDir)
  const file = join(options.dataDir, SQLITE_FILE)
  // Made 0600 before SQLite opens it: SQLite gives the -wal and -shm files it creates the
  // database file's mode. Ones left from an earlier run are made private too.
  ensurePrivateFile(file)
  for (const companion of ['-wal', '-shm', '-journal']) makePrivate(`${file}${companion}`)
  const sqlite = new Database(file, options.sqliteBinding ? { nativeBinding: options.sqliteBinding } : {})
  // WAL lets readers run beside the writer; foreign keys are off by default in SQLite;
  // busy_timeout makes a second process (a CLI next to the desktop app) wait, not fail.
  sqlite.pragma('journal_mode = WAL')
  // NORMAL: commits survive the hub's process dying, not a power cut (README, "Crash safety"),
  // without waiting for the disk at each commit. Said here, not left to the driver's build
  // (better-sqlite3 compiles DEFAULT_WAL_SYNCHRONOUS=1, applied only as a connection puts the
  // file into WAL mode; a build or a file that differs would silently give another level).
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  // A checkpoint copies the WAL into the database and waits for the disk twice, blocking the
  // hub (better-sqlite3 is synchronous). Every 1,000 pages (the default) that was every ~50
  // messages under load; every 10,000 pages (a WAL of up to ~40 MB) the stalls are a tenth as
  // many and pages written many times are copied once. Commits are as durable as before.
  sqlite.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`)
  return { db: new Kysely<HubDatabase>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }), ...observed(options) }), kind: 'sqlite' }
}

/** Kysely's log option only when someone listens: without it Kysely adds no timing at all. */
const observed = ({ observeQuery }: ConnectOptions) => (observeQuery ? { log: observeQuery } : {})

/** The URL without its password, for messages. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url)
    if (u.password) u.password = '***'
    return u.toString()
  } catch {
    return '(unparsable DATABASE_URL)'
  }
}
