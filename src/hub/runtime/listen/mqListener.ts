import type { Channel, ChannelModel, ConsumeMessage, MessageProperties } from 'amqplib'
import { openRabbitmq } from '../../datahub/dataSources/connect/rabbitmq'
import type { ConnectionSpec } from '../../datahub/dataSources/connect/types'
import { reasonOf } from '../../kernel/deliveryError'

/**
 * Messages the broker may hand one listener before it acknowledges them: enough to keep the
 * store's group commit busy, few enough that a hub going away hands back little to redeliver.
 */
export const MQ_PREFETCH = 16

/** Waits between reconnection attempts: doubling from the first to the last, then staying there. */
export const RECONNECT_FIRST_MS = 500
export const RECONNECT_LAST_MS = 30_000

/** What one mq producer listens to (its mq model). */
export interface MqBinding {
  queue: string
  /** Bound to the queue with the routing key when set (the binding is made if missing). */
  exchange: string
  routingKey: string
}

/** What became of one message handed to `accept`. */
export type Accepted = 'stored' | { refused: string }

/** One message as the broker handed it: its body's bytes and its AMQP properties. */
export interface BrokerMessage {
  content: Buffer
  properties: Partial<MessageProperties>
}

export interface MqListenerOptions {
  /** The broker (the producer's rabbitmq data source), already decrypted. */
  spec: ConnectionSpec
  binding: MqBinding
  /**
   * Stores one message (its body read by its declared charset, its properties kept) as the
   * producer's message, resolving once it is committed, or says why it is refused (charset,
   * format, schema, pre-processing). Throws when the hub cannot store now (the message goes
   * back to the queue and the listener reconnects later).
   */
  accept: (message: BrokerMessage) => Promise<Accepted>
  log: (line: string) => void
  /** Told of every change of the connection's state (for the run history and alarms). */
  onState?: (state: MqListenerState) => void
}

export type MqListenerState = { kind: 'connecting' } | { kind: 'listening' } | { kind: 'lost'; reason: string; since: number } | { kind: 'stopped' }

/**
 * One mq producer's consumer of its RabbitMQ queue, kept alive until stopped. Each message is
 * acknowledged only after the hub stored it, so a message the hub never committed is never
 * lost: it stays in the queue, or is redelivered when the connection drops first. A message
 * the producer's checks refuse is rejected without requeueing (to the queue's dead-letter
 * exchange, when it has one), so a bad message cannot come back forever. At least once: a
 * message stored just before the connection dropped, its acknowledgement lost, is delivered
 * again, as with any AMQP consumer.
 */
export class MqListener {
  private connection: ChannelModel | null = null
  private channel: Channel | null = null
  private stopped = false
  private retryMs = RECONNECT_FIRST_MS
  private timer: NodeJS.Timeout | null = null
  private lostSince: number | null = null
  /** Messages being stored now: stop waits for them, so none is acknowledged on a closed channel. */
  private readonly inFlight = new Set<Promise<void>>()

  constructor(private readonly options: MqListenerOptions) {}

  start(): void {
    void this.connect()
  }

  /** Stops listening: messages not yet acknowledged go back to the queue (the broker's rule). */
  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    await Promise.allSettled([...this.inFlight])
    await this.connection?.close().catch(() => {})
    this.connection = null
    this.channel = null
    this.options.onState?.({ kind: 'stopped' })
  }

  private async connect(): Promise<void> {
    if (this.stopped) return
    this.options.onState?.({ kind: 'connecting' })
    const { spec, binding } = this.options
    try {
      const connection = await openRabbitmq(spec, 10)
      if (this.stopped) {
        await connection.close().catch(() => {})
        return
      }
      this.connection = connection
      const channel = await connection.createChannel()
      let closedBy = ''
      channel.on('error', (err: unknown) => (closedBy = reasonOf(err)))
      this.channel = channel
      // The queue is the producer's source: the hub checks it but never creates it. A failure
      // here rejects (and closes the channel): the catch below reports it.
      await channel.checkQueue(binding.queue)
      if (binding.exchange) await channel.bindQueue(binding.queue, binding.exchange, binding.routingKey)
      await channel.prefetch(MQ_PREFETCH)
      await channel.consume(binding.queue, (message) => message && this.track(this.receive(channel, message)), { noAck: false })
      connection.on('close', () => this.lost(connection, 'the connection to the broker closed'))
      channel.on('close', () => this.lost(connection, closedBy || 'the broker closed the channel'))
      this.retryMs = RECONNECT_FIRST_MS
      this.lostSince = null
      this.options.onState?.({ kind: 'listening' })
    } catch (err) {
      this.lost(this.connection, reasonOf(err).split(spec.password || '\0').join('***'))
    }
  }

  private track(work: Promise<void>): void {
    this.inFlight.add(work)
    void work.finally(() => this.inFlight.delete(work))
  }

  private async receive(channel: Channel, message: ConsumeMessage): Promise<void> {
    let outcome: Accepted
    try {
      outcome = await this.options.accept({ content: message.content, properties: message.properties })
    } catch (err) {
      // The hub could not store it: back to the queue, and a fresh start after a pause.
      this.options.log(`mq producer on ${this.options.binding.queue}: a message could not be stored (${reasonOf(err)}); it stays in the queue`)
      try {
        channel.nack(message, false, true)
      } catch {
        // The channel is gone: the broker requeues it anyway.
      }
      this.lost(this.connection, `the hub could not store a message: ${reasonOf(err)}`)
      return
    }
    try {
      if (outcome === 'stored') channel.ack(message)
      else {
        this.options.log(`mq producer on ${this.options.binding.queue}: a message was refused (${outcome.refused}); it is rejected, not requeued`)
        channel.nack(message, false, false)
      }
    } catch {
      // The channel closed after the store committed: the broker redelivers it (at least once).
    }
  }

  /** The connection is gone (or never came): try again after a growing pause. */
  private lost(connection: ChannelModel | null, reason: string): void {
    if (this.stopped || connection !== this.connection || this.timer) return
    this.lostSince ??= Date.now()
    this.options.onState?.({ kind: 'lost', reason, since: this.lostSince })
    const old = this.connection
    this.connection = null
    this.channel = null
    void old?.close().catch(() => {})
    this.timer = setTimeout(() => {
      this.timer = null
      void this.connect()
    }, this.retryMs)
    this.retryMs = Math.min(RECONNECT_LAST_MS, this.retryMs * 2)
  }
}
