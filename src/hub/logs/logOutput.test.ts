import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defineEndpoint } from '../../shared/endpoint'
import { createSqliteLocation, type StoreLocation } from '../../../tests/support/stores'
import { testConfig } from '../../../tests/support/hub'
import { hubContext, serveEndpoints } from '../app'
import { route } from '../http/context'
import { openStore, type Store } from '../store'
import { logOutput } from '../kernel/logOutput'

const crash = defineEndpoint({ id: 't.crash', method: 'POST', area: 'hub', path: '/t/crash', access: 'public', input: z.object({}).optional(), output: z.null() })
const at = () => new Date('2026-12-04T08:00:00.000Z')

describe('the hub log as JSON lines (HUB_LOG_FORMAT=json)', () => {
  let location: StoreLocation
  let store: Store
  let app: FastifyInstance
  let written = ''

  beforeAll(async () => {
    location = await createSqliteLocation()
    store = await openStore({ dataDir: location.dataDir })
    const hub = hubContext({ store, config: testConfig(location), log: logOutput('json', (t) => (written += t), at) })
    const routes = [route(crash, async () => Promise.reject(new Error('disk full')))]
    app = await serveEndpoints(hub, routes.map((r) => r.endpoint), routes)
  })
  afterAll(async () => {
    await app?.close()
    await store?.close()
    await location?.cleanup()
  })

  it("writes a failed call as one JSON object whose reference is the one the caller was told", async () => {
    const answer = (await app.inject({ method: 'POST', url: '/api/t/crash', payload: {} })).json() as { code: string; data: { reference: string } }
    expect(answer.code).toBe('5000')
    const lines = written.trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, string>)
    const line = lines.find((l) => l.reference === answer.data.reference)
    expect(line).toMatchObject({ time: '2026-12-04T08:00:00.000Z', level: 'error', source: 'http', reference: answer.data.reference })
    expect(line!.message).toContain('POST /api/t/crash failed: Error: disk full')
  })

  it('writes a start-up line as info; text lines stay as they are', () => {
    let out = ''
    logOutput('json', (t) => (out += t), at)('DataHub hub on SQLite in /srv/hub, listening on http://0.0.0.0:7380')
    expect(JSON.parse(out)).toEqual({ time: '2026-12-04T08:00:00.000Z', level: 'info', message: 'DataHub hub on SQLite in /srv/hub, listening on http://0.0.0.0:7380' })
    let text = ''
    logOutput('text', (t) => (text += t))('[1a2b3c4d] GET /x failed')
    expect(text).toBe('[1a2b3c4d] GET /x failed\n')
  })
})
