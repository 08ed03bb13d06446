import type { Consumer } from '../../../../shared/contract/datahub/consumer'
import { consumerServerApiPull, type PulledMessage } from '../../../../shared/contract/datahub/runtime'
import { consumersOf, liveTopic } from '../../../datahub/records'
import { datahubDb } from '../../../datahub/tables'
import { route } from '../../../http/context'
import type { Store } from '../../../store'
import { isoNow } from '../../../store/ids'
import { claim } from '../../queue/deliveries'
import { DeliveryError } from '../../../kernel/deliveryError'
import { postProcess } from '../dispatch'
import { CONTENT_TYPES } from '../../engines/payload'
import * as refuse from '../../refusals'
import { runtimeSettings, type RuntimeSettings } from '../../settings'
import { runtimeDb, type RuntimeDb } from '../../tables'
import { pullingApp } from './appAuth'
import { endTry, expireLeases, type HeldDelivery } from './tries'
import type { RuntimeBus } from '../../events'
import { encodeText, keyed } from '../../../text/keyedText'

/**
 * POST /consumer/serverApi: the application (its system authentication) takes the oldest due
 * deliveries of its serverApi consumer(s) on the topic, each leased to it until it acknowledges
 * (ack.ts) or the lease runs out. Several consumers of the same application on one topic are
 * pulled together: each of their deliveries is owed to that application.
 */
export const pullRoute = route(consumerServerApiPull, async ({ topicCode, max }, call) => {
  const appCode = await pullingApp(call)
  const consumers = await pulledConsumers(call.hub.store.db, topicCode, appCode)
  const settings = runtimeSettings(call.hub.config)
  const db = runtimeDb(call.hub.store.db)
  const byId = new Map(consumers.map((c) => [c.id, c]))
  await expireLeases(call.hub.events, db, call.hub.store.kind, byId, settings.retryUnitMs)

  const due = await db
    .selectFrom('dh_deliveries')
    .select(['id', 'consumer_id', 'message_id', 'attempts'])
    .where('consumer_id', 'in', [...byId.keys()])
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', isoNow())
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(max)
    .execute()
  const pulled: PulledMessage[] = []
  for (const delivery of due) {
    const now = Date.now()
    // Another pull (or hub node) may have taken it since the select: the claim decides.
    if (!(await claim(db, delivery.id, now, settings.leaseMs))) continue
    const message = await handOut(call.hub.events, db, call.hub.store.kind, { ...delivery, started_at: isoNow(now) }, byId.get(delivery.consumer_id)!, settings)
    if (message) pulled.push(message)
  }
  return pulled
})

/** The application's serverApi consumers on a live, enabled topic; refusals say what is missing. */
async function pulledConsumers(store: Store['db'], topicCode: string, appCode: string): Promise<Consumer[]> {
  const db = datahubDb(store)
  const topicRow = await liveTopic(db, { code: topicCode })
  if (!topicRow) throw refuse.topicUnknown({ topicCode })
  if (topicRow.status !== '1') throw refuse.pullTopicDisabled({ topicCode })
  const mine = (await consumersOf(db, topicRow)).filter((c) => c.dataConsumeType === 'serverApi' && c.applicationCode === appCode)
  if (mine.length === 0) throw refuse.noPullConsumer({ topicCode, appCode })
  const running = mine.filter((c) => c.status === '1')
  if (running.length === 0) throw refuse.pullConsumerDisabled({ topicCode, appCode })
  return running
}

/**
 * The message of a claimed delivery as the application gets it. One that cannot be handed out
 * (its payload purged, a post-processor that cannot run on it) ends dead here with the reason,
 * as the worker would end it, and is left out of the answer.
 */
async function handOut(events: RuntimeBus, db: RuntimeDb, kind: Store['kind'], delivery: HeldDelivery & { message_id: string }, consumer: Consumer, settings: RuntimeSettings): Promise<PulledMessage | null> {
  const message = await db.selectFrom('dh_messages').selectAll().where('id', '=', delivery.message_id).executeTakeFirstOrThrow()
  try {
    if (message.payload === null) throw new DeliveryError(keyed('msg_exchange_payload_purged_pull'), true)
    const payload = await postProcess(consumer, message.payload, message.content_type, settings)
    return {
      deliveryId: delivery.id,
      messageId: message.id,
      topicCode: message.topic_code,
      data: payload.text,
      contentType: CONTENT_TYPES[payload.format],
      receivedAt: message.received_at,
      attempt: delivery.attempts + 1,
    }
  } catch (err) {
    if (!(err instanceof DeliveryError)) throw err
    await endTry(events, db, kind, delivery, consumer, settings.retryUnitMs, encodeText(err.text), err.permanent)
    return null
  }
}
