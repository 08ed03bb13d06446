import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as gw from '../../src/shared/contract/platform/apps/gateways'
import { openCallBench, type CallBench } from '../support/bench'
import { createSqliteLocation } from '../support/stores'
import { rawRequest, text, upstreamServer, type Headers } from './gatewaySupport'

/**
 * Issue 21, finding 6: with an open route /inner/public/** and a closed one /inner/private/**,
 * '..' in any spelling took a caller of the open route to the closed one, or out of the
 * gateway's roots altogether; and the caller's credentials went to the target with it.
 */
describe('the gateway keeps a request inside the route it matched', () => {
  let bench: CallBench
  let target: Awaited<ReturnType<typeof upstreamServer>>
  const received: { url: string; headers: Headers }[] = []

  beforeAll(async () => {
    target = await upstreamServer((req, res) => {
      received.push({ url: req.url ?? '', headers: req.headers })
      res.writeHead(200, { 'content-type': 'text/plain' })
      res.end(`target saw ${req.url}`)
    })
    bench = await openCallBench({ name: 'sqlite', missing: null, create: createSqliteLocation })
    await bench.ok(gw.internalCreate, { path: '/inner/public/**', prefix: '/inner/public', targetService: target.url, authType: 'none' })
    await bench.ok(gw.internalCreate, { path: '/inner/private/**', prefix: '/inner/private', targetService: target.url, authType: 'staticToken' })
    await bench.ok(gw.refreshRoute)
    await bench.hub.app.listen({ host: '127.0.0.1', port: 0 })
  })
  afterAll(async () => {
    await bench?.close()
    await target?.close()
  })

  const attacks = [
    '/inner/public/../private/secret',
    '/inner/public/%2e%2e/private/secret',
    '/inner/public/%2E%2E/private/secret',
    '/inner/public/.%2e/private/secret',
    '/inner/public/%2e./private/secret',
    '/inner/public/%252e%252e/private/secret',
    '/inner/public/%252E%252E%252fprivate%252fsecret',
    '/inner/public/..%2fprivate%2fsecret',
    '/inner/public/..%2Fprivate',
    '/inner/public/..%5cprivate%5csecret',
    '/inner/public/..\\private\\secret',
    '/inner/public/../../../etc/passwd',
    '/inner/public/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    '/inner/public/./secret',
    '/inner/public/..',
    '/inner/public/%00/secret',
  ]

  it.each(attacks)('refuses %s with 4001 and a translated message, and the target never sees it', async (path) => {
    const before = received.length
    const zh = await rawRequest(bench.hub.app, { path })
    expect(zh.statusCode).toBe(400)
    expect(JSON.parse(await text(zh))).toMatchObject({ code: '4001', message: '请求路径被拒绝：路径中不得包含 . 或 .. 段、编码后的点、斜杠或反斜杠（%2e、%2f、%5c）、反斜杠或控制字符' })
    const en = await rawRequest(bench.hub.app, { path, headers: { 'accept-language': 'en' } })
    expect(JSON.parse(await text(en))).toMatchObject({ code: '4001', message: expect.stringMatching(/^The request path is refused/) })
    expect(received.length).toBe(before)
  })

  it('forwards ordinary paths as the normalised path it matched, and nothing outside the open route', async () => {
    received.length = 0
    const sent = ['/inner/public/a/b?x=1&y=%2e', '/inner/public//a//b', '/inner/public/caf%C3%A9/a%20b', '/inner/%70ublic/x/', '/inner/public/100%25']
    for (const path of sent) expect((await rawRequest(bench.hub.app, { path })).statusCode).toBe(200)
    expect(received.map((r) => r.url)).toEqual(['/inner/public/a/b?x=1&y=%2e', '/inner/public/a/b', '/inner/public/caf%C3%A9/a%20b', '/inner/public/x/', '/inner/public/100%25'])
    // The closed route stays closed, spelled plainly.
    const closed = await rawRequest(bench.hub.app, { path: '/inner/private/secret' })
    expect(JSON.parse(await text(closed))).toMatchObject({ code: '4031' })
    expect(received.every((r) => r.url.startsWith('/inner/public/'))).toBe(true)
  })

  it("does not hand the caller's Authorization and Cookie to the target", async () => {
    received.length = 0
    const answer = await rawRequest(bench.hub.app, {
      path: '/inner/public/profile',
      headers: { authorization: `Bearer ${bench.admin}`, cookie: 'session=caller-secret', 'x-caller': 'wms' },
    })
    expect(answer.statusCode).toBe(200)
    expect(received).toHaveLength(1)
    const seen = received[0]!.headers
    expect(seen['x-caller']).toBe('wms')
    expect(seen.authorization).toBeUndefined()
    expect(seen.cookie).toBeUndefined()
    expect(JSON.stringify(seen)).not.toContain(bench.admin)
  })
})
