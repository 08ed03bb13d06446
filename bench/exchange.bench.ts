/**
 * Exchange runtime throughput (exchange runtime issue, issue 13): messages per second of 1 KB
 * JSON bodies pushed over HTTP, kept, and delivered over HTTP to a receiver on loopback, with
 * the ack latency (from sending a push to its '2000' answer) at p50 and p99. Rows, measured in
 * one run so that their ratios mean something on a busy machine:
 * - a plain Fastify relay that forwards each body before answering (nothing stored, nothing durable);
 * - an HTTP → RabbitMQ → HTTP relay: a durable queue, persistent messages, answered after the
 *   publisher confirm; a consumer posts each message on and acks it after the receiver's answer;
 * - the hub on SQLite (POST /producer/serverApi: checks, store, one delivery row, delivered by
 *   the worker); and again with a 1 KB body whose every number only lossless-json keeps (64-bit
 *   ids, long amounts: issue 32), printed as a ratio to the plain row (with both rows asked for,
 *   each runs twice, plain–lossless–lossless–plain, and prints the mean of its two);
 * - the hub on PostgreSQL (a database of its own, dropped after), on one node, and on two hub
 *   nodes over the same database with the clients split between them, each with its worker.
 *
 * Then crash safety: the same stream of 10,000 small messages into a hub run as `npm run hub`,
 * killed with SIGKILL after 4,000 acknowledgements and started again on its data dir
 * (tests/support/crashScenario.ts). Prints acknowledged, delivered, lost (must be 0),
 * duplicates (at most the deliveries in flight at the kill) and, after the restart, how soon the
 * deliveries the dead hub held were sent again and the backlog of acknowledged messages drained.
 *
 * Each row first sends WARMUP messages the same way, not counted (the first pushes into a fresh
 * process pay for compiling its code, opening its pool's connections and preparing statements,
 * which a running relay or hub paid long ago), then MESSAGES counted ones. BENCH_TAIL=1 also
 * prints when the slowest acks were sent (their push's number and latency): a stall shows as a
 * run of consecutive numbers, all clients waiting at once.
 *
 *   node --import tsx bench/exchange.bench.ts
 *     BENCH_MESSAGES=N (default 4,000), BENCH_WARMUP=N (default 200), BENCH_CLIENTS=N, BENCH_CRASH=0 (skip crash safety), BENCH_ROWS=relay,rabbit,sqlite,exact,pg,pg2 (a subset)
 *     DH_BENCH_PG_URL / DH_BENCH_AMQP_URL (default: the build machine's servers)
 */
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import amqp from 'amqplib'
import Fastify from 'fastify'
import pg from 'pg'
import * as consumer from '../src/shared/contract/datahub/consumer'
import * as producer from '../src/shared/contract/datahub/producer'
import { producerServerApi } from '../src/shared/contract/datahub/runtime'
import * as topic from '../src/shared/contract/datahub/topic'
import { login } from '../src/shared/contract/platform/session'
import { routePattern, type Endpoint } from '../src/shared/endpoint'
import { hubContext, serveHub } from '../src/hub/app'
import { bootstrapAdmin } from '../src/hub/auth/bootstrap'
import { createDeliveryWorker } from '../src/hub/runtime/queue/worker'
import { openStore } from '../src/hub/store'
import { runCrashScenario } from '../tests/support/crashScenario'

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 4000)
const WARMUP = Number(process.env.BENCH_WARMUP ?? 200)
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16)
const ROWS = new Set((process.env.BENCH_ROWS ?? 'relay,rabbit,sqlite,exact,pg,pg2').split(','))
const PG_URL = process.env.DH_BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const AMQP_URL = process.env.DH_BENCH_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672'
const PASSWORD = 'Bench#Pass1'
const BODY = { order: 'x'.repeat(1000 - 13) }
/**
 * A 1 KB body whose every number JSON.parse would change (64-bit ids, 30-digit amounts), as the
 * JSON text an application sends: the `exact` row pushes it, all of it through lossless-json
 * (issue 32), against the `sqlite` row's BODY on the native parser.
 */
const order = (i: number) => `{"id":${9007199254740993n + BigInt(i)},"amount":12345678901234567890.${String(123456789 + i)},"qty":${i % 7},"sku":"SKU-${i}"}`
const EXACT_DATA = `[${Array.from({ length: 11 }, (_, i) => order(i)).join(',')}]`

interface Row {
  name: string
  rate: number
  /** Ack latencies in ms, sorted. */
  acks: number[]
  /** CPU time of this process (the load, the relay or hub, the receiver) per message, in ms: steadier than rates on a busy machine. */
  cpuMs: number
  /** The slowest 1% of acks, by push number. */
  tail: string
}

async function receiver(): Promise<{ url: string; count: () => number; reset: () => void; close: () => Promise<void> }> {
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
    reset: () => (n = 0),
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  }
}

/** A load's ack latencies (ms, sorted) and its slowest 1%, as `push number: ms` (BENCH_TAIL=1 prints it under its row). */
interface Acks {
  sorted: number[]
  tail: string
}

/**
 * CLIENTS callers in parallel, `count` posts in all (MESSAGES unless told), client k posting to
 * urls[k % urls.length]; resolves when every answer came back, with each push's ack latency (ms).
 */
async function load(urls: readonly string[], body: (i: number) => unknown, count = MESSAGES): Promise<Acks> {
  let next = 0
  /** Each push's number and its ack latency. */
  const sentAs: [number, number][] = []
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, k) => {
      const url = urls[k % urls.length]!
      while (next < count) {
        const i = next++
        const sent = performance.now()
        const data = body(i)
        const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof data === 'string' ? data : JSON.stringify(data) })
        const text = await response.text()
        if (!response.ok || !text.includes('"code":"2000"')) throw new Error(`push ${i} refused: ${text.slice(0, 200)}`)
        sentAs.push([i, performance.now() - sent])
      }
    }),
  )
  const slowestFirst = sentAs.sort((a, b) => b[1] - a[1])
  const tail = slowestFirst.slice(0, Math.ceil(count / 100)).map(([i, ms]) => `${i}: ${ms.toFixed(0)}`).join(', ')
  return { sorted: slowestFirst.map(([, ms]) => ms).reverse(), tail }
}

/** WARMUP pushes through the row's path, delivered, then the sink's count starts again. */
async function warmUp(urls: readonly string[], body: (i: number) => unknown, sink: { count: () => number; reset: () => void }): Promise<void> {
  if (WARMUP <= 0) return
  await load(urls, body, WARMUP)
  await until(() => sink.count() >= WARMUP)
  sink.reset()
}

async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((r) => setTimeout(r, 2))
}

/** The sink's count once every message arrived, as a rate from `started`. */
async function measured(name: string, started: Started, acks: Acks, sink: { count: () => number }): Promise<Row> {
  await until(() => sink.count() >= MESSAGES)
  const cpu = process.cpuUsage(started.cpu)
  return { name, rate: MESSAGES / ((performance.now() - started.at) / 1000), acks: acks.sorted, cpuMs: (cpu.user + cpu.system) / 1000 / MESSAGES, tail: acks.tail }
}

interface Started {
  at: number
  cpu: NodeJS.CpuUsage
}
const start = (): Started => ({ at: performance.now(), cpu: process.cpuUsage() })

/** A database of its own on the PostgreSQL server, dropped by `drop`. */
async function postgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `dh_bench_${randomBytes(6).toString('hex')}`
  const onServer = async (sql: string) => {
    const client = new pg.Client({ connectionString: PG_URL })
    await client.connect()
    try {
      await client.query(sql)
    } finally {
      await client.end()
    }
  }
  await onServer(`create database "${name}"`)
  const url = new URL(PG_URL)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => onServer(`drop database if exists "${name}" with (force)`) }
}

/** One hub node: its store (SQLite in dataDir, or the PostgreSQL database), HTTP and delivery worker. */
async function hubNode(dataDir: string, databaseUrl: string | null) {
  const store = await openStore({ dataDir, databaseUrl })
  await bootstrapAdmin(store, { dataDir, adminPassword: PASSWORD, log: () => {} })
  // Its sink is on loopback, which the hub calls only with the operator's switch on.
  const config = { host: '127.0.0.1', port: 0, dataDir, databaseUrl, adminPassword: PASSWORD, sessionHours: 1, sqliteBinding: null, allowPrivateWsdl: true }
  const context = hubContext({ store, config, log: () => {} })
  const app = await serveHub(context)
  await app.listen({ host: '127.0.0.1', port: 0 })
  const worker = createDeliveryWorker({ store, events: context.events, outbox: context.outbox, config, log: (l) => console.error(l) }, { pollMs: 5, perConsumer: 32, maxInFlight: 64 })
  return {
    app,
    worker,
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${routePattern(producerServerApi)}`,
    close: async () => {
      await worker.stop()
      await app.close()
      await store.close()
    },
  }
}

/** The hub on SQLite (databaseUrl null) or PostgreSQL, on `nodes` nodes over one store; `exact`: it pushes EXACT_DATA. */
async function hubRow(name: string, databaseUrl: string | null, nodes: number, exact = false): Promise<Row> {
  const sink = await receiver()
  const dataDir = await mkdtemp(join(tmpdir(), 'dh-bench-exchange-'))
  const hubs = []
  for (let n = 0; n < nodes; n++) hubs.push(await hubNode(dataDir, databaseUrl))
  const app = hubs[0]!.app
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
  for (const hub of hubs) hub.worker.start()
  const urls = hubs.map((h) => h.url)
  const push = () => (exact ? `{"topicCode":${JSON.stringify(t.code)},"data":${EXACT_DATA}}` : { topicCode: t.code, data: BODY })
  await warmUp(urls, push, sink)
  const started = start()
  const acks = await load(urls, push)
  const row = await measured(name, started, acks, sink)
  for (const hub of hubs) await hub.close()
  await sink.close()
  await rm(dataDir, { recursive: true, force: true })
  return row
}

async function postgresRow(name: string, nodes: number): Promise<Row> {
  const database = await postgresDatabase()
  try {
    return await hubRow(name, database.url, nodes)
  } finally {
    await database.drop()
  }
}

async function relayRow(): Promise<Row> {
  const sink = await receiver()
  const app = Fastify({ logger: false })
  app.post('/relay', async (request) => {
    const response = await fetch(`${sink.url}/in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request.body) })
    await response.text()
    return { code: '2000' }
  })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/relay`
  await warmUp([url], () => BODY, sink)
  const started = start()
  const acks = await load([url], () => BODY)
  const row = await measured('plain fastify relay (nothing stored)', started, acks, sink)
  await app.close()
  await sink.close()
  return row
}

/**
 * HTTP → RabbitMQ → HTTP: the push is answered once the broker confirmed the persistent message
 * on a durable queue (what an acknowledged message costs there); a consumer (prefetch 64, as
 * many as the hub's worker holds) posts each message to the receiver and acks it after the answer.
 */
async function rabbitRow(): Promise<Row> {
  const sink = await receiver()
  const queue = `dh-bench-${randomBytes(6).toString('hex')}`
  const connection = await amqp.connect(AMQP_URL)
  try {
    const publisher = await connection.createConfirmChannel()
    await publisher.assertQueue(queue, { durable: true })
    const consuming = await connection.createChannel()
    await consuming.prefetch(64)
    let acked = 0
    await consuming.consume(queue, (msg) => {
      if (!msg) return
      void fetch(`${sink.url}/in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: msg.content.toString() })
        .then((r) => r.text())
        .then(
          () => (consuming.ack(msg), acked++),
          () => consuming.nack(msg),
        )
    })
    const app = Fastify({ logger: false })
    app.post('/relay', async (request) => {
      await new Promise<void>((resolve, reject) =>
        publisher.sendToQueue(queue, Buffer.from(JSON.stringify(request.body)), { persistent: true, contentType: 'application/json' }, (err) => (err ? reject(err) : resolve())),
      )
      return { code: '2000' }
    })
    await app.listen({ host: '127.0.0.1', port: 0 })
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/relay`
    await warmUp([url], () => BODY, sink)
    await until(() => acked >= WARMUP)
    acked = 0
    const started = start()
    const acks = await load([url], () => BODY)
    const row = await measured('RabbitMQ relay (durable queue, persistent, confirms)', started, acks, sink)
    await app.close()
    // The receiver counts a message before its ack goes out: close only once every ack did.
    await until(() => acked >= MESSAGES)
    await consuming.close()
    await publisher.deleteQueue(queue)
    await publisher.close()
    await sink.close()
    return row
  } finally {
    await connection.close()
  }
}

const PLAIN_SQLITE = 'hub on SQLite'
const EXACT_SQLITE = 'hub on SQLite, 64-bit ids and long amounts'

/** Two runs of one row as one: mean rate and cpu, every ack. */
const meanOf = (runs: Row[]): Row => ({
  name: `${runs[0]!.name} (mean of ${runs.length})`,
  rate: runs.reduce((sum, r) => sum + r.rate, 0) / runs.length,
  acks: runs.flatMap((r) => r.acks).sort((a, b) => a - b),
  cpuMs: runs.reduce((sum, r) => sum + r.cpuMs, 0) / runs.length,
  tail: runs.map((r) => r.tail).join(' | '),
})

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN

// package.json has no "type": "module", so tsx runs this as CommonJS: no top-level await.
async function main(): Promise<void> {
  const rows: Row[] = []
  if (ROWS.has('relay')) rows.push(await relayRow())
  if (ROWS.has('rabbit')) rows.push(await rabbitRow())
  if (ROWS.has('sqlite') && ROWS.has('exact')) {
    // Plain, lossless, lossless, plain (ABBA): neither gains from running first or last in the process.
    const plainFirst = await hubRow(PLAIN_SQLITE, null, 1)
    const exact = [await hubRow(EXACT_SQLITE, null, 1, true), await hubRow(EXACT_SQLITE, null, 1, true)]
    rows.push(meanOf([plainFirst, await hubRow(PLAIN_SQLITE, null, 1)]), meanOf(exact))
  } else {
    if (ROWS.has('sqlite')) rows.push(await hubRow(PLAIN_SQLITE, null, 1))
    if (ROWS.has('exact')) rows.push(await hubRow(EXACT_SQLITE, null, 1, true))
  }
  if (ROWS.has('pg')) rows.push(await postgresRow('hub on PostgreSQL, 1 node', 1))
  if (ROWS.has('pg2')) rows.push(await postgresRow('hub on PostgreSQL, 2 nodes', 2))
  const rabbit = rows.find((r) => r.name.startsWith('RabbitMQ'))
  console.log(`exchange: ${MESSAGES} messages of 1 KB (after ${WARMUP} not counted), ${CLIENTS} clients, HTTP in → kept → HTTP out; ack = push sent to its '2000'`)
  for (const r of rows) {
    const vsRabbit = rabbit ? `  ${(r.rate / rabbit.rate).toFixed(2)}× RabbitMQ relay` : ''
    console.log(`  ${r.name.padEnd(54)} ${r.rate.toFixed(0).padStart(5)} msg/s  ack p50 ${percentile(r.acks, 50).toFixed(1).padStart(6)} ms  p99 ${percentile(r.acks, 99).toFixed(1).padStart(6)} ms  cpu ${r.cpuMs.toFixed(2)} ms/msg${vsRabbit}`)
    if (process.env.BENCH_TAIL === '1') console.log(`    slowest acks (push number: ms): ${r.tail}`)
  }
  // Issue 32: the lossless path (every number through lossless-json) against the native one, same hub, same process.
  const [native, exact] = [rows.find((r) => r.name.startsWith(PLAIN_SQLITE)), rows.find((r) => r.name.startsWith(EXACT_SQLITE))]
  if (native && exact) console.log(`  lossless numbers: ${(exact.rate / native.rate).toFixed(2)}× the native path's msg/s, ${(exact.cpuMs / native.cpuMs).toFixed(2)}× its cpu per message`)
  if (process.env.BENCH_CRASH !== '0') await crashFigures()
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
