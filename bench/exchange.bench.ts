/**
 * Exchange runtime throughput (exchange runtime issue): messages per second of 1 KB JSON bodies
 * pushed over HTTP into the hub (POST /producer/serverApi: checks, store, one delivery row),
 * delivered by the worker over HTTP to a receiver on loopback — against a plain Fastify relay
 * that forwards each body to the same receiver before answering (no store, no retries, nothing
 * durable). Prints both rates and their ratio; the hub pays for durability (two SQLite writes
 * per message, a poll, a claim and a finish per delivery), so the ratio says what that costs.
 *
 * Then crash safety: the same stream of 10,000 small messages into a hub run as `npm run hub`,
 * killed with SIGKILL after 4,000 acknowledgements and started again on its data dir
 * (tests/support/crashScenario.ts). Prints acknowledged, delivered, lost (must be 0),
 * duplicates (at most the deliveries in flight at the kill) and, after the restart, how soon the
 * deliveries the dead hub held were sent again and the backlog of acknowledged messages drained.
 *
 *   node --import tsx bench/exchange.bench.ts        (BENCH_MESSAGES=N, BENCH_CLIENTS=N)
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import Fastify from 'fastify'
import * as consumer from '../src/shared/contract/datahub/consumer'
import * as producer from '../src/shared/contract/datahub/producer'
import { producerServerApi } from '../src/shared/contract/datahub/runtime'
import * as topic from '../src/shared/contract/datahub/topic'
import { login } from '../src/shared/contract/platform/session'
import { routePattern, type Endpoint } from '../src/shared/endpoint'
import { buildHub } from '../src/hub/app'
import { bootstrapAdmin } from '../src/hub/auth/bootstrap'
import { createDeliveryWorker } from '../src/hub/runtime/worker'
import { openStore } from '../src/hub/store'
import { runCrashScenario } from '../tests/support/crashScenario'

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 2000)
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16)
const PASSWORD = 'Bench#Pass1'
const BODY = { order: 'x'.repeat(1000 - 13) }

async function receiver(): Promise<{ url: string; count: () => number; close: () => Promise<void> }> {
  let n = 0
  const server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      n++
      res.writeHead(200).end('ok')
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    count: () => n,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  }
}

/** CLIENTS callers in parallel, MESSAGES posts in all; resolves when every answer came back. */
async function load(url: string, body: (i: number) => unknown): Promise<void> {
  let next = 0
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < MESSAGES) {
        const i = next++
        const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body(i)) })
        const text = await response.text()
        if (!response.ok || text.includes('"code":"4')) throw new Error(`push ${i} refused: ${text.slice(0, 200)}`)
      }
    }),
  )
}

async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((r) => setTimeout(r, 2))
}

async function hubRate(): Promise<number> {
  const sink = await receiver()
  const dataDir = await mkdtemp(join(tmpdir(), 'dh-bench-exchange-'))
  const store = await openStore({ dataDir })
  await bootstrapAdmin(store, { dataDir, adminPassword: PASSWORD, log: () => {} })
  const config = { host: '127.0.0.1', port: 0, dataDir, databaseUrl: null, adminPassword: PASSWORD, sessionHours: 1, sqliteBinding: null }
  const app = await buildHub({ store, config, log: () => {} })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  const token = (await app.inject({ method: 'POST', url: routePattern(login), payload: { username: 'admin', password: PASSWORD } })).json<{ data: { token: string } }>().data.token
  const admin = async <T>(e: Endpoint, payload: unknown): Promise<T> => {
    const answer = (await app.inject({ method: 'POST', url: routePattern(e), payload: payload as object, headers: { authorization: `Bearer ${token}` } })).json<{ code: string; message: string; data: T }>()
    if (answer.code !== '2000') throw new Error(`${e.id}: ${answer.message}`)
    return answer.data
  }
  const t = await admin<{ code: string }>(topic.topicCreate, { code: 'bench.exchange', name: 'Bench exchange', dataFormat: 'json' })
  const p = await admin<{ id: string }>(producer.producerCreate, { topicCode: t.code, appCode: 'crm', productionMode: 'serverApi', apiRequestInfoModel: { apiAddr: '/producer/serverApi' } })
  await admin(producer.producerDisableOrEnable, { id: p.id })
  const c = await admin<{ id: string }>(consumer.consumerCreate, { topicCode: t.code, applicationCode: 'erp', dataConsumeType: 'http', httpRequestInfoModel: { requestUri: `${sink.url}/in`, requestMethod: 'POST', authenStatus: '0' } })
  await admin(consumer.consumerStatus, { id: c.id })
  const worker = createDeliveryWorker({ store, config, log: (l) => console.error(l) }, { pollMs: 5, perConsumer: 32, maxInFlight: 64 })
  worker.start()
  const started = performance.now()
  await load(`${base}${routePattern(producerServerApi)}`, () => ({ topicCode: t.code, data: BODY }))
  await until(() => sink.count() >= MESSAGES)
  const seconds = (performance.now() - started) / 1000
  await worker.stop()
  await app.close()
  await store.close()
  await sink.close()
  await rm(dataDir, { recursive: true, force: true })
  return MESSAGES / seconds
}

async function relayRate(): Promise<number> {
  const sink = await receiver()
  const app = Fastify({ logger: false })
  app.post('/relay', async (request) => {
    const response = await fetch(`${sink.url}/in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request.body) })
    await response.text()
    return { code: '2000' }
  })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const started = performance.now()
  await load(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}/relay`, () => BODY)
  await until(() => sink.count() >= MESSAGES)
  const seconds = (performance.now() - started) / 1000
  await app.close()
  await sink.close()
  return MESSAGES / seconds
}

// package.json has no "type": "module", so tsx runs this as CommonJS: no top-level await.
async function main(): Promise<void> {
  const relay = await relayRate()
  const hub = await hubRate()
  console.log(`exchange: ${MESSAGES} messages of 1 KB, ${CLIENTS} clients, HTTP in → store → HTTP out`)
  console.log(`  plain fastify relay (nothing stored): ${relay.toFixed(0)} msg/s`)
  console.log(`  hub (stored, delivered by the worker): ${hub.toFixed(0)} msg/s`)
  console.log(`  ratio relay / hub: ${(relay / hub).toFixed(2)}×`)
  await crashFigures()
}

async function crashFigures(): Promise<void> {
  const slots = 8
  const leaseMs = 2_000
  const run = await runCrashScenario({
    messages: 10_000,
    senders: CLIENTS,
    killAfterAcks: 4_000,
    runtime: { pollMs: 50, perConsumer: slots, maxInFlight: slots, leaseMs, deliveryTimeoutMs: 1_500 },
    sinkDelayMs: 2,
    timeoutMs: 120_000,
  })
  const delivered = [...run.received.keys()]
  const lost = [...run.acked].filter((seq) => !run.received.has(seq)).length
  const duplicates = [...run.received.values()].reduce((sum, n) => sum + n - 1, 0)
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
  console.log(`exchange crash safety: 10,000 messages, ${CLIENTS} clients, SIGKILL after 4,000 acks, restart on the same SQLite file`)
  console.log(`  acked ${run.acked.size}, unanswered at the kill ${run.unanswered.size}, delivered ${delivered.length}, lost ${lost} (must be 0)`)
  console.log(`  duplicates ${duplicates} (deliveries held at the kill: ${run.heldAtKill.size}, bound ${slots} slots)`)
  console.log(`  down ${seconds(run.downMs)} (kill to listening again); after restart: held deliveries sent again in ${seconds(run.retakenMs)} (lease ${leaseMs / 1000} s), every message acked before the kill delivered in ${seconds(run.recoveryMs)}`)
  console.log(`  whole run: ${(run.totalMs / 1000).toFixed(1)} s, ${(10_000 / (run.totalMs / 1000)).toFixed(0)} msg/s end to end`)
  if (lost > 0) process.exitCode = 1
}

main().catch((err: unknown) => {
  console.error(err)
  process.exitCode = 1
})
