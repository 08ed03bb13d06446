/**
 * Alarms (issue 15): how soon an operator hears of a failure, and what an alert storm costs.
 * A hub on SQLite with the runtime's default settings (pollMs 500, perConsumer 4, maxInFlight
 * 64), its delivery worker (which also evaluates alarms and sends the notices), consumers'
 * targets and a generic HTTP alarm webhook (signed) on loopback. Figures only; nothing asserted.
 *
 * - latency: ~50 consumers on topics of their own, each failing (503) once and once more after
 *   its retry interval, then dead, which opens a consumer_dead incident whose alarm goes to the
 *   webhook. Per consumer: from the target's answer to the dead delivery's try (and to its first
 *   try) to the webhook receiving the alarm; p50, p99 and max, beside the retry interval.
 * - storm: one consumer's 10,000 deliveries all fail while three other consumers deliver their
 *   3 × 2,000 messages (every message in the store before the worker starts, so the figure is
 *   delivery, not push, throughput). Counts the alarms and reminders the webhook received (both
 *   consumer rules on, their reminder interval at its minimum, 1 minute), and compares the other
 *   consumers' delivery rate with the same run in which the storm consumer's target answers 200.
 *
 *   node --import tsx bench/alarms.bench.ts     (BENCH_PARTS=latency,storm: a subset; BENCH_LATENCY_CONSUMERS=N, BENCH_STORM=N)
 */
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { alarmRuleUpdate } from '../src/shared/contract/alarms/incidents'
import { webhookSave } from '../src/shared/contract/alarms/webhooks'
import * as consumer from '../src/shared/contract/datahub/consumer'
import * as producer from '../src/shared/contract/datahub/producer'
import { producerServerApi } from '../src/shared/contract/datahub/runtime'
import * as topic from '../src/shared/contract/datahub/topic'
import { login } from '../src/shared/contract/platform/session'
import { routePattern, type Endpoint } from '../src/shared/endpoint'
import { hubContext, serveHub } from '../src/hub/app'
import { alarmDb } from '../src/hub/alarms/tables'
import { bootstrapAdmin } from '../src/hub/auth/bootstrap'
import type { HubConfig } from '../src/hub/config'
import { createDeliveryWorker } from '../src/hub/runtime/queue/worker'
import { RUNTIME_DEFAULTS } from '../src/hub/runtime/settings'
import { openStore } from '../src/hub/store'

const PARTS = new Set((process.env.BENCH_PARTS ?? 'latency,storm').split(','))
const LATENCY_CONSUMERS = Number(process.env.BENCH_LATENCY_CONSUMERS ?? 50)
const STORM = Number(process.env.BENCH_STORM ?? 10_000)
const OTHERS = 3
const OTHER_MESSAGES = 2_000
/** The latency consumers' retries: one retry, 2 s after the first try (±20 % jitter). */
const RETRY_SECONDS = 2
const PASSWORD = 'Bench#Pass1'

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
async function until(done: () => boolean | Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  const end = performance.now() + timeoutMs
  while (!(await done())) {
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`)
    await sleep(5)
  }
}

interface Alarm {
  at: number
  kind: string
  rule: string
  objectId: string
}

/**
 * The peers on loopback: consumers' targets at /target/<name> (503 while `failing` holds the
 * name, else 200), with the time of each answer; the alarm webhook at /alarm.
 */
async function peers() {
  const failing = new Set<string>()
  const answered = new Map<string, number[]>()
  const delivered = new Map<string, number>()
  const alarms: Alarm[] = []
  const bodyOf = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    })
  const server = createServer((req, res) => {
    void bodyOf(req).then((body) => {
      const path = req.url ?? ''
      if (path === '/alarm') {
        const n = JSON.parse(body) as { kind: string; rule: string; objectId: string }
        alarms.push({ at: performance.now(), kind: n.kind, rule: n.rule, objectId: n.objectId })
        return void res.writeHead(200).end('ok')
      }
      const name = path.replace(/^\/target\//, '')
      if (failing.has(name)) {
        answered.set(name, [...(answered.get(name) ?? []), performance.now()])
        return void res.writeHead(503).end('down')
      }
      delivered.set(name, (delivered.get(name) ?? 0) + 1)
      res.writeHead(200).end('ok')
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    failing,
    answered,
    delivered,
    alarms,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  }
}
type Peers = Awaited<ReturnType<typeof peers>>

/** A hub on SQLite in a temp dir, the admin's calls, and its worker (not started). */
async function hub(p: Peers) {
  const dataDir = await mkdtemp(join(tmpdir(), 'dh-bench-alarms-'))
  const store = await openStore({ dataDir, databaseUrl: null })
  await bootstrapAdmin(store, { dataDir, adminPassword: PASSWORD, log: () => {} })
  // The webhook is on loopback: the hub calls it only with private addresses allowed.
  const config: HubConfig = { host: '127.0.0.1', port: 0, dataDir, databaseUrl: null, adminPassword: PASSWORD, sessionHours: 1, sqliteBinding: null, allowPrivateWsdl: true }
  // One context for the routes and the worker: the alarms hear the worker's tries on its bus.
  const context = hubContext({ store, config, log: () => {} })
  const app = await serveHub(context)
  const token = (await app.inject({ method: 'POST', url: routePattern(login), payload: { username: 'admin', password: PASSWORD } })).json<{ data: { token: string } }>().data.token
  const send = async <T>(e: Endpoint, payload: unknown, auth = true): Promise<T> => {
    const answer = (await app.inject({ method: 'POST', url: routePattern(e), payload: payload as object, headers: auth ? { authorization: `Bearer ${token}` } : {} })).json<{ code: string; message: string; data: T }>()
    if (answer.code !== '2000') throw new Error(`${e.id}: ${answer.message}`)
    return answer.data
  }
  await send(webhookSave, { code: 'bench_hook', name: 'Bench webhook', kind: 'http', url: `${p.url}/alarm`, secret: 'bench-secret-1', status: '1' })
  const alarm = JSON.stringify({ objData: [{ type: 'http', status: '1', value: '5', receiver: 'bench_hook' }] })
  /** A topic with a running serverApi producer and running http consumers named `names`. */
  const flow = async (code: string, names: readonly string[], retry: { retriable: string; retryNum: string; retryTimeInterval: string }) => {
    await send(topic.topicCreate, { code, name: code, dataFormat: 'json' })
    const pr = await send<{ id: string }>(producer.producerCreate, { topicCode: code, appCode: 'crm', productionMode: 'serverApi', apiRequestInfoModel: { apiAddr: '/producer/serverApi' } })
    await send(producer.producerDisableOrEnable, { id: pr.id })
    const ids: string[] = []
    for (const name of names) {
      const c = await send<{ id: string }>(consumer.consumerCreate, {
        topicCode: code, applicationCode: 'erp', applicationName: name, dataConsumeType: 'http', alarmStatus: '1', alarm, ...retry,
        httpRequestInfoModel: { requestUri: `${p.url}/target/${name}`, requestMethod: 'POST', authenStatus: '0' },
      })
      await send(consumer.consumerStatus, { id: c.id })
      ids.push(c.id)
    }
    return ids
  }
  const push = (topicCode: string, data: unknown) => send(producerServerApi, { topicCode, data }, false)
  const worker = createDeliveryWorker({ store, events: context.events, outbox: context.outbox, config, log: (l) => console.error(l) })
  const db = alarmDb(store.db)
  return {
    send,
    flow,
    push,
    worker,
    db,
    /** The alarm pipeline is idle: no event left to evaluate, no notice left to send. */
    settled: async () =>
      !(await db.selectFrom('dh_alarm_events').select('id').limit(1).executeTakeFirst()) &&
      !(await db.selectFrom('dh_callbacks').select('id').where('status', 'in', ['pending', 'scheduled']).where('incident_id', 'is not', null).limit(1).executeTakeFirst()),
    close: async () => {
      await worker.stop()
      await app.close()
      await store.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** Pushes `count` messages (16 at a time). */
async function pushMany(h: Awaited<ReturnType<typeof hub>>, topicCode: string, count: number): Promise<void> {
  let next = 0
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < count) {
        const i = next++
        await h.push(topicCode, { n: i, pad: 'x'.repeat(200) })
      }
    }),
  )
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`

async function latency(): Promise<void> {
  const p = await peers()
  const h = await hub(p)
  try {
    const names = Array.from({ length: LATENCY_CONSUMERS }, (_, i) => `lat${String(i).padStart(2, '0')}`)
    const byId = new Map<string, string>()
    for (const name of names) {
      p.failing.add(name)
      const [id] = await h.flow(`bench.lat.${name}`, [name], { retriable: '1', retryNum: '1', retryTimeInterval: String(RETRY_SECONDS) })
      byId.set(id!, name)
    }
    h.worker.start()
    // The failures spread over ~5 s, as they would come, not all in one worker pass.
    for (const name of names) {
      await h.push(`bench.lat.${name}`, { order: name })
      await sleep(100)
    }
    await until(() => new Set(p.alarms.filter((a) => a.kind === 'alarm').map((a) => a.objectId)).size >= names.length, 'every alarm', 120_000)
    const fromDead: number[] = []
    const fromFirst: number[] = []
    for (const a of p.alarms.filter((x) => x.kind === 'alarm')) {
      const tries = p.answered.get(byId.get(a.objectId) ?? '') ?? []
      if (tries.length === 0) continue
      fromDead.push(a.at - tries[tries.length - 1]!)
      fromFirst.push(a.at - tries[0]!)
    }
    fromDead.sort((x, y) => x - y)
    fromFirst.sort((x, y) => x - y)
    const row = (label: string, l: number[]) =>
      console.log(`  ${label.padEnd(46)} p50 ${seconds(percentile(l, 50)).padStart(8)}  p99 ${seconds(percentile(l, 99)).padStart(8)}  max ${seconds(l[l.length - 1]!).padStart(8)}`)
    console.log(`alarm latency: ${fromDead.length} consumer_dead incidents on distinct consumers (a consumer of its own topic each), alarm by a signed HTTP webhook`)
    console.log(`  delivery retry interval ${RETRY_SECONDS} s (±20 %), 1 retry; worker poll ${RUNTIME_DEFAULTS.pollMs} ms`)
    row('dead try answered → webhook received the alarm', fromDead)
    row('first failing try → webhook received the alarm', fromFirst)
    console.log(`  p99 from the dead try = ${(percentile(fromDead, 99) / (RETRY_SECONDS * 1000)).toFixed(2)}× the retry interval, ${(percentile(fromDead, 99) / RUNTIME_DEFAULTS.pollMs).toFixed(1)}× the worker poll`)
  } finally {
    await h.close()
    await p.close()
  }
}

interface StormRun {
  /** The other consumers' deliveries per second, from the worker's start to their last delivery. */
  othersRate: number
  othersMs: number
  /** From the worker's start to the storm consumer's last delivery ended. */
  stormMs: number
  alarms: Alarm[]
  incidents: { rule: string; count: number }[]
}

/** One run: the storm consumer's target fails (`failing`) or answers 200, the others always 200. */
async function stormRun(failing: boolean): Promise<StormRun> {
  const p = await peers()
  const h = await hub(p)
  try {
    for (const rule of ['consumer_dead', 'consumer_failures'] as const) {
      await h.send(alarmRuleUpdate, { rule, enabled: '1', threshold: rule === 'consumer_dead' ? 1 : 3, reminderMinutes: 1 })
    }
    if (failing) p.failing.add('storm')
    // retriable 0: each failed try ends its delivery dead at once.
    const noRetry = { retriable: '0', retryNum: '0', retryTimeInterval: '1' }
    const [stormId] = await h.flow('bench.storm', ['storm'], noRetry)
    const others = Array.from({ length: OTHERS }, (_, i) => `other${i}`)
    await h.flow('bench.others', others, noRetry)
    await pushMany(h, 'bench.storm', STORM)
    await pushMany(h, 'bench.others', OTHER_MESSAGES)
    const othersDone = () => others.every((n) => (p.delivered.get(n) ?? 0) >= OTHER_MESSAGES)
    const stormEnded = async () =>
      !(await h.db.selectFrom('dh_deliveries').select('id').where('consumer_id', '=', stormId!).where('status', 'in', ['pending', 'delivering', 'failed']).limit(1).executeTakeFirst())
    const started = performance.now()
    h.worker.start()
    let othersMs = 0
    let stormMs = 0
    await until(
      async () => {
        if (!othersMs && othersDone()) othersMs = performance.now() - started
        if (!stormMs && (await stormEnded())) stormMs = performance.now() - started
        return othersMs > 0 && stormMs > 0
      },
      'the deliveries',
      600_000,
    )
    await until(() => h.settled(), 'the alarm pipeline to settle', 120_000)
    const incidents = await h.db.selectFrom('dh_incidents').select(['rule', 'count']).where('object_id', '=', stormId!).execute()
    return { othersRate: (OTHERS * OTHER_MESSAGES) / (othersMs / 1000), othersMs, stormMs, alarms: [...p.alarms], incidents }
  } finally {
    await h.close()
    await p.close()
  }
}

async function storm(): Promise<void> {
  const baseline = await stormRun(false)
  const run = await stormRun(true)
  const count = (kind: string, rule: string) => run.alarms.filter((a) => a.kind === kind && a.rule === rule).length
  console.log(`alarm storm: ${STORM} deliveries of one consumer, all failing (503, no retries), beside ${OTHERS} consumers delivering ${OTHERS} × ${OTHER_MESSAGES}; reminder interval 1 min`)
  console.log(`  storm consumer's deliveries ended in ${seconds(run.stormMs)} (${(STORM / (run.stormMs / 1000)).toFixed(0)} failures/s)`)
  for (const rule of ['consumer_dead', 'consumer_failures']) {
    const incident = run.incidents.filter((i) => i.rule === rule)
    console.log(`  ${rule.padEnd(18)} incidents ${incident.length}, counted ${incident.map((i) => i.count).join(', ') || 0}; webhook got alarms ${count('alarm', rule)}, reminders ${count('reminder', rule)}, recoveries ${count('recovery', rule)}`)
  }
  console.log(`  other consumers, without the failures (storm target answers 200): ${baseline.othersRate.toFixed(0).padStart(5)} deliveries/s (${seconds(baseline.othersMs)})`)
  console.log(`  other consumers, during the storm:                               ${run.othersRate.toFixed(0).padStart(5)} deliveries/s (${seconds(run.othersMs)})`)
  console.log(`  ratio storm / without: ${(run.othersRate / baseline.othersRate).toFixed(3)} (the storm consumer's own run took ${seconds(baseline.stormMs)} without failures)`)
}

// package.json has no "type": "module", so tsx runs this as CommonJS: no top-level await.
async function main(): Promise<void> {
  if (PARTS.has('latency')) await latency()
  if (PARTS.has('storm')) await storm()
}

main().catch((err: unknown) => {
  console.error(err)
  process.exitCode = 1
})
