import amqp, { type Channel, type ChannelModel, type GetMessage } from 'amqplib'
import iconv from 'iconv-lite'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { acceptMqMessage } from '../../../../src/hub/runtime/listen/acceptMq'
import { createMqListeners, type MqListeners } from '../../../../src/hub/runtime/listen/mqListeners'
import { createDeliveryWorker, type DeliveryWorker } from '../../../../src/hub/runtime/queue/worker'
import { datasourceCreate, datasourceStatus } from '../../../../src/shared/contract/datahub/dataSources'
import type { Producer } from '../../../../src/shared/contract/datahub/producer'
import { messageDeliveries, messageList } from '../../../../src/shared/contract/datahub/runtime'
import { eventually } from '../../../support/eventually'
import { describeEachStore, storeTargets } from '../../../support/stores'
import { freshCode, openBench, type Bench } from '../../datahub/support'
import { RABBITMQ } from '../../dataSources/support'
import { drain, httpConsumer, openFlow, startSink, type Sink } from '../support'

/**
 * Issue 32 item 8 through the hub, against the real RabbitMQ: an mq producer's message keeps
 * its AMQP properties (message id, correlation id, timestamp, type, app id, headers) and has its
 * body read by its declared charset (ISO-8859-1 in the content type, GBK in the content
 * encoding as Spring AMQP sends it; the bytes written by iconv-lite, not by the hub). The
 * message log shows them (/message/deliveries), an mq consumer republishes them (read back with
 * amqplib), an http consumer that asks for them gets them as headers at a real sink, one that
 * does not gets none. A charset the hub cannot read is refused with its reason, never garbled.
 */
const targets = await storeTargets()

/** Every character in ISO-8859-1, several outside ASCII (× U+00D7 … ÿ U+00FF). */
const LATIN1_TEXT = 'Grüße aus Köln: café à la carte, 5 × ½ kg, ¿qué tal? ÿ'
const GBK_TEXT = '订单：北京市朝阳区建国路 88 号，数量 ３'
const TIMESTAMP = 1_764_655_200
const BLOB = Buffer.from([0, 1, 0xfe, 0xff])

describeEachStore(targets, "an mq producer's AMQP properties and charset travel with the message", (target) => {
  let b: Bench
  let listeners: MqListeners
  let worker: DeliveryWorker
  let admin: ChannelModel
  let channel: Channel
  let sink: Sink
  const queues: string[] = []

  beforeAll(async () => {
    b = await openBench(target)
    listeners = createMqListeners({ store: b.hub.store, config: b.hub.config, log: (l) => b.hub.logs.push(l) }, acceptMqMessage(b.hub))
    worker = createDeliveryWorker({ store: b.hub.store, events: b.hub.events, outbox: b.hub.outbox, config: b.hub.config, log: (l) => b.hub.logs.push(l) }, { retryUnitMs: 20, pollMs: 20 })
    admin = await amqp.connect({ protocol: 'amqp', hostname: RABBITMQ.host, port: RABBITMQ.port, username: RABBITMQ.user, password: RABBITMQ.password })
    channel = await admin.createChannel()
    sink = await startSink()
  })
  afterAll(async () => {
    await listeners?.stop()
    await worker?.stop()
    for (const q of queues) await channel?.deleteQueue(q).catch(() => {})
    await admin?.close()
    await sink?.close()
    await b?.close()
  })

  const freshQueue = async (suffix: string, args: Record<string, unknown> = {}) => {
    const queue = `dh_mq_props_${freshCode('q').replace(/\W/g, '_')}_${suffix}`
    await channel.assertQueue(queue, { durable: true, arguments: args })
    queues.push(queue)
    return queue
  }
  const rabbitSource = async (queue: string) => {
    const name = `mq-${queue}`.slice(0, 50)
    const source = await b.ok<{ id: string }>(datasourceCreate, { name, sourceType: '4', dbType: 'rabbitmq', applicationCode: 'erp', host: RABBITMQ.host, port: String(RABBITMQ.port), username: RABBITMQ.user, password: RABBITMQ.password, databaseName: '/' })
    await b.ok(datasourceStatus, { id: source.id })
    return name
  }
  const messagesOf = (topicCode: string) => b.ok<{ content: { id: string }[] }>(messageList, { pageNum: 1, pageSize: 50, topicCode }).then((p) => p.content)

  it('keeps them in the message log, republishes them to an mq consumer and sends them as headers to an http consumer that asks', async () => {
    const inQueue = await freshQueue('in')
    const outQueue = await freshQueue('out')
    const source = await rabbitSource(inQueue)
    const flow = await openFlow(b, {
      // A topic without a format: the text passes as it is, so the decoded characters can be compared one by one.
      producer: { productionMode: 'mq', mqRequestInfoModel: { dataSourceName: source, queueName: inQueue } } as Partial<Producer>,
      consumers: [
        { dataConsumeType: 'mq', datasourceName: source, mqRequestInfoModel: { queueName: outQueue } },
        httpConsumer(`${sink.url}/with`, { httpRequestInfoModel: { requestUri: `${sink.url}/with`, requestMethod: 'POST', authenStatus: '0', passMessageProperties: '1' } }),
        httpConsumer(`${sink.url}/without`),
      ],
    })
    await listeners.reconcile()

    const headers = { tenant: 'Köln', attempt: 3, urgent: true, blob: BLOB, nested: { region: '华北' } }
    channel.sendToQueue(inQueue, Buffer.from(LATIN1_TEXT, 'latin1'), {
      persistent: true,
      contentType: 'text/plain; charset=iso-8859-1',
      messageId: 'ord-1',
      correlationId: 'corr-7',
      timestamp: TIMESTAMP,
      type: 'order.created',
      appId: 'erp',
      headers,
    })
    // Spring AMQP's way: the charset in contentEncoding, the content type without one.
    channel.sendToQueue(inQueue, iconv.encode(GBK_TEXT, 'gbk'), { persistent: true, contentType: 'text/plain', contentEncoding: 'GBK', messageId: 'ord-2' })
    // The bytes really differ from UTF-8 (else the test would prove nothing).
    expect(iconv.encode(GBK_TEXT, 'gbk').equals(Buffer.from(GBK_TEXT, 'utf8'))).toBe(false)

    const listed = await eventually(() => messagesOf(flow.topic.code), (l) => l.length === 2, 'both messages are stored')
    const details = await Promise.all(listed.map((m) => b.ok<{ message: { id: string; payload: string; properties: Record<string, unknown> | null } }>(messageDeliveries, { id: m.id })))
    const byId = new Map(details.map((d) => [d.message.properties?.messageId, d.message]))
    const latin = byId.get('ord-1')!
    const gbk = byId.get('ord-2')!
    expect(latin.payload).toBe(LATIN1_TEXT)
    expect(latin.properties).toEqual({
      messageId: 'ord-1',
      correlationId: 'corr-7',
      timestamp: TIMESTAMP,
      type: 'order.created',
      appId: 'erp',
      contentType: 'text/plain; charset=iso-8859-1',
      headers: { tenant: 'Köln', attempt: 3, urgent: true, blob: { '!': 'bytes', value: BLOB.toString('base64') }, nested: { region: '华北' } },
    })
    expect(gbk.payload).toBe(GBK_TEXT)
    expect(gbk.properties).toEqual({ messageId: 'ord-2', contentType: 'text/plain', contentEncoding: 'GBK' })

    for (const m of [latin, gbk]) expect((await drain(b, worker, m.id)).map((d) => d.status)).toEqual(['delivered', 'delivered', 'delivered'])

    // The mq consumer: read back with amqplib, as its application would.
    const got: GetMessage[] = []
    for (let i = 0; i < 2; i++) {
      const one = await channel.get(outQueue, { noAck: true })
      if (one) got.push(one)
    }
    const out = new Map(got.map((g) => [g.properties.messageId as string, g]))
    const latinOut = out.get('ord-1')!
    expect(latinOut.content.toString('utf8')).toBe(LATIN1_TEXT)
    expect(latinOut.properties).toMatchObject({ contentType: 'text/plain; charset=utf-8', correlationId: 'corr-7', timestamp: TIMESTAMP, type: 'order.created', appId: 'erp' })
    expect(latinOut.properties.headers).toEqual({ ...headers, 'x-datahub-topic': flow.topic.code, 'x-datahub-message-id': latin.id })
    const gbkOut = out.get('ord-2')!
    expect(gbkOut.content.toString('utf8')).toBe(GBK_TEXT)
    expect(gbkOut.properties.contentEncoding).toBeUndefined()
    expect(gbkOut.properties.headers).toEqual({ 'x-datahub-topic': flow.topic.code, 'x-datahub-message-id': gbk.id })

    // The http consumer that asked: the documented headers (messageProperties.ts PROPERTY_HEADERS).
    const withLatin = sink.at('/with').find((r) => r.headers['x-message-id'] === 'ord-1')!
    expect(withLatin.body).toBe(LATIN1_TEXT)
    expect(withLatin.headers).toMatchObject({
      'x-correlation-id': 'corr-7',
      'x-message-timestamp': new Date(TIMESTAMP * 1000).toISOString(),
      'x-message-type': 'order.created',
      'x-app-id': 'erp',
      'x-datahub-message-id': latin.id,
    })
    const headerJson = withLatin.headers['x-message-headers'] as string
    expect(headerJson).toMatch(/^[\x20-\x7e]+$/)
    expect(JSON.parse(headerJson)).toEqual({ tenant: 'Köln', attempt: 3, urgent: true, blob: { '!': 'bytes', value: BLOB.toString('base64') }, nested: { region: '华北' } })
    const withGbk = sink.at('/with').find((r) => r.headers['x-message-id'] === 'ord-2')!
    expect(withGbk.body).toBe(GBK_TEXT)
    expect(withGbk.headers['x-correlation-id']).toBeUndefined()
    // The one that did not ask gets the message and none of its properties.
    const without = sink.at('/without')
    expect(without.map((r) => r.body).sort()).toEqual([LATIN1_TEXT, GBK_TEXT].sort())
    for (const r of without) expect(Object.keys(r.headers).filter((h) => h.startsWith('x-message-') || h === 'x-correlation-id' || h === 'x-app-id')).toEqual([])
  })

  it('refuses a body whose charset it cannot read as declared, with the reason, and stores nothing', async () => {
    const dead = await freshQueue('dead')
    const inQueue = await freshQueue('in', { 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': dead })
    const source = await rabbitSource(inQueue)
    const flow = await openFlow(b, {
      producer: { productionMode: 'mq', mqRequestInfoModel: { dataSourceName: source, queueName: inQueue } } as Partial<Producer>,
      consumers: [httpConsumer(`${sink.url}/refused`)],
    })
    await listeners.reconcile()
    channel.sendToQueue(inQueue, Buffer.from('hello'), { contentType: 'text/plain; charset=x-klingon', messageId: 'bad-1' })
    channel.sendToQueue(inQueue, Buffer.from('café', 'latin1'), { contentType: 'text/plain; charset=us-ascii', messageId: 'bad-2' })
    channel.sendToQueue(inQueue, Buffer.from('hello'), { contentType: 'text/plain; charset=utf-8', contentEncoding: 'gbk', messageId: 'bad-3' })
    channel.sendToQueue(inQueue, Buffer.from('hello'), { contentEncoding: 'gzip', messageId: 'bad-4' })
    // Not UTF-8, declared as nothing: read as UTF-8, which these bytes are not.
    channel.sendToQueue(inQueue, Buffer.from('café', 'latin1'), { messageId: 'bad-5' })
    // And one that is fine, after them: the listener goes on.
    channel.sendToQueue(inQueue, iconv.encode('编码 GB18030 𠀀', 'gb18030'), { contentType: 'text/plain; charset="GB18030"', messageId: 'ok-1' })

    await eventually(async () => (await channel.checkQueue(dead)).messageCount, (n) => n === 5, 'the five unreadable messages are dead-lettered')
    const listed = await eventually(() => messagesOf(flow.topic.code), (l) => l.length === 1, 'the readable one is stored')
    const detail = await b.ok<{ message: { payload: string; properties: { messageId?: string } | null } }>(messageDeliveries, { id: listed[0]!.id })
    expect(detail.message.payload).toBe('编码 GB18030 𠀀')
    expect(detail.message.properties?.messageId).toBe('ok-1')
    // The listener stores up to 16 messages at once, so the log lines come in any order.
    const refused = b.hub.logs.filter((l) => l.includes(inQueue) && l.includes('refused'))
    expect(refused).toHaveLength(5)
    expect(refused).toEqual(
      expect.arrayContaining([
        expect.stringContaining('The message is declared in the character set "x-klingon", which this hub cannot read'),
        expect.stringContaining('The message body is not valid us-ascii text'),
        expect.stringContaining("The message's content type says charset utf-8 but its content encoding says gbk"),
        expect.stringContaining('The message is declared in the character set "gzip", which this hub cannot read'),
        expect.stringContaining('The message body is not valid UTF-8 text'),
      ]),
    )
  })
})
