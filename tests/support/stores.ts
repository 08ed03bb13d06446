import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { describe, it } from 'vitest'
import { ensureTemplate } from './pgTemplate'

/**
 * Where hub tests keep their data: SQLite in a temp dir, and the PostgreSQL server of the build
 * machines (127.0.0.1:5432, trust auth), one fresh database per store (a copy of the migrated
 * template, pgTemplate.ts), dropped afterwards.
 * Without PostgreSQL its suites are skipped with a message; with CI=true they fail instead.
 */
export const PG_SERVER_URL = process.env.DH_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

export interface StoreLocation {
  dataDir: string
  /** null: SQLite in dataDir. */
  databaseUrl: string | null
  /** Deletes the temp dir and drops the database. */
  cleanup(): Promise<void>
}

export interface StoreTarget {
  name: 'sqlite' | 'postgres'
  /** What is missing on this machine to run the target; null when it can run. */
  missing: string | null
  /** A fresh, empty location. */
  create(): Promise<StoreLocation>
}

const tempDir = () => mkdtemp(join(tmpdir(), 'dh-hub-'))

async function withServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_SERVER_URL, connectionTimeoutMillis: 3000 })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

let probe: Promise<string | null> | null = null
/** null when PostgreSQL answers, else what is missing. */
function postgresMissing(): Promise<string | null> {
  probe ??= withServer(async (c) => {
    await c.query('select 1')
    return null
  }).catch((err: unknown) => `PostgreSQL at ${PG_SERVER_URL} (${err instanceof Error ? err.message : String(err)})`)
  return probe
}

export async function createSqliteLocation(): Promise<StoreLocation> {
  const dataDir = await tempDir()
  return { dataDir, databaseUrl: null, cleanup: () => rm(dataDir, { recursive: true, force: true }) }
}

async function createPostgresLocation(): Promise<StoreLocation> {
  const dataDir = await tempDir()
  const name = `dh_test_${randomBytes(6).toString('hex')}`
  await withServer(async (c) => {
    // The template can vanish between the check and the copy (a run of other migrations
    // dropped it as stale): then it is built again, once.
    for (let attempt = 1; ; attempt++) {
      const template = await ensureTemplate(c, PG_SERVER_URL)
      try {
        return await c.query(`create database "${name}" template "${template}"`)
      } catch (err) {
        if (attempt === 2 || (err as { code?: string }).code !== '3D000') throw err
      }
    }
  })
  const url = new URL(PG_SERVER_URL)
  url.pathname = `/${name}`
  return {
    dataDir,
    databaseUrl: url.toString(),
    cleanup: async () => {
      // FORCE: a pool a failed test left open must not keep the database alive.
      await withServer((c) => c.query(`drop database if exists "${name}" with (force)`))
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

export async function storeTargets(): Promise<StoreTarget[]> {
  return [
    { name: 'sqlite', missing: null, create: createSqliteLocation },
    { name: 'postgres', missing: await postgresMissing(), create: createPostgresLocation },
  ]
}

/**
 * One describe block per store. A target that cannot run here is skipped, its title saying
 * what is missing; with CI=true it becomes a failing test instead.
 */
export function describeEachStore(targets: readonly StoreTarget[], title: string, body: (target: StoreTarget) => void): void {
  for (const target of targets) {
    const name = `${title} [${target.name}]`
    if (target.missing === null) {
      describe(name, () => body(target))
    } else if (process.env.CI === 'true') {
      describe(name, () => {
        it(`${target.missing} is missing`, () => {
          throw new Error(`CI=true: ${target.missing} is missing; the ${target.name} suites cannot run`)
        })
      })
    } else {
      console.warn(`skipping "${name}": ${target.missing} is missing`)
      describe.skip(`${name} — skipped, ${target.missing} is missing`, () => body(target))
    }
  }
}
