import { sql } from 'kysely'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { DATA_VERSION_HEADERS } from '../../../src/shared/envelope'
import { me } from '../../../src/shared/contract/platform/session'
import { health, i18nMessages } from '../../../src/shared/contract/platform/startup'
import { openStore, type Store } from '../../../src/hub/store'
import { bumpDataVersion } from '../../../src/hub/store/dataVersions'
import { call, openTestHub, type TestHub } from '../../support/hub'
import { createSqliteLocation, describeEachStore, storeTargets, type StoreLocation } from '../../support/stores'

const targets = await storeTargets()

const TABLES = ['users', 'roles', 'role_permissions', 'menus', 'client_routers', 'dictionary_types', 'dictionary_data', 'parameters', 'lang_types', 'i18n_messages', 'data_versions'] as const

async function counts(store: Store) {
  const out: Record<string, number> = {}
  for (const t of TABLES) {
    const row = await store.db.selectFrom(t).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()
    out[t] = Number(row.n)
  }
  return out
}

describeEachStore(targets, 'store', (target) => {
  let location: StoreLocation
  let hub: TestHub | null = null
  const open = () => openStore({ dataDir: location.dataDir, databaseUrl: location.databaseUrl })
  const versionHeaders = (headers: Record<string, unknown>) => ({
    lang: headers[DATA_VERSION_HEADERS.lang],
    dict: headers[DATA_VERSION_HEADERS.dict],
    param: headers[DATA_VERSION_HEADERS.param],
  })

  beforeEach(async () => {
    location = await target.create()
  })
  afterEach(async () => {
    await hub?.close()
    hub = null
    await location.cleanup()
  })

  it('opens again without adding or changing anything', async () => {
    const first = await open()
    const before = await counts(first)
    const versions = await first.db.selectFrom('data_versions').selectAll().orderBy('name').execute()
    await first.close()

    const second = await open()
    expect(await counts(second)).toEqual(before)
    expect(await second.db.selectFrom('data_versions').selectAll().orderBy('name').execute()).toEqual(versions)
    await second.close()
    expect(before.menus).toBeGreaterThan(50)
  })

  it('lets several hub nodes open the same fresh database at once', async () => {
    const stores = await Promise.all([open(), open()])
    expect((await counts(stores[0])).menus).toBe((await counts(stores[1])).menus)
    await Promise.all(stores.map((s) => s.close()))
  })

  it('reports the data versions on every answer, and a new one when a set changes', async () => {
    hub = await openTestHub(location)
    const ok = versionHeaders((await call(hub.app, health)).headers)
    const refused = versionHeaders((await call(hub.app, me)).headers)
    const unknown = versionHeaders((await hub.app.inject({ method: 'GET', url: '/api/nope' })).headers)
    expect(ok.lang).toMatch(/^\S+$/)
    expect(ok.dict).toMatch(/^\S+$/)
    expect(ok.param).toMatch(/^\S+$/)
    expect(refused).toEqual(ok)
    expect(unknown).toEqual(ok)

    await bumpDataVersion(hub.store.db, 'dict')
    const after = versionHeaders((await call(hub.app, health)).headers)
    expect(after.dict).not.toBe(ok.dict)
    expect({ lang: after.lang, param: after.param }).toEqual({ lang: ok.lang, param: ok.param })
  })

  it('restores bundled texts on start but keeps the ones an administrator edited', async () => {
    const first = await open()
    const key = 'messages:msg_login_fail'
    await first.db.updateTable('i18n_messages').set({ message_value: 'stale' }).where('lang_code', '=', 'cn').where('message_key', '=', key).execute()
    await first.db.updateTable('i18n_messages').set({ message_value: 'Edited by admin', origin: 'admin' }).where('lang_code', '=', 'en').where('message_key', '=', key).execute()
    const langBefore = (await first.db.selectFrom('data_versions').select('version').where('name', '=', 'lang').executeTakeFirstOrThrow()).version
    await first.close()

    hub = await openTestHub(location)
    const answer = await call<{ messages: Record<string, Record<string, string>> }>(hub.app, i18nMessages)
    expect(answer.body.data!.messages.cn![key]).toBe('用户名或密码错误')
    expect(answer.body.data!.messages.en![key]).toBe('Edited by admin')
    // The restored text moved the language version, so consoles that cached the texts refetch.
    expect(answer.headers[DATA_VERSION_HEADERS.lang]).not.toBe(langBefore)
  })
})

it('a SQLite store commits in WAL at synchronous NORMAL (README, crash safety), new as when opened again', async () => {
  const location = await createSqliteLocation()
  try {
    const level = async (store: Store) => Number((await sql<{ synchronous: number }>`pragma synchronous`.execute(store.db)).rows[0]!.synchronous)
    const journal = async (store: Store) => (await sql<{ journal_mode: string }>`pragma journal_mode`.execute(store.db)).rows[0]!.journal_mode
    for (let opening = 1; opening <= 2; opening++) {
      const store = await openStore({ dataDir: location.dataDir })
      expect([await journal(store), await level(store)]).toEqual(['wal', 1])
      await store.close()
    }
  } finally {
    await location.cleanup()
  }
})
