import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dataSourceEndpoints } from '../../../src/shared/contract/datahub/dataSources'
import { routePattern } from '../../../src/shared/endpoint'
import { createSqliteLocation } from '../../support/stores'
import { openDsBench, type DsBench } from './bench'

/** Whatever the input, these calls answer a code and a message: never 5xx, never '5000'. */
describe('data-source calls with odd input', () => {
  let bench: DsBench
  beforeAll(async () => {
    bench = await openDsBench({ name: 'sqlite', missing: null, create: createSqliteLocation })
  })
  afterAll(async () => {
    await bench?.close()
  })

  it('refuses with a code and a translated message', async () => {
    const bodies = ['null', '[]', '"text"', '42', '{}', '{"id":"x","version":1}', '{"dbType":"sqlite","databaseName":"../../../etc/passwd"}', JSON.stringify({ name: ['x'], dataNum: '1e308', querySql: { $gt: '' }, timeout: 1e308 })]
    for (const endpoint of Object.values(dataSourceEndpoints)) {
      for (const body of bodies) {
        const answer =
          endpoint.method === 'GET'
            ? await bench.hub.app.inject({ method: 'GET', url: `${routePattern(endpoint)}?x=${encodeURIComponent(body)}&id=x&t=1`, headers: { authorization: `Bearer ${bench.admin}` } })
            : await bench.hub.app.inject({ method: 'POST', url: routePattern(endpoint), payload: body, headers: { 'content-type': 'application/json', authorization: `Bearer ${bench.admin}` } })
        expect(answer.statusCode, `${endpoint.id} ${body}`).toBe(200)
        const envelope = answer.json() as { code: string; message: string }
        expect(envelope.code, `${endpoint.id} ${body}: ${envelope.message}`).not.toBe('5000')
        if (envelope.code !== '2000') expect(envelope.message).not.toMatch(/^msg_/)
      }
    }
    expect(bench.hub.logs.filter((line) => line.includes('failed'))).toEqual([])
  })

  it('asks for a session and the permission', async () => {
    const answer = await bench.send(dataSourceEndpoints['datahub.datasource.list']!, {}, { token: null })
    expect(answer.body.code).toBe('4030')
  })
})
