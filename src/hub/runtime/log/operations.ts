import * as contract from '../../../shared/contract/datahub/runtime'
import { ResultCode } from '../../../shared/envelope'
import { consumerNotFound } from '../../datahub/refusals'
import { route } from '../../http/context'
import { Refusal } from '../../http/refusal'
import { isoNow, newId } from '../../store/ids'
import { deliveryEntries } from '../report/deliveryEntries'
import { messageNotFound } from './messageLog'
import { actionableDeliveries } from './messageFilter'
import { afterDelivery } from '../report/outbox'
import { runtimeDb, type RuntimeDb } from '../tables'

/** What an operator does with deliveries: replay one message to one consumer, retry or discard a batch. */

const payloadPurged = () => new Refusal(ResultCode.conflict, 'msg_runtime_payload_purged')
const deliveryBusy = () => new Refusal(ResultCode.conflict, 'msg_runtime_delivery_busy')

/**
 * Replay: the message goes to the consumer again, with a fresh set of tries, whatever happened
 * before (delivered too: the receiver may have lost it). The consumer must belong to the
 * message's topic; one added after the message came gets its first delivery.
 */
export const messageReplay = route(contract.messageReplay, async ({ messageId, consumerId }, call) => {
  const db = runtimeDb(call.hub.store.db)
  const message = await db.selectFrom('dh_messages').select(['id', 'topic_id', 'payload']).where('id', '=', messageId).executeTakeFirst()
  if (!message) throw messageNotFound()
  const consumer = await db.selectFrom('consumers').select(['id', 'topic_id']).where('id', '=', consumerId).executeTakeFirst()
  if (!consumer || consumer.topic_id !== message.topic_id) throw consumerNotFound()
  if (message.payload === null) throw payloadPurged()
  const at = isoNow()
  const fresh = { status: 'pending', attempts: 0, next_attempt_at: at, lease_until: null, last_error: '', started_at: null, finished_at: null, duration_ms: null }
  const existing = await db.selectFrom('dh_deliveries').select(['id', 'status']).where('message_id', '=', messageId).where('consumer_id', '=', consumerId).executeTakeFirst()
  if (existing) {
    // One in flight is left to finish: two tries of the same delivery must never overlap.
    const changed = await db.updateTable('dh_deliveries').set(fresh).where('id', '=', existing.id).where('status', '!=', 'delivering').executeTakeFirst()
    if (Number(changed.numUpdatedRows) === 0) throw deliveryBusy()
  } else {
    await db.insertInto('dh_deliveries').values({ id: newId(), message_id: messageId, consumer_id: consumerId, created_at: at, ...fresh }).execute()
  }
  const row = await db.selectFrom('dh_deliveries').selectAll().where('message_id', '=', messageId).where('consumer_id', '=', consumerId).executeTakeFirstOrThrow()
  return (await deliveryEntries(db, [row]))[0]!
})

/** What a retry and a discard write. */
const retried = () => ({ status: 'pending', attempts: 0, next_attempt_at: isoNow(), lease_until: null, finished_at: null })
const discarded = () => ({ status: 'failed', lease_until: null, finished_at: isoNow() })

/** Retry: dead or discarded deliveries whose payload is still kept start over, due now. */
export const messageRetry = route(contract.messageRetry, async ({ ids }, call) => {
  const db = runtimeDb(call.hub.store.db)
  const result = await db
    .updateTable('dh_deliveries')
    .set(retried())
    .where('id', 'in', ids)
    .where('status', 'in', ['dead', 'failed'])
    .where('message_id', 'in', db.selectFrom('dh_messages').select('id').where('payload', 'is not', null))
    .executeTakeFirst()
  return { count: Number(result.numUpdatedRows) }
})

/** Discard: pending or dead deliveries are given up by hand; one in flight finishes first. */
export const messageDiscard = route(contract.messageDiscard, async ({ ids }, call) => {
  const db = runtimeDb(call.hub.store.db)
  const open = await db.selectFrom('dh_deliveries').select('id').where('id', 'in', ids).where('status', '=', 'pending').execute()
  const result = await db
    .updateTable('dh_deliveries')
    .set(discarded())
    .where('id', 'in', ids)
    .where('status', 'in', ['pending', 'dead'])
    .executeTakeFirst()
  await reportEnded(db, open.map((r) => r.id))
  return { count: Number(result.numUpdatedRows) }
})

/**
 * A discarded delivery that was still open has ended now: its producer callback and result
 * notifications are due as if the hub had given it up (a dead one reported already).
 */
async function reportEnded(db: RuntimeDb, ids: readonly string[]): Promise<void> {
  for (const id of ids) await afterDelivery(db, id)
}

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
  const open = action === 'discard' ? await matching.select('dh_deliveries.id').where('dh_deliveries.status', '=', 'pending').execute() : []
  const result = await db
    .updateTable('dh_deliveries')
    .set(action === 'retry' ? retried() : discarded())
    .where('id', 'in', matching.select('dh_deliveries.id'))
    .executeTakeFirst()
  await reportEnded(db, open.map((r) => r.id))
  return { count: Number(result.numUpdatedRows) }
})
