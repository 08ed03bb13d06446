import type { Producer } from '../../../shared/contract/datahub/producer'
import type { HubContext } from '../../http/context'
import { Refusal } from '../../kernel/refusal'
import { flowOf } from '../accept/flowCache'
import { prepareMessage } from '../accept/ingress'
import { recordMessage } from '../queue/messages'
import { runtimeSettings } from '../settings'
import { keptProperties } from './amqpProperties'
import { bodyText } from './bodyCharset'
import type { Accepted, BrokerMessage } from './mqListener'
import { logText } from '../../text/keyedText'

/**
 * An mq producer's message into the hub: its body read by the character set its publisher
 * declared (bodyCharset.ts), then the same checks, pre-processing and routing as a push
 * (prepareMessage), then stored with its deliveries and its AMQP properties (amqpProperties.ts;
 * recordMessage returns once committed: only then is the broker's message acknowledged). The flow (topic, producer,
 * consumers) is a push's (flowCache.ts), so an edit applies from the next message on. A
 * refusal is answered in English for the hub's log, and counted like a pushed one for the
 * push_refused alarm: an application that publishes bad data to the queue is the same fault as
 * one that pushes it.
 */
export const acceptMqMessage =
  (hub: Pick<HubContext, 'store' | 'config' | 'events'>) =>
  (listening: Producer) =>
  async (message: BrokerMessage): Promise<Accepted> => {
    const flow = await flowOf(hub.store, listening.topicCode)
    const producer = flow?.producer
    // Removed or replaced meanwhile: the message goes back to its queue (the listener stops soon).
    if (!flow || producer?.id !== listening.id) throw new Error(`the topic ${listening.topicCode} no longer has this producer`)
    try {
      const properties = keptProperties(message.properties)
      const text = bodyText(message.content, properties ?? {})
      const prepared = await prepareMessage({ topic: flow.topic, producer, consumers: flow.consumers }, text, runtimeSettings(hub.config))
      await recordMessage(hub.store, { topic: flow.topic, producerId: producer.id, ...prepared, properties })
      return 'stored'
    } catch (err) {
      if (!(err instanceof Refusal)) throw err
      // Announced as the push path does (alarms/watch/refusals.ts counts only the data's faults).
      void hub.events.emit('pushRefused', { store: hub.store, producerId: producer.id, refusal: err }).catch(() => {})
      // For the hub's log, which is English.
      return { refused: logText({ key: err.messageKey, params: err.params }) }
    }
  }
