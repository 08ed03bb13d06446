import amqp, { type Channel, type ChannelModel } from 'amqplib'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createAlarmWatch, type AlarmWatch } from '../../../src/hub/alarms/watch/watch'
import { acceptMqMessage } from '../../../src/hub/runtime/listen/acceptMq'
import { createMqListeners, type MqListeners } from '../../../src/hub/runtime/listen/mqListeners'
import { createDeliveryWorker, type DeliveryWorker } from '../../../src/hub/runtime/queue/worker'
import { webhookSave } from '../../../src/shared/contract/alarms/webhooks'
import { datasourceCreate, datasourceStatus } from '../../../src/shared/contract/datahub/dataSources'
import type { Producer } from '../../../src/shared/contract/datahub/producer'
import { describeEachStore, storeTargets } from '../../support/stores'
import { startTcpProxy, type TcpProxy } from '../../support/tcpProxy'
import { freshCode, openBench, type Bench } from '../datahub/support'
import { RABBITMQ } from '../dataSources/support'
import { httpConsumer, openFlow, startSink, type Sink } from '../runtime/support'
import { alarmOf, hookCalls, incidentsOf, noticesOf, setRule, signedBy, until } from './support'

const targets = await storeTargets()

/**
 * mq producers' alarms with the real RabbitMQ. mq_broker_lost behind a loopback proxy whose line
 * the test cuts: the listener loses its broker, the watch raises once the threshold passed, and
 * clears when the listener is back. push_refused: messages the accept path refuses, taken from
 * the queue, count as refused pushes do.
 */
describeEachStore(targets, 'alarms: mq producers', (target) => {
  let b: Bench
  let sink: Sink
  let proxy: TcpProxy
  let listeners: MqListeners
  let watch: AlarmWatch
  let worker: DeliveryWorker
  let admin: ChannelModel
  let channel: Channel

  beforeAll(async () => {
    b = await openBench(target)
    sink = await startSink()
    sink.on('/hook', (_, r) => (signedBy(r, 'mq-secret-1') ? 200 : 401))
    proxy = await startTcpProxy({ host: RABBITMQ.host, port: RABBITMQ.port })
    const hub = { store: b.hub.store, events: b.hub.events, outbox: b.hub.outbox, config: { ...b.hub.config, allowPrivateWsdl: true }, log: (l: string) => b.hub.logs.push(l) }
    listeners = createMqListeners(hub, acceptMqMessage(b.hub))
    watch = createAlarmWatch(hub, { nodeId: 'mq-test', mqStates: () => listeners.states() })
    worker = createDeliveryWorker(hub, { retryUnitMs: 2 })
    admin = await amqp.connect({ protocol: 'amqp', hostname: RABBITMQ.host, port: RABBITMQ.port, username: RABBITMQ.user, password: RABBITMQ.password })
    channel = await admin.createChannel()
    await b.ok(webhookSave, { code: 'mq_hook', name: 'MQ hook', kind: 'http', url: `${sink.url}/hook`, secret: 'mq-secret-1', status: '1' })
  })
  afterAll(async () => {
    await watch?.stop()
    await listeners?.stop()
    await worker?.stop()
    await admin?.close()
    await proxy?.close()
    await sink?.close()
    await b?.close()
  })

  it('lost longer than the threshold: one incident and alarm; listening again: recovered', async () => {
    await setRule(b, 'mq_broker_lost', { threshold: 1 })
    const queue = `dh_mq_alarm_${freshCode('q').replace(/\W/g, '_')}`
    await channel.assertQueue(queue, { durable: false })
    const name = `mq-${queue}`.slice(0, 50)
    const source = await b.ok<{ id: string }>(datasourceCreate, {
      name, sourceType: '4', dbType: 'rabbitmq', applicationCode: 'erp', host: '127.0.0.1', port: String(proxy.port), username: RABBITMQ.user, password: RABBITMQ.password, databaseName: '/',
    })
    await b.ok(datasourceStatus, { id: source.id })
    const flow = await openFlow(b, {
      topic: { dataFormat: 'json' },
      producer: { productionMode: 'mq', appName: 'Orders queue', alarmStatus: '1', alarm: alarmOf({ http: 'mq_hook' }), mqRequestInfoModel: { dataSourceName: name, queueName: queue } } as Partial<Producer>,
      consumers: [httpConsumer(`${sink.url}/target`)],
    })
    const producerId = flow.producer.id
    const state = () => listeners.states().get(producerId)?.kind
    await listeners.reconcile()
    await until(() => state() === 'listening', 'the listener to listen')
    await watch.tick()
    expect(await incidentsOf(b, producerId)).toEqual([])

    proxy.cut()
    await until(() => state() === 'lost', 'the listener to lose the broker')
    await until(async () => (await incidentsOf(b, producerId)).length > 0, 'the incident, once lost for a second', () => watch.tick())
    expect(await incidentsOf(b, producerId)).toMatchObject([{ rule: 'mq_broker_lost', object_type: 'producer', object_name: 'Orders queue', state: 'open' }])
    expect((await incidentsOf(b, producerId))[0]!.last_error).toContain('the broker has been lost')
    const sent = async (n: number) => (await noticesOf(b, producerId)).filter((x) => x.status === 'sent').length === n
    await until(() => sent(1), 'the alarm', () => worker.tick())

    proxy.restore()
    await until(() => state() === 'listening', 'the listener to reconnect')
    await watch.tick()
    expect(await incidentsOf(b, producerId)).toMatchObject([{ state: 'resolved', resolved_by: '' }])
    await until(() => sent(2), 'the recovery notice', () => worker.tick())
    expect(hookCalls(sink.at('/hook')).filter((c) => c.objectId === producerId).map((c) => [c.kind, c.rule])).toEqual([['alarm', 'mq_broker_lost'], ['recovery', 'mq_broker_lost']])
    await channel.deleteQueue(queue)
  })

  it('messages refused from its queue N times within the window open one push_refused incident, and its alarm is sent', async () => {
    await setRule(b, 'push_refused', { threshold: 3, periodSeconds: 600 })
    const queue = `dh_mq_refused_${freshCode('q').replace(/\W/g, '_')}`
    const dead = `${queue}_dead`
    await channel.assertQueue(dead, { durable: false })
    await channel.assertQueue(queue, { durable: false, arguments: { 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': dead } })
    const name = `mq-${queue}`.slice(0, 50)
    const source = await b.ok<{ id: string }>(datasourceCreate, {
      name, sourceType: '4', dbType: 'rabbitmq', applicationCode: 'erp', host: RABBITMQ.host, port: String(RABBITMQ.port), username: RABBITMQ.user, password: RABBITMQ.password, databaseName: '/',
    })
    await b.ok(datasourceStatus, { id: source.id })
    const flow = await openFlow(b, {
      topic: { dataFormat: 'json' },
      producer: { productionMode: 'mq', appName: 'Order queue', alarmStatus: '1', alarm: alarmOf({ http: 'mq_hook' }), mqRequestInfoModel: { dataSourceName: name, queueName: queue } } as Partial<Producer>,
      consumers: [httpConsumer(`${sink.url}/target`)],
    })
    const producerId = flow.producer.id
    await listeners.reconcile()
    await until(() => listeners.states().get(producerId)?.kind === 'listening', 'the listener to listen')
    const publish = (text: string) => channel.sendToQueue(queue, Buffer.from(text))
    const deadLettered = async (n: number) => (await channel.checkQueue(dead)).messageCount === n

    // Two refusals and a good message: below the threshold.
    publish('{not json')
    publish(JSON.stringify({ n: 1 }))
    publish('{not json either')
    await until(() => deadLettered(2), 'two refused messages dead-lettered')
    // The watch writes the counts as events; the worker's pass evaluates them.
    await watch.tick()
    await worker.tick()
    expect(await incidentsOf(b, producerId)).toEqual([])

    publish('[1, 2')
    await until(() => deadLettered(3), 'the third refused message dead-lettered')
    await until(async () => (await incidentsOf(b, producerId)).length > 0, 'the incident', async () => {
      await watch.tick()
      await worker.tick()
    })
    const [incident] = await incidentsOf(b, producerId)
    expect(incident).toMatchObject({ rule: 'push_refused', object_type: 'producer', object_name: 'Order queue', state: 'open', count: 3 })
    expect(incident!.last_error).toContain('The message data is not valid JSON')
    await until(async () => (await noticesOf(b, producerId)).some((x) => x.status === 'sent'), 'the alarm', () => worker.tick())
    expect(hookCalls(sink.at('/hook')).filter((c) => c.objectId === producerId).map((c) => [c.kind, c.rule])).toEqual([['alarm', 'push_refused']])
    await channel.deleteQueue(queue)
    await channel.deleteQueue(dead)
  })
})
