import * as contract from '../../../shared/contract/datahub/runtime'
import { ResultCode } from '../../../shared/envelope'
import { consumerNotFound } from '../../datahub/refusals'
import { route } from '../../http/context'
import { Refusal } from '../../kernel/refusal'
import { countOperatorOutcomes } from '../../ops/rollups/write'
import { minuteOf } from '../../ops/rollups/tables'
import { isoNow, newId } from '../../store/ids'
import { deliveryEntries } from '../report/deliveryEntries'
import { messageNotFound } from './messageLog'
import { actionableDeliveries } from './messageFilter'
import { afterDelivery } from '../report/outbox'
import { runtimeDb, type RuntimeDb } from '../tables'
import type { Locale } from '../../../shared/locale'

/**
 * What an operator does with deliveries: replay one message to one consumer, retry or discard a
 * batch. Each change is counted in the rollups in its own transaction, as the runtime counts a
 * try's outcome (ops/rollups/write.ts countOperatorOutcomes): a given-up delivery put back to wait
 * is retrying, an open one given up by hand is failed; one that was given up already (a dead one
 * discarded) or never failed (a delivered one replayed) adds nothing until its next try ends.
 */

const payloadPurged = () => new Refusal(ResultCode.conflict, 'msg_runtime_payload_purged')
const deliveryBusy = () => new Refusal(ResultCode.conflict, 'msg_runtime_delivery_busy')

/** A delivery given up (by the hub or by hand): waiting again after a replay or retry is a retry. */
const GIVEN_UP = ['dead', 'failed']

/**
 * Replay: the message goes to the consumer again, with a fresh set of tries, whatever happened
 * before (delivered too: the receiver may have lost it). The consumer must belong to the
 * message's topic; one added after the message came gets its first delivery.
 */
export async function replayDelivery(db: RuntimeDb, messageId: string, consumerId: string, locale: Locale, now: number = Date.now()) {
  const message = await db.selectFrom('dh_messages').select(['id', 'topic_id', 'payload']).where('id', '=', messageId).executeTakeFirst()
  if (!message) throw messageNotFound()
  const consumer = await db.selectFrom('consumers').select(['id', 'topic_id']).where('id', '=', consumerId).executeTakeFirst()
  if (!consumer || consumer.topic_id !== message.topic_id) throw consumerNotFound()
  if (message.payload === null) throw payloadPurged()
  const at = isoNow(now)
  const fresh = { status: 'pending', attempts: 0, next_attempt_at: at, lease_until: null, last_error: '', started_at: null, finished_at: null, duration_ms: null }
  await db.transaction().execute(async (tx) => {
    const existing = await tx.selectFrom('dh_deliveries').select(['id', 'status']).where('message_id', '=', messageId).where('consumer_id', '=', consumerId).executeTakeFirst()
    if (!existing) {
      await tx.insertInto('dh_deliveries').values({ id: newId(), message_id: messageId, consumer_id: consumerId, created_at: at, ...fresh }).execute()
      return
    }
    // One in flight is left to finish: two tries of the same delivery must never overlap. The
    // state read must still hold, so what was replayed is what is counted.
    if (existing.status === 'delivering') throw deliveryBusy()
    const changed = await tx.updateTable('dh_deliveries').set(fresh).where('id', '=', existing.id).where('status', '=', existing.status).executeTakeFirst()
    if (Number(changed.numUpdatedRows) === 0) throw deliveryBusy()
    if (GIVEN_UP.includes(existing.status)) await countOperatorOutcomes(tx, [existing.id], 'pending', minuteOf(now))
  })
  const row = await db.selectFrom('dh_deliveries').selectAll().where('message_id', '=', messageId).where('consumer_id', '=', consumerId).executeTakeFirstOrThrow()
  return (await deliveryEntries(db, [row], locale))[0]!
}

/** What a retry and a discard write. */
const retried = (now: number) => ({ status: 'pending', attempts: 0, next_attempt_at: isoNow(now), lease_until: null, finished_at: null })
const discarded = (now: number) => ({ status: 'failed', lease_until: null, finished_at: isoNow(now) })

/** Which deliveries an action is asked for: ids (the log's selection) or a filter's matches. */
type Chosen = readonly string[] | ReturnType<typeof actionableDeliveries>
const chosenIds = (chosen: Chosen) => (Array.isArray(chosen) ? (chosen as readonly string[]) : (chosen as ReturnType<typeof actionableDeliveries>).select('dh_deliveries.id'))
/** No delivery picked (PostgreSQL refuses an empty `in ()`). */
const noneChosen = (chosen: Chosen) => Array.isArray(chosen) && chosen.length === 0

/** Retry: given-up deliveries (dead or discarded) whose payload is still kept start over, due now; each counts as retrying. */
export async function retryDeliveries(db: RuntimeDb, chosen: Chosen, now: number = Date.now()): Promise<number> {
  if (noneChosen(chosen)) return 0
  return db.transaction().execute(async (tx) => {
    const changed = await tx
      .updateTable('dh_deliveries')
      .set(retried(now))
      .where('id', 'in', chosenIds(chosen))
      .where('status', 'in', GIVEN_UP)
      .where('message_id', 'in', tx.selectFrom('dh_messages').select('id').where('payload', 'is not', null))
      .returning('id')
      .execute()
    await countOperatorOutcomes(tx, changed.map((r) => r.id), 'pending', minuteOf(now))
    return changed.length
  })
}

/**
 * Discard: pending or dead deliveries are given up by hand; one in flight finishes first. An open
 * one has ended now: it counts as failed, and its producer callback and result notifications are
 * due as if the hub had given it up (a dead one was counted and reported already).
 */
export async function discardDeliveries(db: RuntimeDb, chosen: Chosen, now: number = Date.now()): Promise<number> {
  if (noneChosen(chosen)) return 0
  const { open, count } = await db.transaction().execute(async (tx) => {
    const ids = chosenIds(chosen)
    const ended = await tx.updateTable('dh_deliveries').set(discarded(now)).where('id', 'in', ids).where('status', '=', 'pending').returning('id').execute()
    const dead = await tx.updateTable('dh_deliveries').set(discarded(now)).where('id', 'in', ids).where('status', '=', 'dead').executeTakeFirst()
    await countOperatorOutcomes(tx, ended.map((r) => r.id), 'failed', minuteOf(now))
    return { open: ended.map((r) => r.id), count: ended.length + Number(dead.numUpdatedRows) }
  })
  for (const id of open) await afterDelivery(db, id)
  return count
}

export const messageReplay = route(contract.messageReplay, ({ messageId, consumerId }, call) => replayDelivery(runtimeDb(call.hub.store.db), messageId, consumerId, call.locale))

export const messageRetry = route(contract.messageRetry, async ({ ids }, call) => ({ count: await retryDeliveries(runtimeDb(call.hub.store.db), ids) }))

export const messageDiscard = route(contract.messageDiscard, async ({ ids }, call) => ({ count: await discardDeliveries(runtimeDb(call.hub.store.db), ids) }))

/**
 * Retry or discard all a filter matches. The dry run counts with the very conditions the action
 * then updates with, so the number confirmed is the number changed (bar deliveries that end or
 * fail in between).
 */
export const messageBulk = route(contract.messageBulk, async ({ action, dryRun, filter }, call) => {
  const db = runtimeDb(call.hub.store.db)
  const matching = actionableDeliveries(db, filter, action)
  if (dryRun) {
    const row = await matching.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()
    return { count: Number(row.n) }
  }
  return { count: action === 'retry' ? await retryDeliveries(db, matching) : await discardDeliveries(db, matching) }
})
