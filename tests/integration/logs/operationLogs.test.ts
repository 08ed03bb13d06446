import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import * as consumerApi from '../../../src/shared/contract/datahub/consumer'
import * as producerApi from '../../../src/shared/contract/datahub/producer'
import type { Producer } from '../../../src/shared/contract/datahub/producer'
import { producerRunNow } from '../../../src/shared/contract/datahub/schedule'
import { parameterQuery, parameterUpdate, type ParameterRow } from '../../../src/shared/contract/platform/config/parameters'
import { behaviourEventList, clientErrorLogList, sysLogList, type PushedEvent, type SysLogEntry } from '../../../src/shared/contract/platform/logs'
import { pushData } from '../../../src/shared/contract/platform/startup'
import type { Paged } from '../../../src/shared/contract/paging'
import { purgeRetention } from '../../../src/hub/retention'
import { logsDb } from '../../../src/hub/logs/tables'
import { isoNow } from '../../../src/hub/store/ids'
import { addUser, call, signIn } from '../../support/hub'
import { describeEachStore, storeTargets } from '../../support/stores'
import { openBench, type Bench } from '../datahub/support'
import { failing, runsOf, schedulerOn, testFetcher, until } from '../schedule/support'

const targets = await storeTargets()
const fetcher = testFetcher()
beforeAll(() => fetcher.install())
afterAll(() => fetcher.uninstall())
afterEach(() => {
  fetcher.calls.length = 0
})

describeEachStore(targets, 'system log, client error log and behaviour events', (target) => {
  let b: Bench
  let erin: string
  beforeAll(async () => {
    b = await openBench(target, { timeZone: 'UTC' })
    await addUser(b.hub.store, { username: 'erin', password: 'Right#2025x', roles: ['user'] })
    erin = await signIn(b.hub.app, 'erin', 'Right#2025x')
  })
  afterAll(async () => {
    await b?.close()
  })
  const setParameter = async (key: string, value: string) => {
    const p = (await b.ok<{ content: ParameterRow[] }>(parameterQuery, { parameterKey: key })).content.find((r) => r.parameterKey === key)!
    await b.ok(parameterUpdate, { ...p, parameterValue: value })
  }
  const sysLog = (input: object) => b.ok<Paged<SysLogEntry>>(sysLogList, input)

  it('lists a scheduled run that failed in the system log, with a reference code', async () => {
    const t = await b.topic({ dataFormat: 'json' })
    const created = await b.producer(t.code, { requestStrategy: '2', pollingInterval: '1', intervalUnit: '1', pollingStartTime: '2099-01-01T00:00' })
    const c = await b.consumer(t.code)
    await b.ok(consumerApi.consumerStatus, { id: c.id })
    const p = await b.ok<Producer>(producerApi.producerDisableOrEnable, { id: created.id })
    fetcher.script = failing('the source answered 503')
    const node = schedulerOn(b)
    node.start()
    await b.ok(producerRunNow, { id: p.id })
    await until(() => runsOf(b.hub.store, p.id), (rows) => rows[0]?.state === 'failed')
    await node.stop()
    const { content } = await until(() => sysLog({ source: 'schedule', keyword: t.code }), (page) => page.totalElements > 0)
    expect(content).toHaveLength(1)
    expect(content[0]).toMatchObject({ level: 'error', source: 'schedule' })
    expect(content[0]!.message).toContain('the source answered 503')
    expect(content[0]!.reference).toMatch(/^[0-9a-f]{8}$/)
    expect((await sysLog({ reference: content[0]!.reference })).content.map((e) => e.id)).toEqual([content[0]!.id])
  })

  it("keeps what the hub logs (a failure in the background) under the line's reference", async () => {
    // What the worker logs when a pass fails: a line through the hub's log.
    const hub = (await import('../../../src/hub/app')).hubContext({ store: b.hub.store, config: b.hub.config, log: (line) => b.hub.logs.push(line) })
    hub.log('[runtime] poll failed: connection reset')
    const page = await until(() => sysLog({ source: 'runtime' }), (p) => p.totalElements > 0)
    expect(page.totalElements).toBe(1)
    const line = b.hub.logs.at(-1)!
    expect(line).toBe(`[${page.content[0]!.reference}] [runtime] poll failed: connection reset`)
    expect(page.content[0]).toMatchObject({ level: 'error', message: 'poll failed: connection reset' })
  })

  it('ignores pushed client errors while error.log is 0 and keeps them, with their user, while it is 1', async () => {
    const events = (info: string) => [
      { type: 'pageview', info: '/datahub/topic', url: '/datahub/topic', time: '2025-01-01T10:00:00.000Z' },
      { type: 'error', info, err: 'TypeError: x is undefined\n    at TopicList', vm: 'TopicList', url: 'app://console/datahub/topic', time: '2025-01-01T10:00:01.000Z' },
    ]
    expect((await call(b.hub.app, pushData, events('while off'), { token: erin })).body.code).toBe('2000')
    expect((await b.ok<Paged<PushedEvent>>(clientErrorLogList, {})).totalElements).toBe(0)

    await setParameter('error.log', '1')
    expect((await call(b.hub.app, pushData, events('while on'), { token: erin })).body.code).toBe('2000')
    const errors = await b.ok<Paged<PushedEvent>>(clientErrorLogList, { user: 'erin' })
    expect(errors.content.map((e) => [e.type, e.info, e.vm, e.user, e.url, e.time])).toEqual([
      ['error', 'while on', 'TopicList', 'erin', 'app://console/datahub/topic', '2025-01-01T10:00:01.000Z'],
    ])
    expect(errors.content[0]!.err).toContain('TypeError')
    expect((await b.ok<Paged<PushedEvent>>(clientErrorLogList, { keyword: 'x is undefined' })).totalElements).toBe(1)
    expect((await b.ok<Paged<PushedEvent>>(clientErrorLogList, { user: 'admin' })).totalElements).toBe(0)
    await setParameter('error.log', '0')

    // Behaviour events were kept both times; the client errors are not among them.
    const views = await b.ok<Paged<PushedEvent>>(behaviourEventList, { user: 'erin', page: '/datahub/topic' })
    expect(views.content.map((e) => [e.type, e.user])).toEqual([['pageview', 'erin'], ['pageview', 'erin']])
    const today = new Date().toISOString().slice(0, 10)
    expect((await b.ok<Paged<PushedEvent>>(behaviourEventList, { user: 'erin', timeFrom: today, timeTo: today })).totalElements).toBe(2)
    expect((await b.ok<Paged<PushedEvent>>(behaviourEventList, { user: 'erin', timeTo: '2000-01-01' })).totalElements).toBe(0)
    // Only administrators read the logs.
    expect((await call(b.hub.app, behaviourEventList, {}, { token: erin })).body.code).toBe('4031')
  })

  it('the hub\'s retention pass purges each log after the days its retention parameter says', async () => {
    const db = logsDb(b.hub.store.db)
    const old = isoNow(Date.now() - 40 * 86_400_000)
    const ancient = isoNow(Date.now() - 400 * 86_400_000)
    await db.insertInto('system_log').values({ id: 'old-sys', at: old, level: 'error', source: 'test', reference: 'aaaaaaaa', message: 'old' }).execute()
    const base = { call_id: 'c', user_id: null, username: 'admin', address: '127.0.0.1', channel: 'api', action: 'test', outcome: 'success', code: '2000', object_type: 't', object_id: '', object_name: '', before: null, after: null }
    await db.insertInto('audit_log').values([{ ...base, id: 'old-audit', at: old }, { ...base, id: 'ancient-audit', at: ancient }]).execute()
    await purgeRetention(b.hub.store)
    const ids = async (table: 'system_log' | 'audit_log') => (await db.selectFrom(table).select('id').where('id', 'in', ['old-sys', 'old-audit', 'ancient-audit']).execute()).map((r) => r.id).sort()
    // Defaults: 30 days of system logs, 365 of audit.
    expect(await ids('system_log')).toEqual([])
    expect(await ids('audit_log')).toEqual(['old-audit'])
    await setParameter('audit.keepDays', '7')
    await purgeRetention(b.hub.store)
    expect(await ids('audit_log')).toEqual([])
    expect((await sysLog({})).totalElements).toBeGreaterThan(0)
  })
})
