import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { alarmDb } from '../../../src/hub/alarms/tables'
import { createDeliveryWorker, type DeliveryWorker } from '../../../src/hub/runtime/queue/worker'
import { runtimeDb } from '../../../src/hub/runtime/tables'
import { messageRetry } from '../../../src/shared/contract/datahub/runtime'
import { webhookSave } from '../../../src/shared/contract/alarms/webhooks'
import { createSqliteLocation } from '../../support/stores'
import { openBench, type Bench } from '../datahub/support'
import { drain, httpConsumer, openFlow, pushOk, startSink, type Received, type Sink } from '../runtime/support'
import { alarmOf, until } from './support'
import { renderStored } from '../../../src/hub/text/keyedText'

/**
 * WeCom (企业微信) group robots: a loopback receiver that checks each call the way WeCom's
 * robot API documents it (https://developer.work.weixin.qq.com/document/path/91770): POST to
 * the webhook with its `key`, a JSON body `{msgtype: 'text', text: {content}}` (or markdown,
 * `{msgtype: 'markdown', markdown: {content}}`), content UTF-8 of at most 2048 bytes (markdown
 * 4096); it answers HTTP 200 with `errcode` 0, or the documented error code when it refuses
 * (93000 unknown webhook, 40008 bad message type, 44004 empty content, 40058 too long). One
 * store (SQLite): sending reads the outbox the same way on both.
 */
const KEY = '693a91f6-7aoc-4bc4-97a0-0ec2sifa5aaa'
const LIMITS: Record<string, number> = { text: 2048, markdown: 4096 }
const TEXT_FIELDS = new Set(['content', 'mentioned_list', 'mentioned_mobile_list'])

/** What WeCom answers a robot call: errcode 0 when it takes the message. */
function wecomAnswer(r: Received): { errcode: number; errmsg: string } {
  if (r.method !== 'POST' || r.query.get('key') !== KEY) return { errcode: 93000, errmsg: 'invalid webhook url' }
  if (!String(r.headers['content-type']).startsWith('application/json')) return { errcode: 40008, errmsg: 'invalid message type' }
  let body: Record<string, unknown>
  try {
    body = JSON.parse(r.body) as Record<string, unknown>
  } catch {
    return { errcode: 40008, errmsg: 'invalid message type' }
  }
  const type = body.msgtype
  if (typeof type !== 'string' || !(type in LIMITS) || Object.keys(body).sort().join() !== ['msgtype', type].sort().join()) return { errcode: 40008, errmsg: 'invalid message type' }
  const message = body[type] as Record<string, unknown> | null
  if (typeof message !== 'object' || message === null) return { errcode: 40008, errmsg: 'invalid message type' }
  if (Object.keys(message).some((k) => (type === 'text' ? !TEXT_FIELDS.has(k) : k !== 'content'))) return { errcode: 40008, errmsg: 'invalid message type' }
  const content = message.content
  if (typeof content !== 'string' || content.trim() === '') return { errcode: 44004, errmsg: 'text content is empty' }
  if (Buffer.byteLength(content, 'utf8') > LIMITS[type]!) return { errcode: 40058, errmsg: `${type}.content exceed max length ${LIMITS[type]}` }
  return { errcode: 0, errmsg: 'ok' }
}

const contentOf = (r: Received) => (JSON.parse(r.body) as { text: { content: string } }).text.content

describe('alarms: a WeCom group robot', () => {
  let b: Bench
  let sink: Sink
  let worker: DeliveryWorker
  let targetUp = false
  let targetAnswer = 'busy'

  beforeAll(async () => {
    b = await openBench({ name: 'sqlite', missing: null, create: createSqliteLocation })
    sink = await startSink()
    sink.on('/target', () => (targetUp ? 200 : { status: 503, body: targetAnswer, contentType: 'text/plain; charset=utf-8' }))
    sink.on('/cgi-bin/webhook/send', (_, r) => ({ body: JSON.stringify(wecomAnswer(r)) }))
    // The receiver is on loopback: the hub calls it only with private addresses allowed.
    worker = createDeliveryWorker({ store: b.hub.store, events: b.hub.events, outbox: b.hub.outbox, config: { ...b.hub.config, allowPrivateWsdl: true }, log: () => {} }, { retryUnitMs: 2 })
    await b.ok(webhookSave, { code: 'ops_wecom', name: 'Ops WeCom', kind: 'wecom', url: `${sink.url}/cgi-bin/webhook/send?key=${KEY}`, status: '1' })
    await b.ok(webhookSave, { code: 'old_wecom', name: 'Removed WeCom', kind: 'wecom', url: `${sink.url}/cgi-bin/webhook/send?key=removed`, status: '1' })
  })
  afterAll(async () => {
    await worker?.stop()
    await sink?.close()
    await b?.close()
  })

  const work = () => worker.tick()
  const noticesOf = (consumerId: string) =>
    alarmDb(b.hub.store.db).selectFrom('dh_callbacks').selectAll().where('object_id', '=', consumerId).where('incident_id', 'is not', null).orderBy('created_at').execute()
  const settled = async (consumerId: string, n: number) => {
    const notices = await noticesOf(consumerId)
    return notices.length === n && notices.every((x) => x.status === 'sent' || x.status === 'failed')
  }
  const robotCalls = (key: string) => sink.at('/cgi-bin/webhook/send').filter((r) => r.query.get('key') === key)

  it('an alarm and its recovery reach the robot as the text message WeCom documents, in both languages', async () => {
    const flow = await openFlow(b, { consumers: [httpConsumer(`${sink.url}/target`, { applicationName: 'Ledger', alarmStatus: '1', alarm: alarmOf({ dingding: 'ops_wecom' }) })] })
    const consumerId = flow.consumers[0]!.id
    await drain(b, worker, await pushOk(b, flow.topic.code, { n: 1 }))
    await until(() => settled(consumerId, 1), 'the alarm', work)
    expect((await noticesOf(consumerId)).map((n) => [n.channel, n.kind, n.status])).toEqual([['wecom', 'alarm', 'sent']])
    const [alarm] = robotCalls(KEY)
    expect(wecomAnswer(alarm!)).toEqual({ errcode: 0, errmsg: 'ok' })
    expect(JSON.parse(alarm!.body)).toEqual({ msgtype: 'text', text: { content: expect.any(String) } })
    const content = contentOf(alarm!)
    expect(content.split('\n')[0]).toBe(`【DataHub 告警】消费者投递失败（重试用尽）：Ledger，主题 ${flow.topic.code} / [DataHub Alarm] Consumer delivery failed (attempts used up): Ledger, topic ${flow.topic.code}`)
    expect(content).toContain(`\n对象：`)
    expect(content).toContain(`\nObject: `)
    expect(content).toContain('answered HTTP 503: busy')

    targetUp = true
    try {
      // The dead message retried and delivered: the incident's cause is over.
      const dead = await runtimeDb(b.hub.store.db).selectFrom('dh_deliveries').select('id').where('consumer_id', '=', consumerId).where('status', '=', 'dead').execute()
      expect(await b.ok(messageRetry, { ids: dead.map((d) => d.id) })).toEqual({ count: 1 })
      await until(() => settled(consumerId, 2), 'the recovery', work)
    } finally {
      targetUp = false
    }
    expect((await noticesOf(consumerId)).map((n) => [n.kind, n.status])).toEqual([['alarm', 'sent'], ['recovery', 'sent']])
    const recovery = robotCalls(KEY)[1]!
    expect(wecomAnswer(recovery)).toEqual({ errcode: 0, errmsg: 'ok' })
    expect(contentOf(recovery).split('\n')[0]).toBe(`【DataHub 已恢复】消费者投递失败（重试用尽）：Ledger，主题 ${flow.topic.code} / [DataHub Recovered] Consumer delivery failed (attempts used up): Ledger, topic ${flow.topic.code}`)
  })

  it('a long error in Chinese still fits WeCom\'s 2048 bytes: the content is shortened, not refused', async () => {
    targetAnswer = '服务暂时不可用，请稍后再试。'.repeat(40)
    try {
      const flow = await openFlow(b, { consumers: [httpConsumer(`${sink.url}/target`, { applicationName: '总账系统', alarmStatus: '1', alarm: alarmOf({ dingding: 'ops_wecom' }) })] })
      const consumerId = flow.consumers[0]!.id
      const before = robotCalls(KEY).length
      await drain(b, worker, await pushOk(b, flow.topic.code, { n: 1 }))
      await until(() => settled(consumerId, 1), 'the alarm', work)
      expect((await noticesOf(consumerId)).map((n) => [n.kind, n.status, n.last_error])).toEqual([['alarm', 'sent', '']])
      const calls = robotCalls(KEY).slice(before)
      expect(calls).toHaveLength(1)
      expect(wecomAnswer(calls[0]!)).toEqual({ errcode: 0, errmsg: 'ok' })
      const content = contentOf(calls[0]!)
      expect(Buffer.byteLength(content, 'utf8')).toBeLessThanOrEqual(2048)
      expect(content).toMatch(/^【DataHub 告警】消费者投递失败（重试用尽）：总账系统/)
      // Both languages stay whole; only the error in each is shortened.
      expect(content).toContain('\n错误：POST ')
      expect(content).toContain('\nError: POST ')
      expect(content).toContain('服务暂时不可用')
      expect(content.endsWith('…')).toBe(true)
    } finally {
      targetAnswer = 'busy'
    }
  })

  it('a robot that refuses (an unknown key: errcode 93000 with HTTP 200) fails the notice with WeCom\'s reason', async () => {
    const flow = await openFlow(b, { consumers: [httpConsumer(`${sink.url}/target`, { applicationName: 'Stock', alarmStatus: '1', alarm: alarmOf({ dingding: 'old_wecom' }) })] })
    const consumerId = flow.consumers[0]!.id
    await drain(b, worker, await pushOk(b, flow.topic.code, { n: 1 }))
    await until(async () => (await noticesOf(consumerId)).some((n) => n.status === 'failed'), 'the notice to fail', work)
    const [notice] = await noticesOf(consumerId)
    expect(notice).toMatchObject({ channel: 'wecom', kind: 'alarm', status: 'failed' })
    expect(renderStored('en', notice!.last_error)).toBe('the wecom robot refused the message: 93000 invalid webhook url')
    expect(renderStored('zh-CN', notice!.last_error)).toBe('wecom 机器人拒收了消息：93000 invalid webhook url')
  })
})
