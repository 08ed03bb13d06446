import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PREVIEW_BUDGET_BYTES } from '../../src/hub/datahub/dataSources/sql/cells'
import * as ds from '../../src/shared/contract/datahub/dataSources'
import * as sql from '../../src/shared/contract/datahub/sqlTools'
import type { SqlPreview } from '../../src/shared/contract/datahub/sqlTools'
import { resolvePath, type Endpoint } from '../../src/shared/endpoint'
import type { Envelope } from '../../src/shared/envelope'
import { killHubClis, listeningUrl, runHubCli, type HubCli } from '../support/hubCli'
import { createSqliteLocation, type StoreLocation } from '../support/stores'
import { describeWith, PG } from '../integration/dataSources/support'

/**
 * Finding #2 of the adversarial probe (issue 21): one SQL preview made the hub die of V8's
 * out-of-memory (2.3 GB in 3 s on SQLite, 4.3 GB on PostgreSQL). The hub runs here as its own
 * process, as `npm run hub` runs it, so a crash would show as a dead process, and its peak
 * memory is read from the kernel (VmHWM) rather than guessed.
 */
const PASSWORD = 'Adm1n!pass'
let location: StoreLocation
let hub: HubCli
let url: string
let token: string

async function send<T>(endpoint: Endpoint, input: object): Promise<{ body: Envelope<T>; bytes: number }> {
  const { path, rest } = resolvePath(endpoint, input)
  const response = await fetch(`${url}${path}?t=${Date.now()}`, {
    method: endpoint.method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'accept-language': 'zh-CN' },
    body: JSON.stringify(rest ?? {}),
  })
  const text = await response.text()
  return { body: JSON.parse(text) as Envelope<T>, bytes: Buffer.byteLength(text) }
}

/** The hub process's peak resident memory so far, in MB (Linux). */
const peakMb = () => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${hub.child.pid}/status`, 'utf8'))![1]) / 1024

async function healthy(): Promise<string> {
  expect(hub.child.exitCode).toBeNull()
  return ((await (await fetch(`${url}/api/health`)).json()) as Envelope<unknown>).code
}

beforeAll(async () => {
  location = await createSqliteLocation()
  hub = runHubCli(['--data-dir', location.dataDir, '--port', '0'], { HUB_ADMIN_PASSWORD: PASSWORD, HUB_WORKER: 'off' })
  url = await listeningUrl(hub)
  const login = await fetch(`${url}/api/inner/platform/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: PASSWORD }) })
  token = ((await login.json()) as Envelope<{ token: string }>).data!.token
})
afterAll(async () => {
  killHubClis()
  await location?.cleanup()
})

/** A preview the hub answered in full: cells cut and marked, the answer within its budget. */
function expectBounded(answer: { body: Envelope<SqlPreview>; bytes: number }, rows: number) {
  expect(answer.body.code, answer.body.message).toBe('2000')
  const preview = answer.body.data!
  expect(preview.rows).toHaveLength(rows)
  expect(preview.cutCells).toContainEqual([0, 0])
  expect(String(preview.rows[0]![0]).endsWith('…')).toBe(true)
  expect(answer.bytes).toBeLessThan(PREVIEW_BUDGET_BYTES * 2)
}

describe('SQL preview memory', () => {
  it('survives the SQLite zeroblob query, answering cut cells, and still serves', async () => {
    const folder = join(location.dataDir, 'sqlite-sources')
    mkdirSync(folder, { recursive: true })
    new Database(join(folder, 'attack.sqlite')).exec('create table t (a integer)')
    const source = await send<{ name: string }>(ds.datasourceCreate, { name: 'sqlite_attack', applicationCode: 'crm', sourceType: '1', dbType: 'sqlite', databaseName: 'attack.sqlite', timeout: 60 })
    expect(source.body.code, source.body.message).toBe('2000')
    const answer = await send<SqlPreview>(sql.producerPreviewSqlData, {
      datasourceName: 'sqlite_attack', dataNum: 10,
      querySql: 'with recursive r(i) as (select 1 union all select i+1 from r where i<8) select zeroblob(250000000), zeroblob(250000000) from r',
    })
    expectBounded(answer, 8)
    expect(await healthy()).toBe('2000')
    // The hub itself never held the 500 MB row (before the fix: 2.3 GB, then dead).
    expect(peakMb()).toBeLessThan(600)
  }, 120_000)

  describeWith('postgres', 'on PostgreSQL', () => {
    it('survives 100 rows of 50 MB cells with a 120 s timeout, and still serves', async () => {
      const source = await send(ds.datasourceCreate, {
        name: 'pg_attack', applicationCode: 'crm', sourceType: '1', dbType: 'postgresql', host: PG.host, port: String(PG.port), databaseName: PG.database, username: PG.user, timeout: 120,
      })
      expect(source.body.code, source.body.message).toBe('2000')
      const answer = await send<SqlPreview>(sql.producerPreviewSqlData, { datasourceName: 'pg_attack', dataNum: 100, querySql: "select repeat('x',50000000) from generate_series(1,100)" })
      expectBounded(answer, 100)
      expect(await healthy()).toBe('2000')
      // Before the fix: 4.3 GB, then V8's out of memory.
      expect(peakMb()).toBeLessThan(600)
    }, 240_000)
  })
})
