import { consumerFromRow, topicFromRow } from '../datahub/rows'
import type { HubContext } from '../http/context'
import { afterFailedTry } from './backoff'
import { afterDelivery, sendDueCallbacks } from './callbacks'
import { claim, dueConsumers, dueDeliveries, finish, release, type Outcome } from './deliveries'
import { MqChannels } from './deliver/mq'
import { DeliveryError, reasonOf } from './deliver/types'
import { dispatch } from './dispatch'
import { purgeExpired } from './messages'
import { runtimeSettings, type RuntimeSettings } from './settings'
import { runtimeDb, type RuntimeDb } from './tables'

export interface DeliveryWorker {
  start(): void
  /** Stops polling, aborts tries in flight (handed back as pending, the try not counted) and waits for them. */
  stop(): Promise<void>
  /** One poll: claims what is due and starts it; resolves once those tries ended (for tests and benches). */
  tick(): Promise<void>
  /** Drops expired payloads and logs now. */
  purge(): Promise<{ payloads: number; messages: number }>
}

/**
 * The delivery worker: polls due deliveries and runs each try without waiting for it, so a
 * slow or failing consumer only ever occupies its own slots (perConsumer) while the others
 * keep flowing. Consumers and topics are read fresh for every try, so an edited consumer is
 * used from its next delivery on.
 */
export function createDeliveryWorker(hub: Pick<HubContext, 'store' | 'config' | 'log'>, overrides: Partial<RuntimeSettings> = {}): DeliveryWorker {
  const settings = runtimeSettings(hub.config, overrides)
  const db = runtimeDb(hub.store.db)
  const mq = new MqChannels()
  const inFlight = new Map<string, number>()
  const running = new Set<Promise<void>>()
  const stopping = new AbortController()
  let total = 0
  let timer: NodeJS.Timeout | null = null
  let polling: Promise<void> | null = null
  let lastPurge = 0

  const poll = async (): Promise<Promise<void>[]> => {
    const started: Promise<void>[] = []
    const now = Date.now()
    for (const consumerId of await dueConsumers(db, now)) {
      const free = Math.min(settings.perConsumer - (inFlight.get(consumerId) ?? 0), settings.maxInFlight - total)
      if (free <= 0) continue
      for (const id of await dueDeliveries(db, consumerId, now, free)) {
        if (stopping.signal.aborted || !(await claim(db, id, Date.now(), settings.leaseMs))) continue
        inFlight.set(consumerId, (inFlight.get(consumerId) ?? 0) + 1)
        total++
        const run = attempt(db, hub, settings, mq, id, stopping.signal)
          .catch((err: unknown) => hub.log(`[runtime] delivery ${id} failed inside the hub: ${reasonOf(err)}`))
          .finally(() => {
            const left = (inFlight.get(consumerId) ?? 1) - 1
            if (left > 0) inFlight.set(consumerId, left)
            else inFlight.delete(consumerId)
            total--
            running.delete(run)
          })
        running.add(run)
        started.push(run)
      }
    }
    const callbacks = sendDueCallbacks(hub, db, settings, stopping.signal).catch((err: unknown) => hub.log(`[runtime] callbacks failed: ${reasonOf(err)}`))
    running.add(callbacks)
    started.push(callbacks)
    void callbacks.finally(() => running.delete(callbacks))
    if (now - lastPurge >= settings.purgeEveryMs) {
      lastPurge = now
      await purgeExpired(hub.store, now).catch((err: unknown) => hub.log(`[runtime] purge failed: ${reasonOf(err)}`))
    }
    return started
  }

  const loop = () => {
    if (stopping.signal.aborted) return
    polling = poll()
      .then(() => undefined)
      .catch((err: unknown) => hub.log(`[runtime] poll failed: ${reasonOf(err)}`))
      .finally(() => {
        polling = null
        if (!stopping.signal.aborted) timer = setTimeout(loop, settings.pollMs)
      })
  }

  return {
    start: () => {
      if (!timer && !polling && !stopping.signal.aborted) loop()
    },
    stop: async () => {
      stopping.abort()
      if (timer) clearTimeout(timer)
      timer = null
      await polling
      await Promise.allSettled([...running])
      await mq.close()
    },
    tick: async () => {
      await Promise.allSettled(await poll())
    },
    purge: () => purgeExpired(hub.store),
  }
}

/** One try of one claimed delivery, from loading what it needs to recording how it ended. */
async function attempt(db: RuntimeDb, hub: Pick<HubContext, 'store' | 'config'>, settings: RuntimeSettings, mq: MqChannels, id: string, stopping: AbortSignal): Promise<void> {
  const startedAt = Date.now()
  const delivery = await db.selectFrom('dh_deliveries').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  const attempts = delivery.attempts + 1
  const message = await db.selectFrom('dh_messages').selectAll().where('id', '=', delivery.message_id).executeTakeFirst()
  const consumerRow = await db.selectFrom('consumers').selectAll().where('id', '=', delivery.consumer_id).executeTakeFirst()
  const topicRow = consumerRow ? await db.selectFrom('topics').selectAll().where('id', '=', consumerRow.topic_id).executeTakeFirst() : undefined
  let outcome: Outcome
  if (!message || !consumerRow || !topicRow || topicRow.is_delete !== '0') {
    outcome = { kind: 'dead', error: 'the consumer or its topic no longer exists' }
  } else if (consumerRow.status !== '1') {
    outcome = { kind: 'dead', error: 'the consumer is disabled; replay the message once it runs again' }
  } else if (message.payload === null) {
    outcome = { kind: 'dead', error: 'the payload was purged (the topic\'s logDataStoreDay) before it could be delivered' }
  } else {
    const consumer = consumerFromRow(consumerRow, topicFromRow(topicRow))
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
  await finish(db, id, attempts, outcome, startedAt, Date.now())
  // The producer's callback, when this try ended the delivery (or the message's last one).
  if (outcome.kind !== 'retry') await afterDelivery(db, id)
}
