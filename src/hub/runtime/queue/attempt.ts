import type { Selectable } from 'kysely'
import type { DatahubTables } from '../../datahub/tables'
import type { Topic } from '../../../shared/contract/datahub/topic'
import { consumerFromRow } from '../../datahub/rows'
import type { HubContext } from '../../http/context'
import { afterFailedTry } from './backoff'
import { reportEndedDelivery } from '../report/outbox'
import { release, type Ending, type Outcome } from './deliveries'
import { DeliveryError, reasonOf } from '../../kernel/deliveryError'
import { encodeText, keyed } from '../../text/keyedText'
import { dispatch, type Connections } from '../deliver/dispatch'
import type { RuntimeSettings } from '../settings'
import { propertiesOf } from './properties'
import type { DeliveryRow, MessageRow, RuntimeDb } from '../tables'

/** What one try needs besides its delivery: its message and its consumer (with its topic's fields). */
export interface TryInput {
  message: MessageRow | undefined
  consumerRow: ConsumerWithTopic | undefined
  /** The message's producer (for its callbacks), null when it is gone. */
  producer: ProducerRow | null
}

export type ConsumerWithTopic = Awaited<ReturnType<typeof consumersWithTopic>>[number]
type ProducerRow = Selectable<DatahubTables['producers']>

const consumersWithTopic = (db: RuntimeDb, ids: readonly string[]) =>
  db
    .selectFrom('consumers')
    .innerJoin('topics', 'topics.id', 'consumers.topic_id')
    .selectAll('consumers')
    .select(['topics.code as topic_ref_code', 'topics.name as topic_ref_name', 'topics.distribute_type as topic_ref_distribute_type', 'topics.is_delete as topic_ref_is_delete'])
    .where('consumers.id', 'in', ids)
    .execute()

const distinct = (values: Iterable<string>) => [...new Set(values)]

/**
 * Reads what a set of claimed deliveries needs, for all of them at once: their messages, their
 * consumers with their topics, the messages' producers (three reads, whatever the set's size).
 * Read after the claim, so a consumer edited before it is used as edited.
 */
export async function loadTries(db: RuntimeDb, deliveries: readonly DeliveryRow[]): Promise<Map<string, TryInput>> {
  if (deliveries.length === 0) return new Map()
  const messages = new Map((await db.selectFrom('dh_messages').selectAll().where('id', 'in', distinct(deliveries.map((d) => d.message_id))).execute()).map((m) => [m.id, m]))
  const consumers = new Map((await consumersWithTopic(db, distinct(deliveries.map((d) => d.consumer_id)))).map((c) => [c.id, c]))
  const producerIds = distinct([...messages.values()].map((m) => m.producer_id))
  const producers = new Map(producerIds.length === 0 ? [] : (await db.selectFrom('producers').selectAll().where('id', 'in', producerIds).execute()).map((p) => [p.id, p]))
  return new Map(
    deliveries.map((d) => {
      const message = messages.get(d.message_id)
      return [d.id, { message, consumerRow: consumers.get(d.consumer_id), producer: (message && producers.get(message.producer_id)) ?? null }]
    }),
  )
}

/**
 * One try of one claimed delivery (the row as the claim took it, with what loadTries read for
 * it), ending with recording how it ended through `record` (finish, or finishAll in a set).
 */
export async function attempt(
  db: RuntimeDb,
  hub: Pick<HubContext, 'store' | 'config' | 'metrics'>,
  settings: RuntimeSettings,
  connections: Connections,
  delivery: DeliveryRow,
  input: TryInput,
  record: (ending: Ending) => Promise<DeliveryRow | undefined>,
  stopping: AbortSignal,
): Promise<void> {
  const startedAt = Date.now()
  const { id } = delivery
  const attempts = delivery.attempts + 1
  const { message, consumerRow } = input
  let outcome: Outcome
  if (!message || !consumerRow || consumerRow.topic_ref_is_delete !== '0') {
    outcome = { kind: 'dead', error: encodeText(keyed('msg_exchange_consumer_gone')) }
  } else if (consumerRow.status !== '1') {
    outcome = { kind: 'dead', error: encodeText(keyed('msg_exchange_consumer_disabled')) }
  } else if (message.payload === null) {
    outcome = { kind: 'dead', error: encodeText(keyed('msg_exchange_payload_purged')) }
  } else {
    const topic = { code: consumerRow.topic_ref_code, name: consumerRow.topic_ref_name, distributeType: consumerRow.topic_ref_distribute_type as Topic['distributeType'] }
    const consumer = consumerFromRow(consumerRow, topic)
    const timeout = AbortSignal.timeout(settings.deliveryTimeoutMs)
    try {
      await dispatch(
        {
          hub,
          consumer,
          messageId: message.id,
          topicCode: message.topic_code,
          receivedAt: message.received_at,
          text: message.payload,
          contentType: message.content_type,
          properties: propertiesOf(message.properties),
          signal: AbortSignal.any([timeout, stopping]),
        },
        settings,
        connections,
      )
      outcome = { kind: 'delivered' }
    } catch (err) {
      // Stored as key and parameters: the message log renders it in its reader's language.
      const error = encodeText(err instanceof DeliveryError ? err.text : keyed('msg_exchange_unexpected', { reason: reasonOf(err) }))
      // Stopping the hub is not the consumer's fault: the try does not count.
      if (stopping.aborted && !timeout.aborted) return release(db, id)
      outcome = afterFailedTry(consumer, settings.retryUnitMs, attempts, error, err instanceof DeliveryError && err.permanent)
    }
  }
  const endedAt = Date.now()
  const ended = await record({ delivery, attempts, outcome, startedAt, now: endedAt })
  // Measured once recorded, by the worker that held the delivery (another that took it over reports its own try).
  if (ended) hub.metrics?.tryEnded({ consumeType: consumerRow?.data_consume_type ?? 'unknown', outcome: outcome.kind, startedAt, endedAt, receivedAt: message?.received_at ?? null })
  // The producer's callback and result notifications, when this try ended the delivery (and
  // this worker still held it: otherwise its holder reports).
  if (ended && message && outcome.kind !== 'retry') await reportEndedDelivery(db, { delivery: ended, message, consumer: consumerRow ?? null, producer: input.producer })
}
