import type { Kysely, Migration, MigrationProvider } from 'kysely'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { login } from '../../../src/shared/contract/platform/session'
import { topicCreate, topicList } from '../../../src/shared/contract/datahub/topic'
import type { Endpoint } from '../../../src/shared/endpoint'
import { resolvePath } from '../../../src/shared/endpoint'
import { startHub, type RunningHub } from '../../../src/hub/server'
import { HUB_VERSION } from '../../../src/hub/version'
import { openStore } from '../../../src/hub/store'
import { LATEST_MIGRATION, migrationProvider } from '../../../src/hub/store/migrations'
import { ADMIN_PASSWORD, testConfig } from '../../support/hub'
import { describeEachStore, storeTargets, type StoreLocation } from '../../support/stores'

/**
 * A rolling upgrade (issue 38): nodes of this version (N) and the next (N+1) on one store. N+1
 * is this version's migrations plus those of the next release, as they would ship: an
 * expand-only one (`NNNN_expand_…`: a table and a nullable column on topics, which N selects
 * whole), then in a later release a contract one. Both versions really run, side by side, over HTTP.
 */
const targets = await storeTargets()

const expand: Migration = {
  up: async (db: Kysely<unknown>) => {
    await db.schema.alterTable('topics').addColumn('next_release_note', 'text').execute()
    await db.schema.createTable('next_release_things').addColumn('id', 'text', (c) => c.primaryKey()).execute()
  },
}
const contract: Migration = { up: async (db: Kysely<unknown>) => void (await db.schema.dropTable('next_release_things').execute()) }
const nextVersion = (extra: Record<string, Migration>): MigrationProvider => ({ getMigrations: async () => ({ ...(await migrationProvider.getMigrations()), ...extra }) })
const EXPAND = '9001_expand_release_notes'
const CONTRACT = '9002_drop_release_things'

async function ask<T>(hub: RunningHub, endpoint: Endpoint, input: unknown, token?: string): Promise<{ code: string; message: string; data: T }> {
  const { path, rest } = resolvePath(endpoint, input)
  const query = endpoint.method === 'GET' ? `?${new URLSearchParams({ ...(rest as Record<string, string>), t: String(Date.now()) })}` : ''
  const res = await fetch(`${hub.url}${path}${query}`, {
    method: endpoint.method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(endpoint.method === 'POST' ? { body: JSON.stringify(rest ?? {}) } : {}),
  })
  return (await res.json()) as { code: string; message: string; data: T }
}
const signIn = async (hub: RunningHub) => (await ask<{ token: string }>(hub, login, { username: 'admin', password: ADMIN_PASSWORD })).data.token

describeEachStore(targets, 'a rolling upgrade on one store', (target) => {
  let location: StoreLocation
  const hubs: RunningHub[] = []
  beforeEach(async () => {
    location = await target.create()
  })
  afterEach(async () => {
    await Promise.all(hubs.splice(0).map((h) => h.close()))
    await location.cleanup()
  })
  const start = async (migrations?: MigrationProvider, lines: string[] = []) => {
    const hub = await startHub(testConfig(location, { worker: false }), { log: (l) => lines.push(l), ...(migrations ? { migrations } : {}) })
    hubs.push(hub)
    return hub
  }

  it('a node of version N starts on a store N+1 expanded, and both serve it side by side', async () => {
    const next = await start(nextVersion({ [EXPAND]: expand }))
    const said: string[] = []
    const current = await start(undefined, said)
    expect(current.store.newerMigrations).toEqual([EXPAND])
    expect(said).toContain(`the store's schema is newer than this hub's (${EXPAND}, all expand-only): running on it; upgrade this node when you can`)

    // What one version writes, the other reads — N's whole-row reads of the expanded topics included.
    const [tokenN, tokenNext] = [await signIn(current), await signIn(next)]
    expect((await ask(current, topicCreate, { code: 'from_n', name: 'Written by N' }, tokenN)).code).toBe('2000')
    expect((await ask(next, topicCreate, { code: 'from_next', name: 'Written by N+1' }, tokenNext)).code).toBe('2000')
    for (const [hub, token] of [[current, tokenN], [next, tokenNext]] as const) {
      const listed = await ask<{ content: { code: string }[] }>(hub, topicList, { pageNum: 1, pageSize: 20 }, token)
      expect(listed.code).toBe('2000')
      expect(listed.data.content.map((t) => t.code).sort()).toEqual(['from_n', 'from_next'])
    }
    // Readiness: N is ready on a schema at or past its own.
    const ready = (await (await fetch(`${current.url}/api/ready`)).json()) as { data: { ready: boolean; schema: { store: string; expected: string } } }
    expect(ready.data).toMatchObject({ ready: true, schema: { store: EXPAND, expected: LATEST_MIGRATION } })
  })

  it('once a later release contracts the schema, a node of version N is refused with what to do', async () => {
    const later = await openStore({ dataDir: location.dataDir, databaseUrl: location.databaseUrl, migrations: nextVersion({ [EXPAND]: expand, [CONTRACT]: contract }) })
    await later.close()
    await expect(start()).rejects.toThrow(
      `this hub (version ${HUB_VERSION}, schema ${LATEST_MIGRATION}) is older than its store, which has migration ${CONTRACT}: older hubs cannot run on it. Start this node with the version the store was upgraded to (or newer)`,
    )
  })
})
