import { createHash, randomBytes } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Kysely } from 'kysely'
import type pg from 'pg'
import { connect } from '../../src/hub/store/connect'
import { migrateToLatest } from '../../src/hub/store/migrations'

/**
 * PostgreSQL test databases are copies of one migrated template (CREATE DATABASE … TEMPLATE),
 * not empty databases each running every migration: a file copy on the server instead of
 * hundreds of DDL statements per store. The template is named by a hash of the migration
 * files, so a changed migration makes a new one, and it is built once for all the workers of
 * all runs that share those migrations (under an advisory lock: vitest's workers are processes).
 * openStore then finds every migration applied and only seeds, as it would on a fresh database.
 */
const MIGRATIONS_DIR = join(__dirname, '../../src/hub/store/migrations')
const PREFIX = 'dh_tmpl_'
/** Any fixed number: the advisory lock that serialises building templates on this server. */
const BUILD_LOCK = 7_380_022

function migrationsHash(): string {
  const hash = createHash('sha256')
  for (const name of readdirSync(MIGRATIONS_DIR).sort()) hash.update(name).update('\0').update(readFileSync(join(MIGRATIONS_DIR, name))).update('\0')
  return hash.digest('hex').slice(0, 16)
}

export const TEMPLATE_NAME = `${PREFIX}${migrationsHash()}`

const exists = async (c: pg.Client, name: string) => (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1

/**
 * Makes sure the template of the current migrations exists on the server `c` is connected to.
 * Built under another name and renamed when complete, so a template that exists is whole.
 * Templates of other migrations are dropped when not in use (another checkout's run that needs
 * one again rebuilds it).
 */
export async function ensureTemplate(c: pg.Client, serverUrl: string): Promise<string> {
  if (await exists(c, TEMPLATE_NAME)) return TEMPLATE_NAME
  await c.query('select pg_advisory_lock($1)', [BUILD_LOCK])
  try {
    if (await exists(c, TEMPLATE_NAME)) return TEMPLATE_NAME
    const building = `${PREFIX}build_${randomBytes(4).toString('hex')}`
    await c.query(`create database "${building}"`)
    const url = new URL(serverUrl)
    url.pathname = `/${building}`
    const { db } = connect({ dataDir: '', databaseUrl: url.toString() })
    try {
      await migrateToLatest(db as Kysely<unknown>)
    } finally {
      await db.destroy()
    }
    await c.query(`alter database "${building}" rename to "${TEMPLATE_NAME}"`)
    const stale = await c.query<{ datname: string }>('select datname from pg_database where datname like $1 and datname <> $2', [`${PREFIX}%`, TEMPLATE_NAME])
    for (const { datname } of stale.rows) await c.query(`drop database if exists "${datname}"`).catch(() => {})
    return TEMPLATE_NAME
  } finally {
    await c.query('select pg_advisory_unlock($1)', [BUILD_LOCK])
  }
}
