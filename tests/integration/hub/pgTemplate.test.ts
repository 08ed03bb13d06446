import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { TEMPLATE_NAME } from '../../support/pgTemplate'
import { describeEachStore, storeTargets, type StoreLocation } from '../../support/stores'

const targets = await storeTargets()
const MIGRATIONS = readdirSync(join(__dirname, '../../../src/hub/store/migrations')).filter((f) => /^\d{4}_\w+\.ts$/.test(f)).map((f) => f.slice(0, -3)).sort()

/**
 * A PostgreSQL test store is a copy of the migrated template: every migration is applied
 * before the hub opens it (openStore then only seeds), and no reference data is in it yet.
 */
describeEachStore(targets.filter((t) => t.name === 'postgres'), 'test databases', (target) => {
  let location: StoreLocation
  let client: pg.Client
  beforeAll(async () => {
    location = await target.create()
    client = new pg.Client({ connectionString: location.databaseUrl! })
    await client.connect()
  })
  afterAll(async () => {
    await client?.end()
    await location?.cleanup()
  })

  it('start with every migration applied and no rows of reference data', async () => {
    const applied = await client.query<{ name: string }>('select name from kysely_migration order by name')
    expect(applied.rows.map((r) => r.name)).toEqual(MIGRATIONS)
    expect((await client.query('select count(*)::int as n from users')).rows[0].n).toBe(0)
  })

  it('are copied from a template named by the migration files', async () => {
    expect(TEMPLATE_NAME).toMatch(/^dh_tmpl_[0-9a-f]{16}$/)
    const found = await client.query('select 1 from pg_database where datname = $1', [TEMPLATE_NAME])
    expect(found.rowCount).toBe(1)
  })
})
