import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely'
import { HUB_VERSION } from '../../version'
import * as m0001 from './0001_foundation'
import * as m0002 from './0002_datahub'
import * as m0003 from './0003_datasources'
import * as m0004 from './0004_platform_admin'
import * as m0005 from './0005_runtime'
import * as m0006 from './0006_config'
import * as m0007 from './0007_apps'
import * as m0008 from './0008_messaging'
import * as m0009 from './0009_user_centre'
import * as m0010 from './0010_runtime_callbacks'
import * as m0011 from './0011_password_change'
import * as m0012 from './0012_login_addresses'
import * as m0013 from './0013_file_locations'
import * as m0014 from './0014_seed_english'
import * as m0015 from './0015_scheduled_runs'
import * as m0016 from './0016_alarms'
import * as m0017 from './0017_alarm_watch'
import * as m0018 from './0018_rollups'
import * as m0019 from './0019_dashboards'
import * as m0020 from './0020_operation_logs'
import * as m0021 from './0021_sso'
import * as m0022 from './0022_approvals'
import * as m0023 from './0023_hourly_rollups'
import * as m0024 from './0024_session_method'
import * as m0025 from './0025_account_trust'
import * as m0026 from './0026_paging_stop_and_start_times'
import * as m0027 from './0027_message_properties'
import * as m0028 from './0028_version_approver'
import * as m0029 from './0029_glossary_labels'

/**
 * Every migration, in order, imported statically: the hub is bundled by electron-vite and also
 * run from source by tsx and vitest, so no folder scanning at run time. Names sort in order.
 */
const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_datahub': m0002,
  '0003_datasources': m0003,
  '0004_platform_admin': m0004,
  '0005_runtime': m0005,
  '0006_config': m0006,
  '0007_apps': m0007,
  '0008_messaging': m0008,
  '0009_user_centre': m0009,
  '0010_runtime_callbacks': m0010,
  '0011_password_change': m0011,
  '0012_login_addresses': m0012,
  '0013_file_locations': m0013,
  '0014_seed_english': m0014,
  '0015_scheduled_runs': m0015,
  '0016_alarms': m0016,
  '0017_alarm_watch': m0017,
  '0018_rollups': m0018,
  '0019_dashboards': m0019,
  '0020_operation_logs': m0020,
  '0021_sso': m0021,
  '0022_approvals': m0022,
  '0023_hourly_rollups': m0023,
  '0024_session_method': m0024,
  '0025_account_trust': m0025,
  '0026_paging_stop_and_start_times': m0026,
  '0027_message_properties': m0027,
  '0028_version_approver': m0028,
  '0029_glossary_labels': m0029,
}

/** The newest migration this version has: the schema a store of this version is at (readiness). */
export const LATEST_MIGRATION: string = Object.keys(migrations).sort().at(-1)!

/** Exported for tests that take a store back to an earlier step (an older hub's store). */
export const migrationProvider: MigrationProvider = { getMigrations: async () => migrations }
const provider = migrationProvider

/** How long a hub waits for another process that is migrating the same SQLite file. */
const RETRY_DELAYS_MS = [100, 200, 400, 800, 1600]

/**
 * A migration that older hubs still run on — it adds (tables, nullable or defaulted columns,
 * indexes) and removes or renames nothing — is named `NNNN_expand_…`. During a rolling upgrade on
 * one PostgreSQL the first node of version N+1 applies it while nodes of version N keep serving,
 * and a node of version N that (re)starts then runs on the expanded schema. What N+1 no longer
 * needs is removed by a later, plain migration (contract), once no node of version N is left:
 * a node older than that is refused (StoreNewerError).
 */
export const EXPAND_ONLY = /^\d{4}_expand_/

/** The store's schema is past what this hub can run on: one line that says what to do. */
export class StoreNewerError extends Error {}

/** The migrations the store has applied (none on a new store). */
async function appliedMigrations(db: Kysely<unknown>): Promise<string[]> {
  try {
    const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(db)
    return rows.rows.map((r) => r.name)
  } catch {
    return []
  }
}

/**
 * What a hub does with its store's schema: migrate it to this version's latest, or — when the store
 * is already past this version by expand-only migrations — run on it as it is (`newer` lists them).
 */
export async function migrateToLatest(db: Kysely<unknown>, migrations: MigrationProvider = provider): Promise<{ newer: string[] }> {
  const known = new Set(Object.keys(await migrations.getMigrations()))
  const newer = (await appliedMigrations(db)).filter((name) => !known.has(name)).sort()
  if (newer.length > 0) {
    const breaking = newer.find((name) => !EXPAND_ONLY.test(name))
    const latest = [...known].sort().at(-1)
    if (breaking) {
      throw new StoreNewerError(
        `this hub (version ${HUB_VERSION}, schema ${latest}) is older than its store, which has migration ${breaking}: older hubs cannot run on it. Start this node with the version the store was upgraded to (or newer)`,
      )
    }
    return { newer }
  }
  await migrateAll(db, migrations)
  return { newer: [] }
}

/**
 * Brings the schema up to date. On PostgreSQL, Kysely's lock keeps concurrent hub nodes apart.
 * SQLite has no such lock across connections (and no transactional DDL in Kysely): when two
 * hubs start on a fresh file at once, the slower one trips over tables the other is creating,
 * so it waits and looks again before reporting a failure.
 */
async function migrateAll(db: Kysely<unknown>, migrations: MigrationProvider): Promise<void> {
  const migrator = new Migrator({ db, provider: migrations })
  let outcome = await migrator.migrateToLatest()
  for (const delay of RETRY_DELAYS_MS) {
    if (!outcome.error) return
    await new Promise((r) => setTimeout(r, delay))
    outcome = await migrator.migrateToLatest()
  }
  const { error, results } = outcome
  if (!error) return
  const failed = results?.find((r) => r.status === 'Error')?.migrationName
  const reason = error instanceof Error ? error.message : String(error)
  throw new Error(`database migration ${failed ?? ''} failed: ${reason}`, { cause: error })
}
