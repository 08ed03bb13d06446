import { afterAll, beforeAll, expect, it } from 'vitest'
import { emailServerCreate } from '../../../src/shared/contract/platform/messaging/emailServers'
import { createDeliveryWorker, type DeliveryWorker } from '../../../src/hub/runtime/queue/worker'
import { startSmtpSink, type SmtpSink } from '../../support/smtpSink'
import { describeEachStore, storeTargets } from '../../support/stores'
import { openBench, type Bench } from '../datahub/support'
import { httpConsumer, openFlow, pushOk, settle, startSink, type Sink } from './support'

const targets = await storeTargets()

const emailNotice = (receiver: string) => JSON.stringify([{ type: 'email', status: '1', receiver }])

describeEachStore(targets, 'exchange runtime: email result notifications of consumers', (target) => {
  let b: Bench
  let sink: Sink
  let smtp: SmtpSink
  let worker: DeliveryWorker
  beforeAll(async () => {
    b = await openBench(target)
    sink = await startSink()
    sink.on('/down', 500)
    smtp = await startSmtpSink()
    worker = createDeliveryWorker({ store: b.hub.store, events: b.hub.events, outbox: b.hub.outbox, config: b.hub.config, log: () => {} }, { retryUnitMs: 5 })
  })
  afterAll(async () => {
    await worker?.stop()
    await smtp?.close()
    await sink?.close()
    await b?.close()
  })

  // Runs first: the hub has no email server yet.
  it('without an email server the notification is failed at once, saying why', async () => {
    const flow = await openFlow(b, { consumers: [httpConsumer(`${sink.url}/ok`, { notifyInfo: emailNotice('ops@example.com') })] })
    const id = await pushOk(b, flow.topic.code, { n: 1 })
    const [row] = await settle(b, worker, id)
    expect(row).toMatchObject({ kind: 'notify_email', status: 'failed', attempts: 1 })
    expect(row!.last_error).toContain('no email server is set up')
    expect(smtp.mails).toHaveLength(0)
  })

  it('mails the report of each delivery to the recipients through the default email server', async () => {
    await b.ok(emailServerCreate, { host: smtp.host, port: String(smtp.port), ssl: '0', account: smtp.account, password: smtp.password, senderName: 'DataHub' })
    const flow = await openFlow(b, {
      consumers: [httpConsumer(`${sink.url}/down`, { applicationName: 'Archive', notifyInfo: emailNotice('ops@example.com, audit@example.com') })],
    })
    const id = await pushOk(b, flow.topic.code, { n: 2 })
    const [row] = await settle(b, worker, id)
    expect(row).toMatchObject({ kind: 'notify_email', status: 'sent', attempts: 1 })
    const mail = await smtp.waitFor((m) => m.text.includes(id), 5_000)
    expect(mail.to.sort()).toEqual(['audit@example.com', 'ops@example.com'])
    expect(mail.from).toBe(smtp.account)
    expect(mail.subject).toBe(`数据交换结果：投递失败，Archive (${flow.consumers[0]!.id})，主题 ${flow.topic.code} / Data exchange result: failed, Archive (${flow.consumers[0]!.id}), topic ${flow.topic.code}`)
    for (const line of [`Message ${id} has been handled.`, 'Result: failed', 'Attempts: 1', 'HTTP 500', '结果：投递失败']) expect(mail.text).toContain(line)
    // Each half tells the error in its own language (the English half carried the Chinese one).
    const [zhHalf, enHalf] = mail.text.split(`Message ${id} has been handled.`)
    expect(zhHalf).toMatch(/错误：POST \S+ 返回 HTTP 500/)
    expect(enHalf).toMatch(/Error: POST \S+ answered HTTP 500/)
    expect(enHalf).not.toMatch(/\p{Script=Han}/u)
  })

  it('recipients that are not email addresses are a setting to fix: failed at once', async () => {
    const flow = await openFlow(b, { consumers: [httpConsumer(`${sink.url}/ok`, { notifyInfo: emailNotice('ops@example.com; not-an-address') })] })
    const [row] = await settle(b, worker, await pushOk(b, flow.topic.code, { n: 3 }))
    expect(row).toMatchObject({ kind: 'notify_email', status: 'failed', attempts: 1 })
    expect(row!.last_error).toContain("'not-an-address' is not an email address")
  })
})
