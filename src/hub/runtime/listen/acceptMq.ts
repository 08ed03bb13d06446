import { translateMessage } from '../../../../locales'
import type { Producer } from '../../../shared/contract/datahub/producer'
import { consumersOf, liveTopic } from '../../datahub/records'
import { topicFromRow } from '../../datahub/rows'
import { datahubDb } from '../../datahub/tables'
import type { HubContext } from '../../http/context'
import { Refusal } from '../../http/refusal'
import { prepareMessage } from '../accept/ingress'
import { recordMessage } from '../queue/messages'
import { runtimeSettings } from '../settings'
import type { Accepted } from './mqListener'

/**
 * An mq producer's message into the hub: the same checks, pre-processing and routing as a
 * push (prepareMessage), then stored with its deliveries (recordMessage, which returns once
 * committed: only then is the broker's message acknowledged). The topic and its consumers are
 * read for each message, so an edit of either applies from the next message on. A refusal is
 * answered in English for the hub's log.
 */
export const acceptMqMessage =
  (hub: Pick<HubContext, 'store' | 'config'>) =>
  (producer: Producer) =>
  async (text: string): Promise<Accepted> => {
    const db = datahubDb(hub.store.db)
    const topicRow = await liveTopic(db, { code: producer.topicCode })
    if (!topicRow) return { refused: `the topic ${producer.topicCode} no longer exists` }
    const topic = topicFromRow(topicRow)
    try {
      const prepared = await prepareMessage({ topic, producer, consumers: await consumersOf(db, topicRow) }, text, runtimeSettings(hub.config))
      await recordMessage(hub.store, { topic, producerId: producer.id, ...prepared })
      return 'stored'
    } catch (err) {
      if (err instanceof Refusal) return { refused: translateMessage('en', err.messageKey, err.params) }
      throw err
    }
  }
