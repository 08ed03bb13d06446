import type { HubContext } from '../../http/context'
import { attempt, loadTries, type TryInput } from './attempt'
import { sendDueCallbacks } from '../report/outbox'
import { claimDue, dueConsumers, finishAll, type Ending } from './deliveries'
import { groupCommit } from './groupCommit'
import { DbLinkThread } from '../deliver/dbLinkThread'
import type { Connections } from '../deliver/dispatch'
import { MqChannels } from '../deliver/mq'
import { reasonOf } from '../../kernel/deliveryError'
import { runtimeSettings, type RuntimeSettings } from '../settings'
import { runtimeDb, type DeliveryRow } from '../tables'

export interface DeliveryWorker {
  start(): void
  /** Stops polling, aborts tries in flight (handed back as pending, the try not counted) and waits for them. */
  stop(): Promise<void>
  /** One poll: claims what is due and starts it; resolves once those tries ended (for tests and benches). */
  tick(): Promise<void>
}

/**
 * The delivery worker: runs each try without waiting for it, so a slow or failing consumer
 * only ever occupies its own slots (perConsumer) while the others keep flowing. Every pollMs
 * it looks for consumers with due deliveries and claims a batch for each (one statement per
 * batch). A consumer whose claim took every free slot has a backlog: when one of its tries
 * ends, the freed slot is filled at once, without waiting for the next poll, so a backlog
 * drains as fast as the consumer answers. Consumers and topics are read fresh for every claimed set,
 * so an edited consumer is used from its next delivery on.
 *
 * A slot stays taken until its try's end is recorded: the deliveries a crash can leave sent
 * but unrecorded (sent again after a restart, once their lease ends) are at most the slots,
 * perConsumer per consumer and maxInFlight in all.
 */
export function createDeliveryWorker(hub: Pick<HubContext, 'store' | 'config' | 'log' | 'metrics' | 'events' | 'outbox'>, overrides: Partial<RuntimeSettings> = {}): DeliveryWorker {
  const settings = runtimeSettings(hub.config, overrides)
  const db = runtimeDb(hub.store.db)
  const connections: Connections = { mq: new MqChannels(), dbLink: new DbLinkThread(), dbLinkPoolSize: settings.perConsumer }
  /**
   * Tries that end together are recorded together, in one statement, then announced together
   * (triesEnded: the alarms record the failures in one more); a listener's failure is only logged.
   */
  const record = groupCommit(async (endings: Ending[]) => {
    const recorded = await finishAll(db, hub.store.kind, endings)
    await hub.events.emit('triesEnded', { db, endings, recorded }).catch((err: unknown) => hub.log(`[runtime] a listener of ended tries failed: ${reasonOf(err)}`))
    return recorded
  }, 128)
  const inFlight = new Map<string, number>()
  const running = new Set<Promise<void>>()
  const stopping = new AbortController()
  let total = 0
  let started = false
  let timer: NodeJS.Timeout | null = null
  let polling: Promise<void> | null = null
  /** Consumers whose last claim took every slot it could: more of theirs is probably due. */
  const backlogged = new Set<string>()
  /** Consumers being claimed for now, and those to claim for again once that claim ends. */
  const filling = new Set<string>()
  const refill = new Set<string>()

  const track = (work: Promise<void>) => {
    running.add(work)
    void work.finally(() => running.delete(work))
  }
  /** Each consumer's kind, as its last claimed set read it: dblink consumers hold more slots. */
  const consumeTypes = new Map<string, string>()
  const slotsOf = (consumerId: string) => (consumeTypes.get(consumerId) === 'dblink' ? settings.perDbLinkConsumer : settings.perConsumer)
  const freeSlots = (consumerId: string) => Math.min(slotsOf(consumerId) - (inFlight.get(consumerId) ?? 0), settings.maxInFlight - total)

  /** Claims what the consumer's free slots allow and starts those tries; returns them. */
  const fill = async (consumerId: string): Promise<Promise<void>[]> => {
    if (filling.has(consumerId)) {
      refill.add(consumerId)
      return []
    }
    filling.add(consumerId)
    const runs: Promise<void>[] = []
    try {
      do {
        refill.delete(consumerId)
        const free = freeSlots(consumerId)
        if (stopping.signal.aborted) break
        if (free <= 0) {
          backlogged.add(consumerId)
          break
        }
        const claimed = await claimDue(db, consumerId, Date.now(), free, settings.leaseMs, hub.store.kind)
        if (claimed.length === free) backlogged.add(consumerId)
        else backlogged.delete(consumerId)
        // The slots are taken now; what the tries need is read once for the whole set.
        const inputs = loadTries(db, claimed)
        inputs.then((loaded) => {
          const type = loaded.values().next().value?.consumerRow?.data_consume_type
          if (type) consumeTypes.set(consumerId, type)
        }, () => {})
        for (const delivery of claimed) runs.push(begin(consumerId, delivery, inputs))
      } while (refill.has(consumerId))
    } finally {
      filling.delete(consumerId)
    }
    return runs
  }

  const begin = (consumerId: string, delivery: DeliveryRow, inputs: Promise<Map<string, TryInput>>): Promise<void> => {
    inFlight.set(consumerId, (inFlight.get(consumerId) ?? 0) + 1)
    total++
    const run = inputs
      .then((loaded) => attempt(db, hub, settings, connections, delivery, loaded.get(delivery.id)!, record, stopping.signal))
      .catch((err: unknown) => hub.log(`[runtime] delivery ${delivery.id} failed inside the hub: ${reasonOf(err)}`))
      .finally(() => {
        const left = (inFlight.get(consumerId) ?? 1) - 1
        if (left > 0) inFlight.set(consumerId, left)
        else inFlight.delete(consumerId)
        total--
        slotFreed(consumerId)
      })
    track(run)
    return run
  }

  /**
   * A try ended: its consumer's backlog takes the slot first; otherwise a consumer that the
   * maxInFlight limit held back does (the longest waiting, so none starves). The slots freed in
   * one turn of the event loop are refilled together at its end: tries that end together (a
   * dblink group, one answer of its thread) are then refilled by one claim, not one claim each.
   */
  const freed: string[] = []
  const slotFreed = (consumerId: string) => {
    if (!started || stopping.signal.aborted) return
    if (freed.push(consumerId) === 1) setImmediate(refillFreed)
  }
  const refillFreed = () => {
    const slots = freed.splice(0)
    if (stopping.signal.aborted) return
    for (const consumerId of slots) {
      const next = backlogged.has(consumerId) ? consumerId : [...backlogged].find((c) => freeSlots(c) > 0)
      if (next === undefined) continue
      backlogged.delete(next)
      track(fill(next).then(
        () => undefined,
        (err: unknown) => hub.log(`[runtime] claiming for consumer ${next} failed: ${reasonOf(err)}`),
      ))
    }
  }

  const poll = async (): Promise<Promise<void>[]> => {
    const runs: Promise<void>[] = []
    const now = Date.now()
    for (const consumerId of await dueConsumers(db, now)) {
      if (stopping.signal.aborted) break
      runs.push(...(await fill(consumerId)))
    }
    // The pass is announced first (the alarms evaluate then), so a notice written then goes out in the same pass.
    const callbacks = hub.events.emit('deliveryPass', { store: hub.store, now })
      .catch((err: unknown) => hub.log(`[runtime] a listener of the delivery pass failed: ${reasonOf(err)}`))
      .then(() => sendDueCallbacks(hub, db, settings, stopping.signal))
      .catch((err: unknown) => hub.log(`[runtime] callbacks failed: ${reasonOf(err)}`))
    track(callbacks)
    runs.push(callbacks)
    return runs
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
      if (started || stopping.signal.aborted) return
      started = true
      loop()
    },
    stop: async () => {
      stopping.abort()
      if (timer) clearTimeout(timer)
      timer = null
      await polling
      // A claim that was under way when stopping began may still start tries: wait for those too.
      while (running.size > 0) await Promise.allSettled([...running])
      await Promise.all([connections.mq.close(), connections.dbLink.close()])
    },
    tick: async () => {
      await Promise.allSettled(await poll())
    },
  }
}
