import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { FETCHERS } from '../../src/hub/runtime/fetch/index'
import { createDeliveryWorker } from '../../src/hub/runtime/queue/worker'
import { openBench, type Bench } from '../integration/datahub/support'
import { httpModel, scheduledProducer, tryFetcher } from '../integration/runtime/fetch/support'
import { drain, httpConsumer, openFlow, pushOk } from '../integration/runtime/support'
import { describeEachStore, storeTargets } from '../support/stores'

/**
 * Security finding 9: http producers and consumers reached loopback (and link-local) addresses,
 * so a producer polling http://127.0.0.1:<port>/internal-admin turned an internal answer into a
 * message, and a consumer could POST to internal services. A hub refuses them by the address it
 * would connect to (a name resolving to loopback too) unless HUB_ALLOW_PRIVATE_WSDL is on.
 */

const targets = await storeTargets()

/** An "internal admin" service on loopback that answers anyone, counting what reaches it. */
interface Internal {
  port: number
  requests: string[]
  close(): Promise<void>
}

async function startInternal(host: string): Promise<Internal> {
  const requests: string[] = []
  const server: Server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`)
    req.resume()
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([{ secret: 'internal-admin-data' }])))
  })
  await new Promise<void>((done, fail) => server.once('error', fail).listen(0, host, done))
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    close: () => new Promise<void>((done) => (server.closeAllConnections(), server.close(() => done()))),
  }
}

const ipv6Loopback = await startInternal('::1').then(
  async (s) => (await s.close(), true),
  () => false,
)

describeEachStore(targets, 'security: http producers and consumers do not reach the hub\'s own machine', (target) => {
  let strict: Bench
  let open: Bench
  let internal: Internal
  let internal6: Internal | null = null
  beforeAll(async () => {
    // The default: what loadHubConfig gives without HUB_ALLOW_PRIVATE_WSDL.
    strict = await openBench(target, { allowPrivateWsdl: false })
    open = await openBench(target, { allowPrivateWsdl: true })
    internal = await startInternal('127.0.0.1')
    if (ipv6Loopback) internal6 = await startInternal('::1')
  })
  afterAll(async () => {
    await internal6?.close()
    await internal?.close()
    await open?.close()
    await strict?.close()
  })

  const addresses = () => [
    `http://127.0.0.1:${internal.port}/internal-admin`,
    `http://localhost:${internal.port}/internal-admin`,
    ...(internal6 ? [`http://[::1]:${internal6.port}/internal-admin`] : []),
  ]
  const reached = () => internal.requests.length + (internal6?.requests.length ?? 0)

  it('an http producer polling a loopback address fails its run with the reason, and reads nothing', async () => {
    for (const url of addresses()) {
      const party = await scheduledProducer(strict, { dataFormat: 'json' }, httpModel(url))
      const run = await tryFetcher(strict, FETCHERS.http!, party)
      expect(run.error?.message, url).toContain('the hub calls such addresses only with HUB_ALLOW_PRIVATE_WSDL on')
      expect(run.messages).toEqual([])
    }
    expect(reached()).toBe(0)
  })

  it('an http consumer aimed at a loopback address ends dead at once with the reason; nothing reaches the service', async () => {
    const worker = createDeliveryWorker({ store: strict.hub.store, events: strict.hub.events, outbox: strict.hub.outbox, config: strict.hub.config, log: (l) => strict.hub.logs.push(l) }, { retryUnitMs: 5 })
    for (const url of addresses()) {
      const flow = await openFlow(strict, { consumers: [httpConsumer(url)] })
      const messageId = await pushOk(strict, flow.topic.code, { order: 1 })
      const [delivery] = await drain(strict, worker, messageId)
      expect(delivery, url).toMatchObject({ status: 'dead', attempts: 1 })
      expect(delivery!.last_error).toContain(`refused to call ${new URL(url).origin}`)
      expect(delivery!.last_error).toContain('HUB_ALLOW_PRIVATE_WSDL')
    }
    expect(reached()).toBe(0)
  })

  it('link-local and unspecified addresses are refused the same way (cloud metadata)', async () => {
    for (const url of ['http://169.254.169.254/latest/meta-data', 'http://0.0.0.0:1/x', 'http://[::ffff:127.0.0.1]:1/x']) {
      const party = await scheduledProducer(strict, { dataFormat: 'json' }, httpModel(url))
      expect((await tryFetcher(strict, FETCHERS.http!, party)).error?.message, url).toContain('refused to call')
    }
  })

  it('with HUB_ALLOW_PRIVATE_WSDL on, both reach the service', async () => {
    const url = `http://127.0.0.1:${internal.port}/internal-admin`
    const before = reached()
    const party = await scheduledProducer(open, { dataFormat: 'json' }, httpModel(url))
    const run = await tryFetcher(open, FETCHERS.http!, party)
    expect(run.error).toBeNull()
    expect(run.messages).toEqual([{ secret: 'internal-admin-data' }])

    const worker = createDeliveryWorker({ store: open.hub.store, events: open.hub.events, outbox: open.hub.outbox, config: open.hub.config, log: (l) => open.hub.logs.push(l) }, { retryUnitMs: 5 })
    const flow = await openFlow(open, { consumers: [httpConsumer(url)] })
    const messageId = await pushOk(open, flow.topic.code, { order: 1 })
    const [delivered] = await drain(open, worker, messageId)
    expect(delivered, delivered!.last_error).toMatchObject({ status: 'delivered' })
    expect(reached() - before).toBe(2)
  })
})
