import amqp, { type Channel, type ChannelModel } from 'amqplib'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { ConnectionSpec } from '../../../../src/hub/datahub/dataSources/connect/types'
import { MQ_PREFETCH, MqListener, type Accepted, type MqListenerState } from '../../../../src/hub/runtime/listen/mqListener'
import { startTcpProxy, type TcpProxy } from '../../../support/tcpProxy'
import { RABBITMQ } from '../../dataSources/support'

/**
 * One mq producer's listener against the real RabbitMQ on this machine, reached through a
 * loopback proxy whose line the test cuts. What the hub does with a message is the test's
 * `accept` (recording, holding or refusing it): the store's side is tested with the hub.
 */
describe('an mq producer\'s listener consumes its RabbitMQ queue and acknowledges only what was stored', () => {
  let admin: ChannelModel
  let channel: Channel
  let proxy: TcpProxy
  let queue: string
  let listener: MqListener | null = null
  const states: MqListenerState['kind'][] = []

  const spec = (): ConnectionSpec => ({
    dbType: 'rabbitmq', host: '127.0.0.1', port: proxy.port, databaseName: '/', username: RABBITMQ.user, password: RABBITMQ.password,
    timeoutMs: 5000, dataDir: '', sqliteSourcesDir: '', hubStore: null, sqliteBinding: null,
  })
  const publish = (...bodies: string[]) => bodies.forEach((b) => channel.sendToQueue(queue, Buffer.from(b), { persistent: true }))
  const waiting = async () => (await channel.checkQueue(queue)).messageCount
  const until = async (check: () => boolean | Promise<boolean>, what: string) => {
    for (let i = 0; i < 400; i++) {
      if (await check()) return
      await new Promise((r) => setTimeout(r, 25))
    }
    throw new Error(`timed out waiting until ${what}`)
  }
  /** The test's accept reads the body as text (the hub's charset handling is tested with the hub, mqProperties.test.ts). */
  const listen = (accept: (text: string) => Promise<Accepted>, binding: Partial<{ exchange: string; routingKey: string }> = {}) => {
    listener = new MqListener({ spec: spec(), binding: { queue, exchange: '', routingKey: '', ...binding }, accept: (m) => accept(m.content.toString('utf8')), log: () => {}, onState: (s) => states.push(s.kind) })
    listener.start()
    return listener
  }

  beforeAll(async () => {
    admin = await amqp.connect({ protocol: 'amqp', hostname: RABBITMQ.host, port: RABBITMQ.port, username: RABBITMQ.user, password: RABBITMQ.password })
    channel = await admin.createChannel()
    proxy = await startTcpProxy({ host: RABBITMQ.host, port: RABBITMQ.port })
  })
  afterEach(async () => {
    await listener?.stop()
    listener = null
    await channel.deleteQueue(queue)
    states.length = 0
  })
  afterAll(async () => {
    await proxy?.close()
    await admin?.close()
  })
  const freshQueue = async (args: Record<string, unknown> = {}) => {
    queue = `dh-mq-producer-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`
    await channel.assertQueue(queue, { durable: true, arguments: args })
  }

  it('takes the messages published before it started, and acknowledges none before accept has resolved', async () => {
    await freshQueue()
    publish('{"n":1}', '{"n":2}', '{"n":3}')
    const stored: string[] = []
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    let arrived = 0
    listen(async (text) => {
      arrived++
      await held
      stored.push(text)
      return 'stored'
    })
    await until(() => arrived === 3, 'the broker handed the three over')
    expect(await waiting()).toBe(0)
    // The line drops while the hub is still storing them: none was acknowledged, so the broker
    // takes all three back, and hands them over again once the listener is back.
    proxy.cut()
    await until(async () => (await waiting()) === 3, 'the unacknowledged messages are back in the queue')
    release()
    proxy.restore()
    await until(() => stored.length === 6, 'stored once before the cut (unacknowledged) and once after')
    await until(async () => (await waiting()) === 0, 'the queue is empty')
    expect(stored.slice(0, 3).sort()).toEqual(['{"n":1}', '{"n":2}', '{"n":3}'])
    expect(stored.slice(3).sort()).toEqual(['{"n":1}', '{"n":2}', '{"n":3}'])
  })

  it(`never holds more than ${MQ_PREFETCH} unacknowledged messages`, async () => {
    await freshQueue()
    publish(...Array.from({ length: MQ_PREFETCH * 3 }, (_, i) => String(i)))
    let pending = 0
    let most = 0
    const releases: (() => void)[] = []
    listen(async () => {
      most = Math.max(most, ++pending)
      await new Promise<void>((r) => releases.push(r))
      pending--
      return 'stored'
    })
    await until(() => releases.length === MQ_PREFETCH, 'a full prefetch arrived')
    expect(await waiting()).toBe(MQ_PREFETCH * 2)
    while (releases.length) releases.shift()!()
    await until(() => releases.length === MQ_PREFETCH, 'the next prefetch arrived')
    expect(most).toBe(MQ_PREFETCH)
    expect(await waiting()).toBe(MQ_PREFETCH)
    while (releases.length) releases.shift()!()
  })

  it('rejects a refused message to the dead-letter exchange instead of requeueing it', async () => {
    const dead = `dh-mq-dead-${Date.now().toString(36)}`
    await channel.assertQueue(dead, { durable: false, autoDelete: true })
    await freshQueue({ 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': dead })
    publish('not json', '{"ok":true}')
    const stored: string[] = []
    listen(async (text) => (text === 'not json' ? { refused: 'data is not JSON' } : (stored.push(text), 'stored')))
    await until(() => stored.length === 1, 'the good message is stored')
    await until(async () => (await channel.checkQueue(dead)).messageCount === 1, 'the refused message is dead-lettered')
    expect(await waiting()).toBe(0)
    const letter = await channel.get(dead, { noAck: true })
    expect(letter && letter.content.toString()).toBe('not json')
  })

  it('reconnects after its line is cut and takes what was published meanwhile; nothing is lost', async () => {
    await freshQueue()
    const stored = new Set<string>()
    listen(async (text) => (stored.add(text), 'stored'))
    publish('a', 'b')
    await until(() => stored.size === 2, 'the first two are stored')
    proxy.cut()
    await until(() => states.includes('lost'), 'the listener notices')
    publish('c', 'd', 'e')
    proxy.restore()
    await until(() => stored.size === 5, 'all five are stored')
    expect([...stored].sort()).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(states.filter((s) => s === 'listening').length).toBeGreaterThanOrEqual(2)
    await until(async () => (await waiting()) === 0, 'the queue is empty')
  })

  it('puts a message back in the queue when the hub cannot store it, and delivers it again later', async () => {
    await freshQueue()
    publish('x')
    let tries = 0
    listen(async () => {
      if (++tries === 1) throw new Error('the store is unavailable')
      return 'stored'
    })
    await until(() => tries === 2, 'the message came again')
    await until(async () => (await waiting()) === 0, 'the queue is empty')
    expect(states).toContain('lost')
  })

  it('binds its queue to the exchange with the routing key', async () => {
    await freshQueue()
    const exchange = `dh-mq-ex-${Date.now().toString(36)}`
    await channel.assertExchange(exchange, 'direct', { durable: false, autoDelete: true })
    const stored: string[] = []
    listen(async (text) => (stored.push(text), 'stored'), { exchange, routingKey: 'orders' })
    await until(() => states.includes('listening'), 'listening')
    channel.publish(exchange, 'orders', Buffer.from('routed'))
    channel.publish(exchange, 'other', Buffer.from('elsewhere'))
    await until(() => stored.length === 1, 'the routed message is stored')
    expect(stored).toEqual(['routed'])
  })

  it('says why when the queue does not exist, and keeps trying', async () => {
    queue = `dh-mq-missing-${Date.now().toString(36)}`
    const reasons: string[] = []
    listener = new MqListener({ spec: spec(), binding: { queue, exchange: '', routingKey: '' }, accept: async () => 'stored', log: () => {}, onState: (s) => s.kind === 'lost' && reasons.push(s.reason) })
    listener.start()
    await until(() => reasons.length >= 2, 'two attempts failed')
    expect(reasons[0]).toMatch(/NOT_FOUND.*no queue/)
    await listener.stop()
    listener = null
    await channel.assertQueue(queue, { durable: false, autoDelete: true })
  })
})
