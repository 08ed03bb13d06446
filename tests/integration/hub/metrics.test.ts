import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as consumer from '../../../src/shared/contract/datahub/consumer'
import * as producer from '../../../src/shared/contract/datahub/producer'
import { producerServerApi } from '../../../src/shared/contract/datahub/runtime'
import { producerRunNow } from '../../../src/shared/contract/datahub/schedule'
import * as topic from '../../../src/shared/contract/datahub/topic'
import { login } from '../../../src/shared/contract/platform/session'
import { routePattern, type Endpoint } from '../../../src/shared/endpoint'
import type { HubConfig } from '../../../src/hub/config'
import { startHub, type RunningHub } from '../../../src/hub/server'
import { ADMIN_PASSWORD, testConfig } from '../../support/hub'
import { createSqliteLocation, describeEachStore, storeTargets, type StoreLocation } from '../../support/stores'
import { freshCode } from '../datahub/support'
import { httpModel } from '../runtime/fetch/support'
import { httpConsumer, startSink, type Sink } from '../runtime/support'
import { EVERY_MINUTE } from '../schedule/support'

/**
 * GET /metrics on a listening hub (startHub, real HTTP), as Prometheus scrapes it: what the
 * exchange did shows in the store's gauges and the runtime's histograms and counters, the text
 * is the Prometheus exposition format, the route exists only with HUB_METRICS on, and beyond
 * loopback it answers only to the metrics token.
 */
const targets = await storeTargets()

interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*'
const LABEL = '[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\[\\\\"n])*"'
// NaN in any case: prom-client writes 'Nan' (the event-loop lag before its first sample), and
// Prometheus reads values with Go's strconv.ParseFloat, which takes any case.
const VALUE = '(?:[+-]?(?:\\d+\\.?\\d*(?:[eE][+-]?\\d+)?|\\.\\d+(?:[eE][+-]?\\d+)?)|[+-]?Inf|[Nn][Aa][Nn])'
const SAMPLE = new RegExp(`^(${NAME})(?:\\{((?:${LABEL})(?:,${LABEL})*,?)?\\})? (${VALUE})(?: -?\\d+)?$`)
const HELP = new RegExp(`^# HELP (${NAME}) .*$`)
const TYPE = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`)

/**
 * Reads the Prometheus text format strictly (version 0.0.4): every line a HELP, a TYPE or a
 * sample; each sample of a family whose TYPE came before it (a histogram's _bucket, _sum and
 * _count included); a histogram's buckets ending in le="+Inf" equal to its _count. Throws on
 * anything else.
 */
function parseExposition(text: string): Sample[] {
  expect(text.endsWith('\n'), 'the text ends with a line feed').toBe(true)
  const types = new Map<string, string>()
  const samples: Sample[] = []
  for (const line of text.slice(0, -1).split('\n')) {
    if (line === '') continue
    const type = TYPE.exec(line)
    if (type) {
      expect(types.has(type[1]!), `one TYPE for ${type[1]}`).toBe(false)
      types.set(type[1]!, type[2]!)
      continue
    }
    if (HELP.test(line)) continue
    const sample = SAMPLE.exec(line)
    if (!sample) throw new Error(`not a line of the Prometheus text format: ${line}`)
    const name = sample[1]!
    const family = types.has(name) ? name : name.replace(/_(bucket|sum|count)$/, '')
    expect(types.get(family), `a TYPE before ${name}`).toBeDefined()
    if (family !== name) expect(types.get(family)).toMatch(/^(histogram|summary)$/)
    const labels = Object.fromEntries([...(sample[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!.replace(/\\n/g, '\n').replace(/\\(["\\])/g, '$1')]))
    const raw = sample[3]!
    samples.push({ name, labels, value: raw.endsWith('Inf') ? (raw.startsWith('-') ? -Infinity : Infinity) : Number(raw) })
  }
  for (const [family, type] of types) {
    if (type !== 'histogram') continue
    for (const count of samples.filter((s) => s.name === `${family}_count`)) {
      const inf = samples.find((s) => s.name === `${family}_bucket` && s.labels.le === '+Inf' && Object.entries(count.labels).every(([k, v]) => s.labels[k] === v))
      expect(inf?.value, `${family}'s +Inf bucket equals its count`).toBe(count.value)
    }
  }
  return samples
}

/** The sum of the samples named `name` whose labels include `labels` (0 when there is none). */
const total = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)).reduce((sum, s) => sum + s.value, 0)
const series = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))

const loopback = (hub: RunningHub) => `http://127.0.0.1:${hub.port}`

async function scrape(hub: RunningHub, headers: Record<string, string> = {}) {
  const response = await fetch(`${loopback(hub)}/metrics`, { headers: { 'accept-language': 'en', ...headers } })
  return { status: response.status, headers: response.headers, text: await response.text() }
}

/** Scrapes until `ready` holds for what it reads (the store's figures are read at most every 2 s), or 20 s have passed. */
async function scrapeUntil(hub: RunningHub, ready: (samples: Sample[]) => boolean): Promise<Sample[]> {
  const until = Date.now() + 20_000
  for (;;) {
    const answer = await scrape(hub)
    expect(answer.status).toBe(200)
    const samples = parseExposition(answer.text)
    if (ready(samples) || Date.now() > until) return samples
    await new Promise((r) => setTimeout(r, 200))
  }
}

/** The admin of a listening hub, calling it over HTTP as the console's proxy does. */
async function adminOf(hub: RunningHub) {
  const post = async <T>(endpoint: Endpoint, body: unknown, token: string | null): Promise<{ code: string; message: string; data: T }> => {
    const response = await fetch(`${loopback(hub)}${routePattern(endpoint)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    })
    return (await response.json()) as { code: string; message: string; data: T }
  }
  const signedIn = await post<{ token: string }>(login, { username: 'admin', password: ADMIN_PASSWORD }, null)
  const ok = async <T>(endpoint: Endpoint, body: unknown, token: string | null = signedIn.data.token): Promise<T> => {
    const answer = await post<T>(endpoint, body, token)
    expect(answer.code, `${endpoint.id}: ${answer.message}`).toBe('2000')
    return answer.data
  }
  return { ok }
}

const metricsConfig = (location: StoreLocation, overrides: Partial<HubConfig> = {}): HubConfig => ({
  ...testConfig(location),
  metrics: true,
  runtime: { pollMs: 20 },
  ...overrides,
})

describeEachStore(targets, 'GET /metrics: a scrape shows what the exchange did', (target) => {
  let location: StoreLocation
  let hub: RunningHub
  let sink: Sink
  let admin: Awaited<ReturnType<typeof adminOf>>

  beforeAll(async () => {
    location = await target.create()
    sink = await startSink()
    sink.on('/down', 500)
    hub = await startHub(metricsConfig(location), { log: () => {} })
    admin = await adminOf(hub)
  })
  afterAll(async () => {
    await hub?.close()
    await sink?.close()
    await location?.cleanup()
  })

  it('counts pushed messages by topic, consumer and state, the backlog and its age, and the delivery latency', async () => {
    const before = parseExposition((await scrape(hub)).text)
    const latencyBefore = total(before, 'datahub_delivery_latency_seconds_count', { type: 'http', outcome: 'delivered' })
    const queriesBefore = total(before, 'datahub_store_query_seconds_count')

    const t = await admin.ok<{ code: string }>(topic.topicCreate, { code: freshCode(), name: 'Metrics topic' })
    const p = await admin.ok<{ id: string }>(producer.producerCreate, { topicCode: t.code, appCode: 'crm', productionMode: 'serverApi', apiRequestInfoModel: { apiAddr: '/producer/serverApi' } })
    await admin.ok(producer.producerDisableOrEnable, { id: p.id })
    const up = await admin.ok<{ id: string }>(consumer.consumerCreate, { topicCode: t.code, applicationCode: 'erp', ...httpConsumer(`${sink.url}/ok`) })
    await admin.ok(consumer.consumerStatus, { id: up.id })
    // Its receiver answers 500 and the next try is a day away: its deliveries wait.
    const down = await admin.ok<{ id: string }>(consumer.consumerCreate, { topicCode: t.code, applicationCode: 'wms', ...httpConsumer(`${sink.url}/down`, { retriable: '1', retryNum: '5', retryTimeInterval: '86400' }) })
    await admin.ok(consumer.consumerStatus, { id: down.id })
    for (let i = 0; i < 3; i++) await admin.ok(producerServerApi, { topicCode: t.code, data: { order: i } }, null)

    const after = await scrapeUntil(
      hub,
      (s) => total(s, 'datahub_messages', { consumer: up.id, state: 'delivered' }) === 3 && total(s, 'datahub_consumer_backlog', { consumer: down.id }) === 3 && total(s, 'datahub_delivery_try_seconds_count', { type: 'http', outcome: 'retry' }) >= 3,
    )
    expect(series(after, 'datahub_messages_received', { topic: t.code }).map((s) => s.value)).toEqual([3])
    expect(series(after, 'datahub_messages', { topic: t.code, consumer: up.id }).map((s) => [s.labels.application, s.labels.state, s.value])).toEqual([['erp', 'delivered', 3]])
    expect(total(after, 'datahub_messages', { topic: t.code, consumer: down.id, application: 'wms', state: 'pending' })).toBe(3)
    expect(total(after, 'datahub_consumer_backlog', { topic: t.code, consumer: up.id })).toBe(0)
    expect(total(after, 'datahub_consumer_backlog', { topic: t.code, consumer: down.id })).toBe(3)
    expect(series(after, 'datahub_consumer_oldest_age_seconds', { consumer: down.id })).toHaveLength(1)
    expect(total(after, 'datahub_consumer_oldest_age_seconds', { consumer: down.id })).toBeGreaterThanOrEqual(0)
    expect(series(after, 'datahub_consumer_oldest_age_seconds', { consumer: up.id })).toEqual([])
    expect(total(after, 'datahub_delivery_latency_seconds_count', { type: 'http', outcome: 'delivered' }) - latencyBefore).toBe(3)
    expect(total(after, 'datahub_store_query_seconds_count')).toBeGreaterThan(queriesBefore)
    expect(total(after, 'datahub_store_up')).toBe(1)
    expect(series(after, 'datahub_hub_info').map((s) => s.labels.store)).toEqual([target.name])
    expect(series(after, 'datahub_worker_pool_size').map((s) => s.labels.pool)).toEqual(expect.arrayContaining(['scripts', 'workbooks']))
    expect(series(after, 'process_cpu_user_seconds_total')).toHaveLength(1)
    expect(series(after, 'nodejs_heap_size_used_bytes')).toHaveLength(1)
  })

  it('counts scheduled runs by production mode and state', async () => {
    sink.on('/source', () => ({ body: JSON.stringify({ n: 1 }) }))
    const t = await admin.ok<{ code: string }>(topic.topicCreate, { code: freshCode(), name: 'Scheduled topic', dataFormat: 'json' })
    const p = await admin.ok<{ id: string }>(producer.producerCreate, { topicCode: t.code, appCode: 'crm', productionMode: 'http', ...EVERY_MINUTE, ...httpModel(`${sink.url}/source`) })
    await admin.ok(producer.producerDisableOrEnable, { id: p.id })
    const before = total(parseExposition((await scrape(hub)).text), 'datahub_scheduled_runs_total', { mode: 'http', state: 'succeeded' })
    await admin.ok(producerRunNow, { id: p.id })
    const after = await scrapeUntil(hub, (s) => total(s, 'datahub_scheduled_runs_total', { mode: 'http', state: 'succeeded' }) > before)
    expect(total(after, 'datahub_scheduled_runs_total', { mode: 'http', state: 'succeeded' })).toBeGreaterThan(before)
  })
})

describe('GET /metrics: off unless HUB_METRICS, and beyond loopback only with the token', () => {
  const TOKEN = 'scrape-token-0123456789abcdef'
  let location: StoreLocation
  let offLocation: StoreLocation
  let off: RunningHub
  let open: RunningHub

  beforeAll(async () => {
    location = await createSqliteLocation()
    offLocation = await createSqliteLocation()
    off = await startHub({ ...testConfig(offLocation), worker: false }, { log: () => {} })
    open = await startHub({ ...metricsConfig(location), host: '0.0.0.0', metricsToken: TOKEN, worker: false }, { log: () => {} })
  })
  afterAll(async () => {
    await open?.close()
    await off?.close()
    await location?.cleanup()
    await offLocation?.cleanup()
  })

  it('answers 404 with the envelope of an unknown call when HUB_METRICS is not set', async () => {
    const answer = await scrape(off)
    expect(answer.status).toBe(404)
    expect(JSON.parse(answer.text)).toEqual({ code: '4040', message: 'No such call', data: null })
  })

  it('refuses a scrape without the token, or with another, with 401 and the envelope', async () => {
    for (const headers of [{} as Record<string, string>, { authorization: `Bearer ${TOKEN}x` }, { authorization: TOKEN }, { authorization: `Basic ${TOKEN}` }]) {
      const answer = await scrape(open, headers)
      expect(answer.status).toBe(401)
      expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="datahub-metrics"')
      expect(JSON.parse(answer.text)).toEqual({ code: '4030', message: 'A valid metrics token is required (Authorization: Bearer <token>)', data: null })
      expect(answer.text).not.toContain('datahub_')
    }
    const zh = await fetch(`${loopback(open)}/metrics`, { headers: { 'accept-language': 'zh-CN' } })
    expect(((await zh.json()) as { message: string }).message).toBe('需要有效的监控令牌（Authorization: Bearer <令牌>）')
  })

  it('answers the Prometheus text to the token', async () => {
    const answer = await scrape(open, { authorization: `Bearer ${TOKEN}` })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8')
    const samples = parseExposition(answer.text)
    expect(total(samples, 'datahub_store_up')).toBe(1)
    expect(series(samples, 'process_resident_memory_bytes')).toHaveLength(1)
  })

  it('does not start beyond loopback with metrics on and no token', async () => {
    await expect(startHub({ ...metricsConfig(location), host: '0.0.0.0', worker: false }, { log: () => {} })).rejects.toThrow(/beyond loopback: set HUB_METRICS_TOKEN/)
  })
})
