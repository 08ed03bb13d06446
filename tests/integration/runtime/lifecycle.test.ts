import { afterAll, beforeAll, expect, it } from 'vitest'
import * as consumer from '../../../src/shared/contract/datahub/consumer'
import * as producer from '../../../src/shared/contract/datahub/producer'
import * as topic from '../../../src/shared/contract/datahub/topic'
import { routePattern, type Endpoint } from '../../../src/shared/endpoint'
import { producerServerApi } from '../../../src/shared/contract/datahub/runtime'
import { recordMessage } from '../../../src/hub/runtime/queue/messages'
import { runtimeDb } from '../../../src/hub/runtime/tables'
import { purgeRetention } from '../../../src/hub/retention'
import { claimFire } from '../../../src/hub/runtime/schedule/runs'
import { isoNow } from '../../../src/hub/store/ids'
import { startHub, type RunningHub } from '../../../src/hub/server'
import { eventually } from '../../support/eventually'
import { testConfig } from '../../support/hub'
import { describeEachStore, storeTargets, type StoreLocation } from '../../support/stores'
import { freshCode } from '../datahub/support'
import { startSink, type Sink } from './support'

const targets = await storeTargets()
const DAY = 24 * 60 * 60 * 1000

describeEachStore(targets, 'exchange runtime: a listening hub delivers, and retention purges', (target) => {
  let location: StoreLocation
  let hub: RunningHub
  let sink: Sink
  let token: string

  beforeAll(async () => {
    location = await target.create()
    sink = await startSink()
    hub = await startHub({ ...testConfig(location), runtime: { pollMs: 20 } }, { log: () => {} })
  })
  afterAll(async () => {
    await hub?.close()
    await sink?.close()
    await location?.cleanup()
  })

  /** Calls the listening hub over real HTTP, as the console's proxy and applications do. */
  async function post<T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<{ code: string; message: string; data: T }> {
    const response = await fetch(`${hub.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'zh-CN', ...headers }, body: JSON.stringify(body) })
    return (await response.json()) as { code: string; message: string; data: T }
  }
  const admin = () => ({ authorization: `Bearer ${token}` })
  const ok = async <T>(endpoint: Endpoint, body: unknown): Promise<T> => {
    const answer = await post<T>(routePattern(endpoint), body, admin())
    expect(answer.code, answer.message).toBe('2000')
    return answer.data
  }

  it('startHub runs the worker: a message pushed over HTTP reaches its consumer without anyone polling by hand', async () => {
    const login = await post<{ token: string }>('/api/inner/platform/login', { username: 'admin', password: testConfig(location).adminPassword })
    token = login.data.token
    const t = await ok<{ code: string }>(topic.topicCreate, { code: freshCode(), name: 'Live topic' })
    const p = await ok<{ id: string }>(producer.producerCreate, { topicCode: t.code, appCode: 'crm', productionMode: 'serverApi', apiRequestInfoModel: { apiAddr: '/producer/serverApi' } })
    await ok(producer.producerDisableOrEnable, { id: p.id })
    const c = await ok<{ id: string }>(consumer.consumerCreate, { topicCode: t.code, applicationCode: 'erp', dataConsumeType: 'http', httpRequestInfoModel: { requestUri: `${sink.url}/live`, requestMethod: 'POST', authenStatus: '0' } })
    await ok(consumer.consumerStatus, { id: c.id })
    const pushed = await post<{ messageId: string }>(routePattern(producerServerApi), { topicCode: t.code, data: { live: true } })
    expect(pushed.code).toBe('2000')
    const [received] = await eventually(() => sink.at('/live'), (r) => r.length > 0, 'the pushed message at its consumer')
    expect(JSON.parse(received!.body)).toEqual({ live: true })
  })

  it('purges payloads after logDataStoreDay and messages with their log after logStoreDay, never while a delivery is open', async () => {
    const store = hub.store
    const db = runtimeDb(store.db)
    const t = { id: 'topic-x', code: 'retention', logStoreDay: 2, logDataStoreDay: 1 }
    const payload = { text: '{"a":1}', format: 'json' as const }
    const now = Date.now()
    const halfGone = await recordMessage(store, { topic: t, producerId: 'p', payload, routingKeys: ['retention'], consumerIds: ['c1'] }, now - 1.5 * DAY)
    const allGone = await recordMessage(store, { topic: t, producerId: 'p', payload, routingKeys: ['retention'], consumerIds: ['c1'] }, now - 3 * DAY)
    const stillOwed = await recordMessage(store, { topic: t, producerId: 'p', payload, routingKeys: ['retention'], consumerIds: [] }, now - 3 * DAY)
    // The first two were delivered; the third is still owed: a retry due tomorrow (written
    // directly, so the hub's running worker never takes it during the test).
    await db.updateTable('dh_deliveries').set({ status: 'delivered' }).where('message_id', 'in', [halfGone, allGone]).execute()
    const at = new Date(now).toISOString()
    await db
      .insertInto('dh_deliveries')
      .values({ id: `${stillOwed}-d`, message_id: stillOwed, consumer_id: 'c1', status: 'pending', attempts: 1, next_attempt_at: new Date(now + DAY).toISOString(), lease_until: null, last_error: 'HTTP 500', created_at: at, started_at: null, finished_at: null, duration_ms: null })
      .execute()
    // The retention job's pass, now (the hub's jobs runner runs it every purgeEveryMs).
    await purgeRetention(store)
    const left = await db.selectFrom('dh_messages').select(['id', 'payload']).where('topic_code', '=', 'retention').execute()
    const byId = new Map(left.map((m) => [m.id, m.payload]))
    expect(byId.has(halfGone)).toBe(true)
    expect(byId.get(halfGone)).toBeNull()
    expect(byId.has(allGone)).toBe(false)
    expect(byId.get(stillOwed)).toBe('{"a":1}')
    expect(await db.selectFrom('dh_deliveries').select('id').where('message_id', '=', allGone).execute()).toEqual([])
  })

  it("purges a scheduled producer's ended runs past their retention, never one still running", async () => {
    const db = runtimeDb(hub.store.db)
    const now = Date.now()
    const claim = (producerId: string) => claimFire(db, { producerId, topicId: 'topic-x', plannedAt: isoNow(now - 3 * DAY), trigger: 'schedule', node: 'n', leaseUntil: isoNow(now + DAY), purgeAt: isoNow(now - DAY), now: now - 3 * DAY })
    const ended = (await claim('retention-ended'))!
    const running = (await claim('retention-running'))!
    await db.updateTable('dh_runs').set({ state: 'succeeded', lease_until: null }).where('id', '=', ended.id).execute()
    await purgeRetention(hub.store)
    const left = await db.selectFrom('dh_runs').select('id').where('id', 'in', [ended.id, running.id]).execute()
    expect(left.map((r) => r.id)).toEqual([running.id])
  })
})
