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
 * mq_broker_lost with the real RabbitMQ behind a loopback proxy whose line the test cuts: the
 * listener loses its broker, the watch raises once the threshold passed, and clears when the
 * listener is back.
 */
describeEachStore(targets, 'alarms: an mq producer that loses its broker', (target) => {
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
    const hub = { store: b.hub.store, config: { ...b.hub.config, allowPrivateWsdl: true }, log: (l: string) => b.hub.logs.push(l) }
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
})
