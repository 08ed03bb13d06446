import amqp, { type Channel, type ChannelModel } from 'amqplib'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { acceptMqMessage } from '../../../../src/hub/runtime/listen/acceptMq'
import { createMqListeners, type MqListeners } from '../../../../src/hub/runtime/listen/mqListeners'
import { runtimeDb } from '../../../../src/hub/runtime/tables'
import { datasourceCreate, datasourceStatus } from '../../../../src/shared/contract/datahub/dataSources'
import * as producerApi from '../../../../src/shared/contract/datahub/producer'
import type { Producer } from '../../../../src/shared/contract/datahub/producer'
import { describeEachStore, storeTargets } from '../../../support/stores'
import { freshCode, openBench, type Bench } from '../../datahub/support'
import { RABBITMQ } from '../../dataSources/support'
import { openFlow, startSink, httpConsumer, type Sink } from '../support'

/**
 * mq producers through the hub: the listeners (as a hub node runs them) consume the producer's
 * real RabbitMQ queue, each message goes through the accept path into the store with its
 * deliveries, and only then is it acknowledged.
 */
const targets = await storeTargets()

describeEachStore(targets, 'mq producers consume their queue into the hub', (target) => {
  let b: Bench
  let listeners: MqListeners
  let admin: ChannelModel
  let channel: Channel
  let sink: Sink

  beforeAll(async () => {
    b = await openBench(target)
    listeners = createMqListeners({ store: b.hub.store, config: b.hub.config, log: (l) => b.hub.logs.push(l) }, acceptMqMessage(b.hub))
    admin = await amqp.connect({ protocol: 'amqp', hostname: RABBITMQ.host, port: RABBITMQ.port, username: RABBITMQ.user, password: RABBITMQ.password })
    channel = await admin.createChannel()
    sink = await startSink()
  })
  afterAll(async () => {
    await listeners?.stop()
    await admin?.close()
    await sink?.close()
    await b?.close()
  })

  const until = async (check: () => Promise<boolean> | boolean, what: string) => {
    for (let i = 0; i < 400; i++) {
      if (await check()) return
      await new Promise((r) => setTimeout(r, 25))
    }
    throw new Error(`timed out waiting until ${what}`)
  }
  /** The topic's stored messages' data, in the order of their n (a commit may hold several). */
  const storedOf = async (topicCode: string) =>
    (await runtimeDb(b.hub.store.db).selectFrom('dh_messages').select('payload').where('topic_code', '=', topicCode).execute())
      .map((m) => JSON.parse(m.payload ?? 'null') as { n: number })
      .sort((x, y) => x.n - y.n)
  const deliveriesOf = async (topicCode: string) =>
    (await runtimeDb(b.hub.store.db).selectFrom('dh_deliveries').innerJoin('dh_messages', 'dh_messages.id', 'dh_deliveries.message_id').select('dh_deliveries.consumer_id').where('dh_messages.topic_code', '=', topicCode).execute()).map((d) => d.consumer_id)
  const waiting = async (queue: string) => (await channel.checkQueue(queue)).messageCount

  it('stores each message with its deliveries before acknowledging it, and leaves the queue alone while the producer is stopped', async () => {
    const queue = `dh_mq_producer_${freshCode('q').replace(/\W/g, '_')}`
    const dead = `${queue}_dead`
    await channel.assertQueue(dead, { durable: false, autoDelete: false })
    await channel.assertQueue(queue, { durable: true, arguments: { 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': dead } })
    const name = `mq-${queue}`.slice(0, 50)
    const source = await b.ok<{ id: string }>(datasourceCreate, { name, sourceType: '4', dbType: 'rabbitmq', applicationCode: 'erp', host: RABBITMQ.host, port: String(RABBITMQ.port), username: RABBITMQ.user, password: RABBITMQ.password, databaseName: '/' })
    await b.ok(datasourceStatus, { id: source.id })
    // Published before the producer is started: they wait in the queue.
    for (const n of [1, 2, 3]) channel.sendToQueue(queue, Buffer.from(JSON.stringify({ n })), { persistent: true })
    channel.sendToQueue(queue, Buffer.from('{not json'), { persistent: true })
    const flow = await openFlow(b, {
      topic: { dataFormat: 'json' },
      producer: { productionMode: 'mq', mqRequestInfoModel: { dataSourceName: name, queueName: queue } } as Partial<Producer>,
      consumers: [httpConsumer(sink.url)],
    })
    await listeners.reconcile()
    await until(async () => (await storedOf(flow.topic.code)).length === 3 && (await waiting(queue)) === 0, 'the three messages are stored and the queue is empty')
    expect(await storedOf(flow.topic.code)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }])
    expect(await deliveriesOf(flow.topic.code)).toEqual([flow.consumers[0]!.id, flow.consumers[0]!.id, flow.consumers[0]!.id])
    // Not JSON for a json topic: refused by the accept path and dead-lettered, not requeued.
    await until(async () => (await waiting(dead)) === 1, 'the refused message is dead-lettered')
    expect(listeners.states().get(flow.producer.id)).toEqual({ kind: 'listening' })

    // Stopped: the listener lets go; what is published meanwhile stays with the broker.
    const stopped = await b.ok<Producer>(producerApi.producerDisableOrEnable, { id: flow.producer.id })
    await listeners.reconcile()
    expect(listeners.states().has(flow.producer.id)).toBe(false)
    channel.sendToQueue(queue, Buffer.from(JSON.stringify({ n: 4 })), { persistent: true })
    await until(async () => (await waiting(queue)) === 1, 'the message waits in the queue')
    expect(await storedOf(flow.topic.code)).toHaveLength(3)

    await b.ok(producerApi.producerDisableOrEnable, { id: stopped.id })
    await listeners.reconcile()
    await until(async () => (await storedOf(flow.topic.code)).length === 4, 'the waiting message is stored once the producer runs again')
    await until(async () => (await waiting(queue)) === 0, 'the queue is empty')
    await channel.deleteQueue(queue)
    await channel.deleteQueue(dead)
  })
})
