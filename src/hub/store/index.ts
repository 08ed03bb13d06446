import type { Kysely } from 'kysely'
import { connect, redactUrl, type ConnectOptions, type StoreKind } from './connect'
import { migrateToLatest } from './migrations'
import type { HubDatabase } from './schema'
import { seed } from './seed'

export type { HubDatabase } from './schema'
export type { StoreKind } from './connect'

export interface Store {
  db: Kysely<HubDatabase>
  kind: StoreKind
  close(): Promise<void>
}

export interface OpenStoreOptions {
  /** SQLite lives here as hub.sqlite when no databaseUrl is given. */
  dataDir: string
  /** postgres://… selects PostgreSQL. */
  databaseUrl?: string | null
  /** better-sqlite3 `nativeBinding` (an Electron-ABI build), for the embedded hub. */
  sqliteBinding?: string | null
  /** Told of every query with its duration (connect.ts): the hub's metrics. */
  observeQuery?: ConnectOptions['observeQuery']
}

/** Opens the store, brings its schema up to date and seeds the reference data. */
export async function openStore(options: OpenStoreOptions): Promise<Store> {
  const { db, kind } = connect(options)
  try {
    await migrateToLatest(db as Kysely<unknown>)
    await seed(db)
  } catch (err) {
    await db.destroy().catch(() => {})
    const where = options.databaseUrl ? `PostgreSQL at ${redactUrl(options.databaseUrl)}` : `SQLite in ${options.dataDir}`
    throw new Error(`cannot open the store (${where}): ${err instanceof Error ? err.message : String(err)}`, { cause: err })
  }
  return { db, kind, close: () => db.destroy() }
}
