import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { emailServerCreate } from '../../../src/shared/contract/platform/messaging/emailServers'
import { alarmDb } from '../../../src/hub/alarms/tables'
import { webhookList, webhookSave, type AlarmWebhook } from '../../../src/shared/contract/alarms/webhooks'
import { ALARM_TRIES } from '../../../src/hub/alarms/send/notice'
import { incidentAcknowledge, incidentList, incidentResolve, type Incident } from '../../../src/shared/contract/alarms/incidents'
import { notificationBulk, notificationCancel, notificationList, notificationProcess, notificationRetry, type Notification } from '../../../src/shared/contract/alarms/notifications'
import type { Paged } from '../../../src/shared/contract/paging'
import { messageDiscard, messageRetry } from '../../../src/shared/contract/datahub/runtime'
import { createDeliveryWorker, type DeliveryWorker } from '../../../src/hub/runtime/queue/worker'
import { runtimeDb } from '../../../src/hub/runtime/tables'
import { startSmtpSink, type SmtpSink } from '../../support/smtpSink'
import { describeEachStore, storeTargets } from '../../support/stores'
import { openBench, type Bench } from '../datahub/support'
import { drain, httpConsumer, openFlow, pushOk, startSink, type Received, type Sink } from '../runtime/support'
import { alarmOf, signedBy } from './support'
import { renderStored } from '../../../src/hub/text/keyedText'

const targets = await storeTargets()

/** DingTalk's check of a signed robot call: sign (URL-decoded by the query parser) = base64 HMAC-SHA256 of "timestamp\nsecret". */
const dingtalkVerifies = (r: Received, secret: string) => {
  const timestamp = r.query.get('timestamp') ?? ''
  return createHmac('sha256', secret).update(`${timestamp}\n${secret}`).digest('base64') === r.query.get('sign') && Math.abs(Date.now() - Number(timestamp)) < 3600_000
}
/** Feishu's check: sign = base64 HMAC-SHA256 keyed with "timestamp\nsecret" over an empty message. */
const feishuVerifies = (r: Received, secret: string) => {
  const body = JSON.parse(r.body) as { timestamp: string; sign: string }
  return createHmac('sha256', `${body.timestamp}\n${secret}`).update('').digest('base64') === body.sign
}
describeEachStore(targets, 'alarms: incidents and their notices on real receivers', (target) => {
  let b: Bench
  let sink: Sink
  let smtp: SmtpSink
  let worker: DeliveryWorker
  let targetUp = false
  const textOf = (r: Received) => JSON.stringify(JSON.parse(r.body))

  beforeAll(async () => {
    b = await openBench(target)
    sink = await startSink()
    smtp = await startSmtpSink()
    sink.on('/target', () => (targetUp ? 200 : 503))
    sink.on('/ding', (_, r) => ({ body: JSON.stringify(dingtalkVerifies(r, 'ding-secret-1') ? { errcode: 0, errmsg: 'ok' } : { errcode: 310000, errmsg: 'sign not match' }) }))
    sink.on('/feishu', (_, r) => ({ body: JSON.stringify(feishuVerifies(r, 'feishu-secret-1') ? { code: 0, msg: 'success' } : { code: 19021, msg: 'sign match fail' }) }))
    sink.on('/hook', (_, r) => (signedBy(r, 'hook-secret-1') ? 200 : 401))
    sink.on('/broken', 500)
    // The receivers are on loopback: the hub calls them only with private addresses allowed.
    worker = createDeliveryWorker({ store: b.hub.store, events: b.hub.events, outbox: b.hub.outbox, config: { ...b.hub.config, allowPrivateWsdl: true }, log: () => {} }, { retryUnitMs: 2 })
    await b.ok(webhookSave, { code: 'ops_ding', name: 'Ops DingTalk', kind: 'dingtalk', url: `${sink.url}/ding?access_token=abc`, secret: 'ding-secret-1', status: '1' })
    await b.ok(webhookSave, { code: 'ops_feishu', name: 'Ops Feishu', kind: 'feishu', url: `${sink.url}/feishu`, secret: 'feishu-secret-1', status: '1' })
    await b.ok(webhookSave, { code: 'ops_hook', name: 'Ops webhook', kind: 'http', url: `${sink.url}/hook`, secret: 'hook-secret-1', status: '1' })
    await b.ok(webhookSave, { code: 'broken_hook', name: 'Broken', kind: 'http', url: `${sink.url}/broken`, secret: 'x-secret-1', status: '1' })
    await b.ok(emailServerCreate, { host: smtp.host, port: String(smtp.port), ssl: '0', account: smtp.account, password: smtp.password, senderName: 'DataHub' })
  })
  afterAll(async () => {
    await worker?.stop()
    await smtp?.close()
    await sink?.close()
    await b?.close()
  })

  /** Runs the worker until `done` holds (deliveries, evaluation and sending all happen in its passes). */
  const until = async (done: () => Promise<boolean> | boolean, what: string) => {
    const end = Date.now() + 20_000
    while (!(await done())) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
      await worker.tick()
      await new Promise((r) => setTimeout(r, 10))
    }
  }
  const incidentsOf = (consumerId: string) => alarmDb(b.hub.store.db).selectFrom('dh_incidents').selectAll().where('object_id', '=', consumerId).execute()
  const noticesOf = (consumerId: string) => alarmDb(b.hub.store.db).selectFrom('dh_callbacks').selectAll().where('object_id', '=', consumerId).where('incident_id', 'is not', null).orderBy('created_at').execute()
  const deadOf = async (consumerId: string) => (await runtimeDb(b.hub.store.db).selectFrom('dh_deliveries').select('id').where('consumer_id', '=', consumerId).where('status', '=', 'dead').execute()).map((d) => d.id)
  const settledNotices = async (consumerId: string) => (await noticesOf(consumerId)).every((n) => n.status === 'sent' || n.status === 'failed')

  it('a consumer whose target goes down: one alarm on every channel, a counted repeat, one recovery notice', async () => {
    const flow = await openFlow(b, {
      consumers: [httpConsumer(`${sink.url}/target`, { applicationName: 'Ledger', alarmStatus: '1', alarm: alarmOf({ email: 'ops@example.com', dingding: 'ops_ding, ops_feishu', http: 'ops_hook' }) })],
    })
    const consumerId = flow.consumers[0]!.id
    await drain(b, worker, await pushOk(b, flow.topic.code, { n: 1 }))
    await until(async () => (await noticesOf(consumerId)).length === 4 && (await settledNotices(consumerId)), 'the alarm notices')
    expect((await noticesOf(consumerId)).map((n) => [n.channel, n.kind, n.status]).sort()).toEqual([
      ['dingtalk', 'alarm', 'sent'], ['email', 'alarm', 'sent'], ['feishu', 'alarm', 'sent'], ['http', 'alarm', 'sent'],
    ])
    for (const path of ['/ding', '/feishu', '/hook']) expect(sink.at(path), path).toHaveLength(1)
    expect(textOf(sink.at('/ding')[0]!)).toContain('Ledger')
    expect(JSON.parse(sink.at('/hook')[0]!.body)).toMatchObject({ kind: 'alarm', rule: 'consumer_dead', objectId: consumerId, objectName: 'Ledger', count: 1 })
    const mail = await smtp.waitFor((m) => m.subject.includes('Ledger'), 5_000)
    expect(mail.subject).toContain('告警')
    expect(mail.subject).toContain('[DataHub Alarm]')
    expect(mail.text).toContain('HTTP 503')

    // A second dead delivery while the incident is open: counted, not sent again.
    await drain(b, worker, await pushOk(b, flow.topic.code, { n: 2 }))
    await until(async () => (await incidentsOf(consumerId)).some((i) => i.rule === 'consumer_dead' && i.count === 2), 'the repeat to be counted')
    const [incident] = (await incidentsOf(consumerId)).filter((i) => i.rule === 'consumer_dead')
    expect(incident).toMatchObject({ state: 'open', count: 2 })
    expect(await noticesOf(consumerId)).toHaveLength(4)

    // Back up: the next delivery succeeds, but the two dead messages still hold the incident open.
    targetUp = true
    await drain(b, worker, await pushOk(b, flow.topic.code, { n: 3 }))
    await worker.tick()
    expect((await incidentsOf(consumerId)).map((i) => [i.rule, i.state])).toEqual([['consumer_dead', 'open']])
    // Retried, they are delivered and the incident clears with one recovery notice each.
    expect(await b.ok(messageRetry, { ids: await deadOf(consumerId) })).toEqual({ count: 2 })
    await until(async () => (await noticesOf(consumerId)).length === 8 && (await settledNotices(consumerId)), 'the recovery notices')
    expect((await incidentsOf(consumerId)).map((i) => [i.rule, i.state])).toEqual([['consumer_dead', 'resolved']])
    expect((await noticesOf(consumerId)).filter((n) => n.kind === 'recovery').map((n) => n.status)).toEqual(['sent', 'sent', 'sent', 'sent'])
    for (const path of ['/ding', '/feishu', '/hook']) expect(sink.at(path), path).toHaveLength(2)
    expect(JSON.parse(sink.at('/hook')[1]!.body)).toMatchObject({ kind: 'recovery', count: 2 })
    targetUp = false
  })

  it('failing in a row and going dead open two incidents: each sends its alarm and clears on its own cause', async () => {
    const flow = await openFlow(b, {
      consumers: [httpConsumer(`${sink.url}/target`, { applicationName: 'Billing', alarmStatus: '1', alarm: alarmOf({ http: 'ops_hook' }), retriable: '1', retryNum: '2', retryTimeInterval: '1' })],
    })
    const consumerId = flow.consumers[0]!.id
    const hooks = () => sink.at('/hook').map((r) => JSON.parse(r.body) as { kind: string; rule: string; objectId: string }).filter((h) => h.objectId === consumerId).map((h) => [h.kind, h.rule])
    // Three failed tries in a row (consumer_failures, threshold 3), and the delivery ends dead (consumer_dead).
    await drain(b, worker, await pushOk(b, flow.topic.code, { n: 1 }))
    await until(async () => (await incidentsOf(consumerId)).length === 2 && (await noticesOf(consumerId)).length === 2 && (await settledNotices(consumerId)), 'both incidents and their alarms')
    expect((await incidentsOf(consumerId)).map((i) => [i.rule, i.state]).sort()).toEqual([['consumer_dead', 'open'], ['consumer_failures', 'open']])
    expect(hooks().sort()).toEqual([['alarm', 'consumer_dead'], ['alarm', 'consumer_failures']])

    // A delivery ends the failures in a row; the dead one still waits for the operator.
    targetUp = true
    await drain(b, worker, await pushOk(b, flow.topic.code, { n: 2 }))
    await until(async () => (await noticesOf(consumerId)).length === 3 && (await settledNotices(consumerId)), 'the failures in a row to clear')
    expect((await incidentsOf(consumerId)).map((i) => [i.rule, i.state]).sort()).toEqual([['consumer_dead', 'open'], ['consumer_failures', 'resolved']])
    expect(await b.ok(messageDiscard, { ids: await deadOf(consumerId) })).toEqual({ count: 1 })
    await until(async () => (await incidentsOf(consumerId)).every((i) => i.state === 'resolved') && (await noticesOf(consumerId)).length === 4 && (await settledNotices(consumerId)), 'both to clear')
    expect(hooks().slice(2)).toEqual([['recovery', 'consumer_failures'], ['recovery', 'consumer_dead']])
    targetUp = false
  })

  it('webhook secrets are kept encrypted and never answered; a bad address is refused in both locales', async () => {
    const listed = await b.ok<AlarmWebhook[]>(webhookList, {})
    expect(listed.find((w) => w.code === 'ops_ding')).toMatchObject({ kind: 'dingtalk', secretSet: true })
    expect(JSON.stringify(listed)).not.toContain('ding-secret-1')
    const stored = await alarmDb(b.hub.store.db).selectFrom('dh_alarm_webhooks').select('secret_secret').where('code', '=', 'ops_ding').executeTakeFirstOrThrow()
    expect(stored.secret_secret).toMatch(/^v1:/)
    expect(stored.secret_secret).not.toContain('ding-secret-1')
    for (const [locale, text] of [['zh-CN', '地址须为 http 或 https 地址，最多 1000 个字符'], ['en', 'The address must be an http or https address of at most 1000 characters']] as const) {
      const refused = await b.send(webhookSave, { code: 'bad_one', name: 'Bad', kind: 'http', url: 'ftp://example.com/x' }, { locale })
      expect(refused.body.code).toBe('4001')
      expect(JSON.stringify(refused.body)).toContain(text)
    }
  })

  it('no incident and no notice for a consumer whose alarmStatus is off', async () => {
    const flow = await openFlow(b, { consumers: [httpConsumer(`${sink.url}/target`, { alarmStatus: '0', alarm: alarmOf({ http: 'ops_hook' }) })] })
    const consumerId = flow.consumers[0]!.id
    await drain(b, worker, await pushOk(b, flow.topic.code, { n: 4 }))
    // The evaluator has handled the event once the events table holds none of this consumer.
    await until(async () => (await alarmDb(b.hub.store.db).selectFrom('dh_alarm_events').select('id').where('object_id', '=', consumerId).execute()).length === 0, 'the evaluation')
    expect(await incidentsOf(consumerId)).toEqual([])
    expect(await noticesOf(consumerId)).toEqual([])
  })

  it('a receiver that keeps failing is tried with backoff, then the notice is failed with the reason', async () => {
    const flow = await openFlow(b, { consumers: [httpConsumer(`${sink.url}/target`, { alarmStatus: '1', alarm: alarmOf({ http: 'broken_hook' }) })] })
    const consumerId = flow.consumers[0]!.id
    await drain(b, worker, await pushOk(b, flow.topic.code, { n: 5 }))
    await until(async () => (await noticesOf(consumerId)).some((n) => n.status === 'failed'), 'the notice to fail')
    const [notice] = await noticesOf(consumerId)
    expect(notice).toMatchObject({ channel: 'http', kind: 'alarm', status: 'failed', attempts: ALARM_TRIES })
    expect(renderStored('en', notice!.last_error)).toContain('answered HTTP 500')
    expect(sink.at('/broken')).toHaveLength(ALARM_TRIES)

    // The message centre: the failed notice is found by its filter, counted, retried and sent.
    const listed = await b.ok<Paged<Notification>>(notificationList, { channel: 'http', state: 'failed', objectId: consumerId })
    expect(listed.content.map((n) => [n.id, n.kind, n.expired])).toEqual([[notice!.id, 'alarm', false]])
    expect(await b.ok(notificationBulk, { action: 'retry', dryRun: true, filter: { state: 'failed', objectId: consumerId } })).toEqual({ count: 1 })
    sink.on('/broken', 200)
    expect(await b.ok(notificationBulk, { action: 'retry', filter: { state: 'failed', objectId: consumerId } })).toEqual({ count: 1 })
    await until(async () => (await noticesOf(consumerId))[0]!.status === 'sent', 'the retried notice')
    expect(sink.at('/broken')).toHaveLength(ALARM_TRIES + 1)
    sink.on('/broken', 500)
  })

  it('the message centre refuses to send an expired notification, marks one processed, cancels a scheduled send', async () => {
    const flow = await openFlow(b, { consumers: [httpConsumer(`${sink.url}/target`, { alarmStatus: '1', alarm: alarmOf({ http: 'broken_hook' }) })] })
    const consumerId = flow.consumers[0]!.id
    // A worker whose retries wait a minute: the notice stays scheduled after its first failed try.
    const slow = createDeliveryWorker({ store: b.hub.store, events: b.hub.events, outbox: b.hub.outbox, config: { ...b.hub.config, allowPrivateWsdl: true }, log: () => {} }, { retryUnitMs: 60_000 })
    try {
      await drain(b, slow, await pushOk(b, flow.topic.code, { n: 6 }))
      const end = Date.now() + 20_000
      while (!(await noticesOf(consumerId)).some((n) => n.status === 'scheduled')) {
        if (Date.now() > end) throw new Error('timed out waiting for a scheduled notice')
        await slow.tick()
      }
    } finally {
      await slow.stop()
    }
    const [scheduled] = await noticesOf(consumerId)
    expect(await b.ok(notificationCancel, { ids: [scheduled!.id] })).toEqual({ count: 1 })
    expect((await noticesOf(consumerId))[0]).toMatchObject({ status: 'discarded' })

    // Expired: it cannot be sent again, in either language.
    await alarmDb(b.hub.store.db).updateTable('dh_callbacks').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('id', '=', scheduled!.id).execute()
    for (const [locale, text] of [['zh-CN', '过期的通知不能发送'], ['en', 'An expired notification cannot be sent']] as const) {
      const refused = await b.send(notificationRetry, { ids: [scheduled!.id] }, { locale })
      expect(refused.body).toMatchObject({ code: '4090', message: text })
    }
    expect(await b.ok(notificationProcess, { ids: [scheduled!.id] })).toEqual({ count: 1 })
    expect((await noticesOf(consumerId))[0]).toMatchObject({ status: 'processed' })
    const none = await b.send(notificationRetry, { ids: ['no-such-notice'] }, { locale: 'en' })
    expect(none.body).toMatchObject({ code: '4040', message: 'The notification does not exist' })
  })

  it('without private addresses allowed, a webhook on loopback is refused at once, saying which switch allows it', async () => {
    const flow = await openFlow(b, { consumers: [httpConsumer(`${sink.url}/target`, { alarmStatus: '1', alarm: alarmOf({ http: 'ops_hook' }) })] })
    const consumerId = flow.consumers[0]!.id
    const strict = createDeliveryWorker({ store: b.hub.store, events: b.hub.events, outbox: b.hub.outbox, config: { ...b.hub.config, allowPrivateWsdl: false }, log: () => {} }, { retryUnitMs: 2 })
    const before = sink.at('/hook').length
    try {
      await drain(b, strict, await pushOk(b, flow.topic.code, { n: 8 }))
      const end = Date.now() + 20_000
      while (!(await noticesOf(consumerId)).some((n) => n.status === 'failed')) {
        if (Date.now() > end) throw new Error('timed out waiting for the refused notice')
        await strict.tick()
      }
    } finally {
      await strict.stop()
    }
    const [notice] = await noticesOf(consumerId)
    expect(notice).toMatchObject({ status: 'failed', attempts: 1 })
    expect(renderStored('en', notice!.last_error)).toContain('HUB_ALLOW_PRIVATE_WSDL')
    expect(sink.at('/hook')).toHaveLength(before)
  })

  it('the alert centre lists incidents, acknowledges and resolves them by hand', async () => {
    const flow = await openFlow(b, { consumers: [httpConsumer(`${sink.url}/target`, { alarmStatus: '1', alarm: alarmOf({ http: 'ops_hook' }) })] })
    const consumerId = flow.consumers[0]!.id
    await drain(b, worker, await pushOk(b, flow.topic.code, { n: 7 }))
    await until(async () => (await incidentsOf(consumerId)).length === 1, 'the incident')
    const page = await b.ok<Paged<Incident>>(incidentList, { state: 'open', objectId: consumerId })
    expect(page.totalElements).toBe(1)
    const [incident] = page.content
    expect(incident).toMatchObject({ rule: 'consumer_dead', objectType: 'consumer', count: 1, acknowledgedBy: '' })
    expect(await b.ok(incidentAcknowledge, { ids: [incident!.id] })).toEqual({ count: 1 })
    expect(await b.ok(incidentResolve, { ids: [incident!.id] })).toEqual({ count: 1 })
    const [after] = (await b.ok<Paged<Incident>>(incidentList, { objectId: consumerId })).content
    expect(after).toMatchObject({ state: 'resolved', acknowledgedBy: 'admin', resolvedBy: 'admin' })
    const again = await b.send(incidentResolve, { ids: [incident!.id] }, { locale: 'en' })
    expect(again.body).toMatchObject({ code: '4090', message: 'The incident is resolved already' })
  })
})
