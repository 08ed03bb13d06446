import { createServer, type Server } from 'node:http'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import * as gw from '../../../src/shared/contract/platform/apps/gateways'
import { hubContext } from '../../../src/hub/app'
import { gatewayForwarding, matchesPattern } from '../../../src/hub/platform/apps/forward'
import { installErrorHandlers } from '../../../src/hub/http/errors'
import { installJsonBodyParser } from '../../../src/hub/http/jsonBody'
import { describeEachStore, storeTargets } from '../../support/stores'
import { openAppsBench, type AppsBench } from './support'

const targets = await storeTargets()

/** A target service that tells what it received. */
async function echoServer(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      res.writeHead(201, { 'content-type': 'application/json', 'x-echo': 'yes' })
      res.end(JSON.stringify({ method: req.method, url: req.url, body: Buffer.concat(chunks).toString(), caller: req.headers['x-caller'] ?? '' }))
    })
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const address = server.address()
  return { server, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` }
}

it('matches route patterns segment by segment', () => {
  expect(matchesPattern('/inner/user/**', '/inner/user')).toBe(true)
  expect(matchesPattern('/inner/user/**', '/inner/user/1/roles')).toBe(true)
  expect(matchesPattern('/inner/user/*', '/inner/user/1')).toBe(true)
  expect(matchesPattern('/inner/user/*', '/inner/user/1/roles')).toBe(false)
  expect(matchesPattern('/inner/user/{id}', '/inner/user/7')).toBe(true)
  expect(matchesPattern('/inner/user', '/inner/username')).toBe(false)
})

describeEachStore(targets, 'the gateway forwards to live routes', (store) => {
  let bench: AppsBench
  let echo: { server: Server; url: string }
  let gateway: FastifyInstance
  beforeAll(async () => {
    bench = await openAppsBench(store)
    echo = await echoServer()
    // Set up as the hub's serveEndpoints does, with the gateway plugin over the bench's store.
    const hub = hubContext({ store: bench.hub.store, config: bench.hub.config, log: () => {} })
    gateway = Fastify()
    installJsonBodyParser(gateway)
    installErrorHandlers(gateway, hub)
    gateway.post('/api/echo', async (request) => request.body)
    await gateway.register(gatewayForwarding(hub))
    await gateway.ready()
  })
  afterAll(async () => {
    await gateway?.close()
    echo?.server.close()
    await bench?.close()
  })

  it('forwards method, path, query, headers and body once the route is live, and stops when it is disabled', async () => {
    const route = await bench.ok<gw.GatewayRoute>(gw.internalCreate, { path: '/inner/echo/**', prefix: '/inner/echo', targetService: `${echo.url}/base` })
    const send = () => gateway.inject({ method: 'POST', url: '/inner/echo/items?x=1', payload: 'hello', headers: { 'content-type': 'text/plain', 'x-caller': 'wms' } })
    // Saved but not refreshed: not live yet.
    expect((await send()).statusCode).toBe(404)
    await bench.ok(gw.refreshRoute)
    const answer = await send()
    expect(answer.statusCode).toBe(201)
    expect(answer.headers['x-echo']).toBe('yes')
    expect(answer.json()).toEqual({ method: 'POST', url: '/base/inner/echo/items?x=1', body: 'hello', caller: 'wms' })
    expect((await gateway.inject({ method: 'GET', url: '/inner/other' })).statusCode).toBe(404)
    // The hub's own API still parses JSON: the gateway's byte parser stays inside its plugin.
    expect((await gateway.inject({ method: 'POST', url: '/api/echo', payload: { a: 1 } })).json()).toEqual({ a: 1 })

    await bench.ok(gw.internalStatus, { id: route.id, status: '0' })
    await bench.ok(gw.refreshRoute)
    expect((await send()).statusCode).toBe(404)
  })

  it('refuses routes with an authentication it cannot check, and says when the target is down', async () => {
    await bench.ok(gw.externalCreate, { path: '/outer/secured/**', targetService: echo.url, authType: 'staticToken' })
    await bench.ok(gw.externalCreate, { path: '/outer/down/**', targetService: 'http://127.0.0.1:9' })
    await bench.ok(gw.refreshRoute)
    const secured = await gateway.inject({ method: 'GET', url: '/outer/secured/x' })
    expect(secured.json()).toMatchObject({ code: '4031' })
    const down = await gateway.inject({ method: 'GET', url: '/outer/down/x', headers: { 'accept-language': 'en' } })
    expect(down.statusCode).toBe(502)
    expect(down.json()).toMatchObject({ code: '5000', message: 'The target service could not be reached or did not answer in time' })
  })
})
