import type { Kysely } from 'kysely'
import { connect, redactUrl, type ConnectOptions, type StoreKind } from './connect'
import { migrateToLatest } from './migrations'
import type { HubDatabase } from './schema'
import { seed } from './seed'
import { storeIdentity, type PgServerIdentity } from './serverIdentity'

export type { HubDatabase } from './schema'
export type { StoreKind } from './connect'

export interface Store {
  db: Kysely<HubDatabase>
  kind: StoreKind
  /**
   * PostgreSQL: what the store's server says it is (serverIdentity.ts), read once at open; a data
   * source reaching the same database is refused. null on SQLite (its file is guarded by path).
   */
  identity: PgServerIdentity | null
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
  let identity: PgServerIdentity | null = null
  try {
    await migrateToLatest(db as Kysely<unknown>)
    await seed(db)
    if (kind === 'postgres') identity = await storeIdentity(db as Kysely<unknown>)
  } catch (err) {
    await db.destroy().catch(() => {})
    const where = options.databaseUrl ? `PostgreSQL at ${redactUrl(options.databaseUrl)}` : `SQLite in ${options.dataDir}`
    throw new Error(`cannot open the store (${where}): ${err instanceof Error ? err.message : String(err)}`, { cause: err })
  }
  return { db, kind, identity, close: () => db.destroy() }
}
