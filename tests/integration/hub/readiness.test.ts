import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { loadHubConfig } from '../../../src/hub/config'
import { startHub, type RunningHub } from '../../../src/hub/server'
import { LATEST_MIGRATION } from '../../../src/hub/store/migrations'

/**
 * GET /api/ready for load balancers (issue 38): 200 while the node should get traffic, 503 with
 * the reason when its store does not answer or its schema is behind this version.
 * Real hubs listening on loopback, SQLite in temp folders.
 */
const dirs: string[] = []
const hubs: RunningHub[] = []
afterAll(async () => {
  for (const hub of hubs) await hub.close().catch(() => {})
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

async function start(extra: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<RunningHub> {
  const dir = await mkdtemp(join(tmpdir(), 'dh-ready-'))
  dirs.push(dir)
  const hub = await startHub(loadHubConfig(['--port', '0', '--data-dir', dir, ...extra], env), { log: () => {} })
  hubs.push(hub)
  return hub
}

const ready = async (hub: RunningHub, locale = 'zh-CN') => {
  const res = await fetch(`${hub.url}/api/ready`, { headers: { 'accept-language': locale } })
  return { status: res.status, body: (await res.json()) as { code: string; message: string; data: { ready: boolean; runtime: string; schema: { store: string | null; expected: string } } } }
}

describe('readiness', () => {
  it('is ready once the store answers at this version\'s schema and the exchange runtime runs, without a session', async () => {
    const hub = await start()
    const answer = await ready(hub)
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ code: '2000', message: '数据中心已就绪', data: { ready: true, store: 'ok', runtime: 'running', schema: { store: LATEST_MIGRATION, expected: LATEST_MIGRATION } } })
    // A node that only receives (HUB_WORKER=0) is ready without a runtime.
    const receiving = await start([], { HUB_WORKER: '0' })
    expect((await ready(receiving, 'en')).body).toMatchObject({ message: 'The hub is ready', data: { ready: true, runtime: 'off' } })
  })

  it('answers 503 with the reason when the schema is behind this version, and 200 on a store a newer version migrated further', async () => {
    const hub = await start()
    await sql`delete from kysely_migration where name = ${LATEST_MIGRATION}`.execute(hub.store.db)
    const behind = await ready(hub, 'en')
    expect(behind.status).toBe(503)
    expect(behind.body.data).toMatchObject({ ready: false, schema: { expected: LATEST_MIGRATION } })
    expect(behind.body.data.schema.store).not.toBe(LATEST_MIGRATION)
    expect(behind.body.message).toContain(`expected ${LATEST_MIGRATION}`)
    // A store a newer version migrated further still serves (rolling upgrades).
    await sql`insert into kysely_migration (name, timestamp) values (${LATEST_MIGRATION}, 'x'), ('9999_from_a_newer_version', 'x')`.execute(hub.store.db)
    expect((await ready(hub)).status).toBe(200)
  })
})
