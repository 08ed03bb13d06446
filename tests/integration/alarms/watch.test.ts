import { readFile } from 'node:fs/promises'
import { createServer, type AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createAlarmWatch, type AlarmWatch } from '../../../src/hub/alarms/watch/watch'
import { alarmRuleUpdate } from '../../../src/shared/contract/alarms/incidents'
import { webhookSave } from '../../../src/shared/contract/alarms/webhooks'
import { datasourceCreate } from '../../../src/shared/contract/datahub/dataSources'
import { messageRetry } from '../../../src/shared/contract/datahub/runtime'
import { createDeliveryWorker, type DeliveryWorker } from '../../../src/hub/runtime/queue/worker'
import { runtimeDb } from '../../../src/hub/runtime/tables'
import { startTcpProxy, type TcpProxy } from '../../support/tcpProxy'
import { describeEachStore, storeTargets } from '../../support/stores'
import { openBench, type Bench } from '../datahub/support'
import { licenceKit, uploadFile, type LicenceKit } from '../licence/licenceFiles'
import { PG } from '../dataSources/support'
import { ack, drain, httpConsumer, openFlow, pullConsumer, pullingApp, pullOk, push, pushOk, startSink, type Sink } from '../runtime/support'
import { alarmOf, centreIncidents, hookCalls, incidentsOf, noticesOf, setRule, signedBy, until } from './support'

const targets = await storeTargets()
const DAY_MS = 86_400_000

describeEachStore(targets, 'alarms: the rules the hub watches, refused pushes, pulled failures and SMS', (target) => {
  let b: Bench
  let sink: Sink
  let worker: DeliveryWorker
  let watch: AlarmWatch
  let kit: LicenceKit
  let proxy: TcpProxy
  let targetUp = false
  const hook = () => alarmOf({ http: 'watch_hook' })

  beforeAll(async () => {
    kit = await licenceKit()
    b = await openBench(target, { licencePublicKey: kit.publicPem })
    sink = await startSink()
    proxy = await startTcpProxy({ host: PG.host, port: PG.port })
    sink.on('/target', () => (targetUp ? 200 : 503))
    sink.on('/hook', (_, r) => (signedBy(r, 'watch-secret-1') ? 200 : 401))
    // The receivers are on loopback: the hub calls them only with private addresses allowed.
    const hub = { store: b.hub.store, events: b.hub.events, outbox: b.hub.outbox, config: { ...b.hub.config, allowPrivateWsdl: true }, log: (l: string) => b.hub.logs.push(l) }
    worker = createDeliveryWorker(hub, { retryUnitMs: 2 })
    watch = createAlarmWatch(hub, { nodeId: 'watch-test' })
    await b.ok(webhookSave, { code: 'watch_hook', name: 'Watch hook', kind: 'http', url: `${sink.url}/hook`, secret: 'watch-secret-1', status: '1' })
  })
  afterAll(async () => {
    await watch?.stop()
    await worker?.stop()
    await proxy?.close()
    await sink?.close()
    await b?.close()
    await kit?.cleanup()
  })

  /** The http receiver's notices about one object. */
  const hookFor = (objectId: string) => hookCalls(sink.at('/hook')).filter((c) => c.objectId === objectId)
  const sent = async (objectId: string, n: number) => (await noticesOf(b, objectId)).filter((x) => x.status === 'sent').length === n
  const work = () => worker.tick()

  it('consumer lag: the oldest undelivered message older than the threshold opens an incident; catching up clears it', async () => {
    await setRule(b, 'consumer_lag', { threshold: 60 })
    const flow = await openFlow(b, {
      consumers: [httpConsumer(`${sink.url}/target`, { applicationName: 'Slow ledger', alarmStatus: '1', alarm: hook() }), httpConsumer(`${sink.url}/target`, { alarmStatus: '0', alarm: hook() })],
    })
    const [watched, quiet] = flow.consumers.map((c) => c.id) as [string, string]
    await pushOk(b, flow.topic.code, { n: 1 })
    // Not a minute old: nothing.
    await watch.tick()
    expect(await incidentsOf(b, watched)).toEqual([])
    // A second is the threshold now: the message, still waiting, makes the consumer lag.
    await setRule(b, 'consumer_lag', { threshold: 1 })
    await until(async () => (await incidentsOf(b, watched)).length > 0, 'the lag incident', () => watch.tick())
    expect(await incidentsOf(b, watched)).toMatchObject([{ rule: 'consumer_lag', state: 'open', count: 1 }])
    expect((await incidentsOf(b, watched))[0]!.last_error).toContain('the oldest undelivered message has waited')
    // The alert centre tells it in its reader's language.
    expect((await centreIncidents(b, watched, 'zh-CN'))[0]!.lastError).toMatch(/^最早一条未投递的消息已等待 \d+ 秒（自 .+ 起）；阈值为 1 秒$/)
    expect((await centreIncidents(b, watched, 'en'))[0]!.lastError).toMatch(/^the oldest undelivered message has waited \d+ s \(since .+\); the threshold is 1 s$/)
    expect(await incidentsOf(b, quiet)).toEqual([])
    // Counted, not sent again, while it lags.
    await watch.tick()
    expect(await incidentsOf(b, watched)).toMatchObject([{ state: 'open', count: 2 }])

    targetUp = true
    try {
      const delivered = async () => (await runtimeDb(b.hub.store.db).selectFrom('dh_deliveries').select('status').where('consumer_id', '=', watched).execute()).every((d) => d.status === 'delivered')
      await until(async () => (await sent(watched, 1)) && (await delivered()), 'the alarm sent and the backlog delivered', work)
      await watch.tick()
      expect(await incidentsOf(b, watched)).toMatchObject([{ rule: 'consumer_lag', state: 'resolved', resolved_by: '' }])
      await until(() => sent(watched, 2), 'the recovery notice', work)
      expect(hookFor(watched)).toEqual([{ kind: 'alarm', rule: 'consumer_lag', objectId: watched }, { kind: 'recovery', rule: 'consumer_lag', objectId: watched }])
      expect(hookFor(quiet)).toEqual([])
    } finally {
      targetUp = false
      await setRule(b, 'consumer_lag', { threshold: 1800 })
    }
  })

  it('a pulled consumer\'s reported failure raises like a pushed delivery\'s, and clears once it is retried and handled', async () => {
    const app = await pullingApp(b)
    const flow = await openFlow(b, { consumers: [pullConsumer(app, { applicationName: 'Puller', alarmStatus: '1', alarm: hook() })] })
    const consumerId = flow.consumers[0]!.id
    await pushOk(b, flow.topic.code, { n: 1 })
    const [first] = await pullOk(b, app, flow.topic.code)
    expect((await ack(b, app.headers, { failed: [{ deliveryId: first!.deliveryId, reason: 'the ledger is locked' }] })).body.code).toBe('2000')
    await until(async () => (await incidentsOf(b, consumerId)).length > 0, 'the incident', work)
    expect(await incidentsOf(b, consumerId)).toMatchObject([{ rule: 'consumer_dead', state: 'open', count: 1 }])
    expect((await incidentsOf(b, consumerId))[0]!.last_error).toContain('the ledger is locked')

    // A later message handled: the failed one is still dead, so the incident stays open.
    await pushOk(b, flow.topic.code, { n: 2 })
    const [second] = await pullOk(b, app, flow.topic.code)
    expect((await ack(b, app.headers, { deliveryIds: [second!.deliveryId] })).body.code).toBe('2000')
    await work()
    expect(await incidentsOf(b, consumerId)).toMatchObject([{ rule: 'consumer_dead', state: 'open' }])
    // Retried, pulled again and handled: nothing is dead any more.
    expect(await b.ok(messageRetry, { ids: [first!.deliveryId] })).toEqual({ count: 1 })
    const [again] = await pullOk(b, app, flow.topic.code)
    expect(again!.deliveryId).toBe(first!.deliveryId)
    expect((await ack(b, app.headers, { deliveryIds: [again!.deliveryId] })).body.code).toBe('2000')
    await until(async () => (await incidentsOf(b, consumerId))[0]!.state === 'resolved', 'the recovery', work)
    await until(() => sent(consumerId, 2), 'the alarm and recovery notices', work)
    expect(hookFor(consumerId).map((c) => [c.kind, c.rule])).toEqual([['alarm', 'consumer_dead'], ['recovery', 'consumer_dead']])
  })

  it('pushes refused for their format N times within the window open one incident; a quiet window clears it', async () => {
    await setRule(b, 'push_refused', { threshold: 3, periodSeconds: 3 })
    const flow = await openFlow(b, { topic: { dataFormat: 'json' }, producer: { appName: 'Order feed', alarmStatus: '1', alarm: hook() }, consumers: [httpConsumer(`${sink.url}/target`)] })
    const producerId = flow.producer.id
    const refusedPush = async () => expect((await push(b, flow.topic.code, '{not json')).body.code).toBe('4001')
    await refusedPush()
    await refusedPush()
    await watch.tick()
    await worker.tick()
    expect(await incidentsOf(b, producerId)).toEqual([])
    await refusedPush()
    await watch.tick()
    await until(async () => (await incidentsOf(b, producerId)).length === 1 && (await sent(producerId, 1)), 'the incident and its alarm', work)
    expect(await incidentsOf(b, producerId)).toMatchObject([{ rule: 'push_refused', state: 'open', count: 3 }])
    // An accepted push is no refusal; a window passes without one and the incident clears.
    await pushOk(b, flow.topic.code, { n: 1 })
    await until(async () => (await incidentsOf(b, producerId))[0]!.state === 'resolved', 'the quiet window', work)
    await until(() => sent(producerId, 2), 'the recovery notice', work)
    expect(hookFor(producerId).map((c) => [c.kind, c.rule])).toEqual([['alarm', 'push_refused'], ['recovery', 'push_refused']])
  })

  it('a used data source whose periodic connection check fails opens an incident for its users; passing clears it', async () => {
    // Checked every second; the source waits a second for its server.
    await setRule(b, 'datasource_check', { threshold: 1, periodSeconds: 1 })
    const name = `pg_watch_${Date.now().toString(36)}`
    const source = await b.ok<{ id: string; status: string }>(datasourceCreate, {
      name, sourceType: '1', dbType: 'postgresql', applicationCode: 'erp', host: '127.0.0.1', port: String(proxy.port), databaseName: PG.database, username: PG.user, timeout: 1, status: '1',
    })
    expect(source.status).toBe('1')
    const flow = await openFlow(b, {
      consumers: [{ dataConsumeType: 'dblink', datasourceName: name, alarmStatus: '1', alarm: hook(), dbLinkRequestInfoModel: { targetTableName: 'orders', fieldMappings: JSON.stringify([{ sourceFieldName: 'id', targetFieldName: 'order_id' }]), isUpdateRecord: '0', compareField: '' } }],
    })
    expect(flow.consumers).toHaveLength(1)
    // Reachable: checked, nothing to say.
    await watch.tick()
    await watch.idle()
    expect(await incidentsOf(b, source.id)).toEqual([])

    // The line cut: the next check, a period later, fails.
    proxy.cut()
    await until(async () => (await incidentsOf(b, source.id)).length > 0, 'the failed check', async () => {
      await watch.tick()
      await watch.idle()
    })
    expect(await incidentsOf(b, source.id)).toMatchObject([{ rule: 'datasource_check', object_type: 'datasource', object_name: name, state: 'open' }])
    expect((await incidentsOf(b, source.id))[0]!.last_error).toContain(`127.0.0.1:${proxy.port}`)
    await until(() => sent(source.id, 1), 'the alarm to the consumer\'s receivers', work)

    proxy.restore()
    await until(async () => (await incidentsOf(b, source.id))[0]!.state === 'resolved', 'the passing check', async () => {
      await watch.tick()
      await watch.idle()
    })
    await until(() => sent(source.id, 2), 'the recovery notice', work)
    expect(hookFor(source.id).map((c) => [c.kind, c.rule])).toEqual([['alarm', 'datasource_check'], ['recovery', 'datasource_check']])
  })

  it('a licence expiring within 30 days opens one incident, sent to the rule\'s receivers; a new licence clears it', async () => {
    await setRule(b, 'licence_expiring', { threshold: 30, receivers: hook() })
    const upload = async (name: string, expires: string) => {
      const file = await kit.issue(name, { '--expires': expires })
      const answer = await uploadFile<{ id: string }>(b.hub.app, b.admin, name, await readFile(file))
      expect(answer.code, answer.message).toBe('2000')
    }
    const soon = new Date(Date.now() + 10 * DAY_MS).toISOString().slice(0, 10)
    await upload('soon.lic', soon)
    const licences = () => b.hub.store.db.selectFrom('licences').select(['id', 'expired_date']).execute()
    const expiring = (await licences()).find((l) => l.expired_date === soon)!
    await watch.tick()
    await watch.tick()
    expect(await incidentsOf(b, expiring.id)).toMatchObject([{ rule: 'licence_expiring', object_type: 'licence', state: 'open', count: 2 }])
    expect((await incidentsOf(b, expiring.id))[0]!.last_error).toContain(soon)
    await until(() => sent(expiring.id, 1), 'the alarm', work)

    await upload('renewed.lic', '2099-12-31')
    await watch.tick()
    expect(await incidentsOf(b, expiring.id)).toMatchObject([{ state: 'resolved' }])
    const renewed = (await licences()).find((l) => l.expired_date === '2099-12-31')!
    expect(await incidentsOf(b, renewed.id)).toEqual([])
    await until(() => sent(expiring.id, 2), 'the recovery notice', work)
    expect(hookFor(expiring.id).map((c) => [c.kind, c.rule])).toEqual([['alarm', 'licence_expiring'], ['recovery', 'licence_expiring']])
  })

  it('a mobile receiver gets an SMS through the gateway template: number and text filled and escaped, the secret in a header', async () => {
    sink.on('/sms', (_, r) => (r.headers['x-api-key'] === 'sms-secret-1' ? { body: '{"result":"queued"}' } : 401))
    await b.ok(webhookSave, {
      code: 'sms_gateway', name: 'SMS gateway', kind: 'sms', url: `${sink.url}/sms?to=\${mobile}`, secret: 'sms-secret-1', status: '1', method: 'POST',
      bodyTemplate: '{"phone":"${mobile}","content":"${text}"}', headers: { 'X-Api-Key': '${secret}' },
    })
    const flow = await openFlow(b, { consumers: [httpConsumer(`${sink.url}/target`, { applicationName: 'Ledger "EU"', alarmStatus: '1', alarm: alarmOf({ mobile: '13800000001,13800000002' }) })] })
    const consumerId = flow.consumers[0]!.id
    await drain(b, worker, await pushOk(b, flow.topic.code, { n: 1 }))
    await until(async () => (await sent(consumerId, 2)), 'the two SMS notices', work)
    expect((await noticesOf(b, consumerId)).map((n) => [n.channel, n.kind])).toEqual([['sms', 'alarm'], ['sms', 'alarm']])
    const calls = sink.at('/sms')
    expect(calls.map((c) => c.query.get('to')).sort()).toEqual(['13800000001', '13800000002'])
    const bodies = calls.map((c) => JSON.parse(c.body) as { phone: string; content: string })
    expect(bodies.map((x) => x.phone).sort()).toEqual(['13800000001', '13800000002'])
    expect(bodies[0]!.content).toContain('Ledger "EU"')
    expect(bodies[0]!.content).toContain('告警')
    expect(bodies[0]!.content).toContain('HTTP 503')
  })

  it('a data source is checked once at a time: a check that waits for a silent server is not started again', async () => {
    // A server that takes the connection and never answers: the check lasts its timeout (2 s).
    let open = 0
    let most = 0
    let closed = 0
    const silent = createServer((socket) => {
      most = Math.max(most, ++open)
      // Read (and drop) what the client sends, so its hanging up is seen.
      socket.resume()
      socket.on('error', () => {})
      socket.on('close', () => {
        open--
        closed++
      })
    })
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done))
    try {
      await setRule(b, 'datasource_check', { threshold: 1, periodSeconds: 1 })
      const name = `pg_silent_${Date.now().toString(36)}`
      const port = (silent.address() as AddressInfo).port
      await b.ok(datasourceCreate, { name, sourceType: '1', dbType: 'postgresql', applicationCode: 'erp', host: '127.0.0.1', port: String(port), databaseName: PG.database, username: PG.user, timeout: 2, status: '1' })
      await openFlow(b, {
        consumers: [{ dataConsumeType: 'dblink', datasourceName: name, alarmStatus: '0', dbLinkRequestInfoModel: { targetTableName: 'orders', fieldMappings: JSON.stringify([{ sourceFieldName: 'id', targetFieldName: 'order_id' }]), isUpdateRecord: '0', compareField: '' } }],
      })
      // Ticks keep coming while the first check waits, past its period of one second: it is not doubled.
      await until(() => closed > 0, 'the first check to give up', async () => {
        await watch.tick()
        await new Promise((r) => setTimeout(r, 50))
      })
      expect(most).toBe(1)
      await watch.idle()
    } finally {
      await new Promise<void>((done) => silent.close(() => done()))
    }
  })

  it('refuses bad rule and SMS gateway settings in both languages', async () => {
    for (const [locale, text] of [['zh-CN', '周期须为 1-86400 之间的整数秒'], ['en', 'The period must be a whole number of seconds from 1 to 86400']] as const) {
      const answer = await b.send(alarmRuleUpdate, { rule: 'push_refused', enabled: '1', threshold: 3, reminderMinutes: 60, periodSeconds: 0 }, { locale })
      expect(answer.body.code).toBe('4001')
      expect(JSON.stringify(answer.body)).toContain(text)
    }
    for (const [locale, text] of [['zh-CN', '请求方式须为 GET 或 POST'], ['en', 'The method must be GET or POST']] as const) {
      const answer = await b.send(webhookSave, { code: 'sms_bad', name: 'Bad SMS', kind: 'sms', url: `${sink.url}/sms`, method: 'PUT' }, { locale })
      expect(answer.body.code).toBe('4001')
      expect(JSON.stringify(answer.body)).toContain(text)
    }
    const receivers = await b.send(alarmRuleUpdate, { rule: 'node_silent', enabled: '1', threshold: 60, reminderMinutes: 60, receivers: 'not an alarm configuration' }, { locale: 'en' })
    expect(receivers.body.code).toBe('4001')
    expect(JSON.stringify(receivers.body)).toContain('The receivers must be an alarm configuration')
  })
})
