import type { Kysely } from 'kysely'
import { connect, redactUrl, type ConnectOptions, type StoreKind } from './connect'
import type { MigrationProvider } from 'kysely'
import { migrateToLatest, StoreNewerError } from './migrations'
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
  /**
   * Migrations of a newer hub version the store already has, all expand-only, which this hub runs
   * beside during a rolling upgrade (migrations/index.ts EXPAND_ONLY); empty when it is this version's.
   */
  newerMigrations: string[]
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
  /** Tests only: the migrations of another hub version (the next one, for a rolling upgrade). */
  migrations?: MigrationProvider
}

/** Opens the store, brings its schema up to date and seeds the reference data. */
export async function openStore(options: OpenStoreOptions): Promise<Store> {
  const { db, kind } = connect(options)
  let identity: PgServerIdentity | null = null
  let newerMigrations: string[] = []
  try {
    ;({ newer: newerMigrations } = await migrateToLatest(db as Kysely<unknown>, options.migrations))
    await seed(db)
    if (kind === 'postgres') identity = await storeIdentity(db as Kysely<unknown>)
  } catch (err) {
    await db.destroy().catch(() => {})
    // Already a sentence for the operator (what to start instead).
    if (err instanceof StoreNewerError) throw err
    const where = options.databaseUrl ? `PostgreSQL at ${redactUrl(options.databaseUrl)}` : `SQLite in ${options.dataDir}`
    throw new Error(`cannot open the store (${where}): ${err instanceof Error ? err.message : String(err)}`, { cause: err })
  }
  return { db, kind, identity, newerMigrations, close: () => db.destroy() }
}
