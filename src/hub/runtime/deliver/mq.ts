import type { ChannelModel, ConfirmChannel, Options } from 'amqplib'
import type { MessageProperties } from '../../../shared/contract/datahub/messageProperties'
import { openRabbitmq } from '../../datahub/dataSources/connect/rabbitmq'
import { dataSourceByName } from '../../datahub/dataSources/records'
import { sourceSpec } from '../../datahub/dataSources/specs'
import { dataSourceDb } from '../../datahub/dataSources/tables'
import { CONTENT_TYPES } from '../engines/payload'
import { asAmqp } from '../listen/amqpProperties'
import type { DeliveryJob } from './types'
import { DeliveryError, reasonOf, settingMissing } from '../../kernel/deliveryError'
import { keyed } from '../../text/keyedText'

interface Open {
  connection: ChannelModel
  channel: ConfirmChannel
}

/**
 * The worker's RabbitMQ connections, one confirm channel per data source (keyed by its id and
 * version, so an edited source gets a fresh connection). A channel the broker closed (a missing
 * queue or exchange closes it with 404) is dropped and opened again on the next try.
 */
export class MqChannels {
  private readonly open = new Map<string, Promise<Open>>()

  async channel(key: string, connect: () => Promise<Open>): Promise<ConfirmChannel> {
    let pending = this.open.get(key)
    if (!pending) {
      pending = connect()
      this.open.set(key, pending)
      pending.then(
        ({ connection, channel }) => {
          const forget = () => {
            if (this.open.get(key) === pending) this.open.delete(key)
          }
          connection.on('error', forget)
          connection.on('close', forget)
          channel.on('error', forget)
          channel.on('close', forget)
        },
        () => this.open.delete(key),
      )
    }
    return (await pending).channel
  }

  async close(): Promise<void> {
    const all = [...this.open.values()]
    this.open.clear()
    await Promise.all(all.map((p) => p.then((o) => o.connection.close()).catch(() => {})))
  }
}

/**
 * mq consumers: the message is published to RabbitMQ with publisher confirms, so a delivery
 * counts only once the broker has taken responsibility for it (persistent messages are on
 * disk). With an exchange it goes there with the routing key; without one, to the queue
 * through the default exchange. The queue must exist (it is checked; the hub does not create
 * a consumer's queues). The broker is the consumer's data source (datasourceName, or the mq
 * model's dataSourceName), type rabbitmq; activemq targets are not delivered yet.
 */
export async function deliverMq(job: DeliveryJob, channels: MqChannels): Promise<void> {
  const model = job.consumer.mqRequestInfoModel
  const sourceName = (model?.dataSourceName || job.consumer.datasourceName || '').trim()
  if (!sourceName) throw settingMissing('msg_exchange_setting_mq_source')
  const exchange = model?.exchangeName?.trim() ?? ''
  const queue = model?.queueName?.trim() ?? ''
  if (!exchange && !queue) throw settingMissing('msg_exchange_setting_queue_or_exchange')
  const source = await dataSourceByName(dataSourceDb(job.hub.store.db), sourceName)
  if (!source) throw new DeliveryError(keyed('msg_exchange_source_missing', { name: sourceName }), true)
  if (source.db_type !== 'rabbitmq') throw new DeliveryError(source.db_type ? keyed('msg_exchange_mq_not_rabbitmq', { name: sourceName, type: source.db_type }) : keyed('msg_exchange_mq_not_mq', { name: sourceName }), true)
  const spec = sourceSpec(source, job.hub)
  const password = spec.password
  const connect = async (): Promise<Open> => {
    const connection = await openRabbitmq(spec, 30)
    const channel = await connection.createConfirmChannel()
    channel.on('error', () => {})
    return { connection, channel }
  }
  let channel: ConfirmChannel
  try {
    channel = await channels.channel(`${source.id}:${source.version}`, connect)
    if (queue) await channel.checkQueue(queue)
  } catch (err) {
    throw new DeliveryError(keyed('msg_exchange_mq_failed', { name: sourceName, reason: reasonOf(err).split(password || '\0').join('***') }))
  }
  const routingKey = model?.routingKey?.trim() || queue
  const options = publishOptions(job)
  await new Promise<void>((done, fail) => {
    const confirmed = (err: unknown) => (err ? fail(new DeliveryError(keyed('msg_exchange_mq_not_confirmed', { name: sourceName, reason: reasonOf(err) }))) : done())
    try {
      channel.publish(exchange, routingKey, Buffer.from(job.payload.text, 'utf8'), options, confirmed)
    } catch (err) {
      fail(new DeliveryError(keyed('msg_exchange_mq_failed', { name: sourceName, reason: reasonOf(err) })))
    }
    job.signal.addEventListener('abort', () => fail(new DeliveryError(keyed('msg_exchange_mq_timeout', { name: sourceName }))), { once: true })
  })
}

/**
 * What a published message carries. The body is the consumer's payload as UTF-8, labelled so.
 * A message that came from an mq producer passes its AMQP properties on (issue 32 item 8): its
 * message id, correlation id, timestamp, type, app id and header table, so a consumer sees what
 * the publisher sent. Without a message id of its own it carries the hub's. The hub's headers,
 * x-datahub-topic and x-datahub-message-id (the hub's id, which the message log is searched
 * by), are set over any of the publisher's of that name. The publisher's content type and
 * encoding are not passed on: the body was decoded by them and is UTF-8 now.
 */
export function publishOptions(job: Pick<DeliveryJob, 'payload' | 'messageId' | 'topicCode' | 'properties'>): Options.Publish {
  const p: MessageProperties = job.properties ?? {}
  const headers = { ...((p.headers ? asAmqp(p.headers) : {}) as Record<string, unknown>), 'x-datahub-topic': job.topicCode, 'x-datahub-message-id': job.messageId }
  return {
    persistent: true,
    contentType: CONTENT_TYPES[job.payload.format],
    messageId: p.messageId ?? job.messageId,
    ...(p.correlationId === undefined ? {} : { correlationId: p.correlationId }),
    ...(p.timestamp === undefined ? {} : { timestamp: p.timestamp }),
    ...(p.type === undefined ? {} : { type: p.type }),
    ...(p.appId === undefined ? {} : { appId: p.appId }),
    headers,
  }
}
