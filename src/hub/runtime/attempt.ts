import type { Topic } from '../../shared/contract/datahub/topic'
import { consumerFromRow } from '../datahub/rows'
import type { HubContext } from '../http/context'
import { afterFailedTry } from './backoff'
import { reportEndedDelivery } from './callbacks'
import { finish, release, type Outcome } from './deliveries'
import type { MqChannels } from './deliver/mq'
import { DeliveryError, reasonOf } from './deliver/types'
import { dispatch } from './dispatch'
import type { RuntimeSettings } from './settings'
import type { DeliveryRow, RuntimeDb } from './tables'

/**
 * One try of one claimed delivery (the row as the claim took it), from loading what it needs
 * to recording how it ended.
 */
export async function attempt(db: RuntimeDb, hub: Pick<HubContext, 'store' | 'config'>, settings: RuntimeSettings, mq: MqChannels, delivery: DeliveryRow, stopping: AbortSignal): Promise<void> {
  const startedAt = Date.now()
  const { id } = delivery
  const attempts = delivery.attempts + 1
  const message = await db.selectFrom('dh_messages').selectAll().where('id', '=', delivery.message_id).executeTakeFirst()
  // The consumer with what it needs of its topic, in one read.
  const consumerRow = await db
    .selectFrom('consumers')
    .innerJoin('topics', 'topics.id', 'consumers.topic_id')
    .selectAll('consumers')
    .select(['topics.code as topic_ref_code', 'topics.name as topic_ref_name', 'topics.distribute_type as topic_ref_distribute_type', 'topics.is_delete as topic_ref_is_delete'])
    .where('consumers.id', '=', delivery.consumer_id)
    .executeTakeFirst()
  let outcome: Outcome
  if (!message || !consumerRow || consumerRow.topic_ref_is_delete !== '0') {
    outcome = { kind: 'dead', error: 'the consumer or its topic no longer exists' }
  } else if (consumerRow.status !== '1') {
    outcome = { kind: 'dead', error: 'the consumer is disabled; replay the message once it runs again' }
  } else if (message.payload === null) {
    outcome = { kind: 'dead', error: 'the payload was purged (the topic\'s logDataStoreDay) before it could be delivered' }
  } else {
    const topic = { code: consumerRow.topic_ref_code, name: consumerRow.topic_ref_name, distributeType: consumerRow.topic_ref_distribute_type as Topic['distributeType'] }
    const consumer = consumerFromRow(consumerRow, topic)
    const timeout = AbortSignal.timeout(settings.deliveryTimeoutMs)
    try {
      await dispatch(
        { hub, consumer, messageId: message.id, topicCode: message.topic_code, text: message.payload, contentType: message.content_type, signal: AbortSignal.any([timeout, stopping]) },
        settings,
        mq,
      )
      outcome = { kind: 'delivered' }
    } catch (err) {
      const error = err instanceof DeliveryError ? err.message : `unexpected failure: ${reasonOf(err)}`
      // Stopping the hub is not the consumer's fault: the try does not count.
      if (stopping.aborted && !timeout.aborted) return release(db, id)
      outcome = afterFailedTry(consumer, settings.retryUnitMs, attempts, error, err instanceof DeliveryError && err.permanent)
    }
  }
  const ended = await finish(db, id, attempts, outcome, startedAt, Date.now())
  // The producer's callback and result notifications, when this try ended the delivery (and
  // this worker still held it: otherwise its holder reports).
  if (ended && message && outcome.kind !== 'retry') await reportEndedDelivery(db, { delivery: ended, message, consumer: consumerRow ?? null })
}
