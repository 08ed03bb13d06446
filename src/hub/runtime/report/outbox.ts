import type { HubContext } from '../../http/context'
import { isoNow, newId } from '../../store/ids'
import { DeliveryError, reasonOf } from '../../kernel/deliveryError'
import type { Selectable } from 'kysely'
import type { DatahubTables } from '../../datahub/tables'
import type { DeliveryRow, RuntimeDb } from '../tables'
import { systemRetry } from '../../kernel/outboxKinds'
import { callbackRows } from './callbacks'
import { notificationRows } from './notifications'
import { isFinal, type ConsumerNotify, type MessageRef } from './reportRows'
import { OUTBOX_DUE_STATES } from '../../../shared/rules/alarms/outbox'
import { KeyedError, encodeText, keyed } from '../../text/keyedText'

/**
 * The hub's notification outbox (dh_callbacks, migrations 0010 and 0016): when a delivery ends,
 * the producer callback (callbacks.ts) and the consumer result notifications (notifications.ts)
 * it completes are written as rows; the alarm evaluator (src/hub/alarms/) writes alarm,
 * reminder and recovery notices into it too, and the approval workflow its approvers' mails
 * (src/hub/approvals/mail/). The worker sends the due ones, each by the kind its area registered
 * on the hub context (HubContext.outbox: tries, wait, send; kernel/outboxKinds.ts), so this
 * sender knows none of those areas. A row is written once per message (or incident) and target, so a notice survives the
 * hub stopping and is never sent twice by two nodes.
 *
 * States (the message centre's, shared/rules/alarms/outbox.ts): pending (due), sending (claimed,
 * with a lease), scheduled (waiting for a later try after a failed one), sent, failed (given
 * up: permanent, out of tries, or past expires_at), discarded and processed (by an operator).
 */

/** Tries of one callback (the outbox's systemRetry: the next one waits 10 units of retryUnitMs per try made). */
export const CALLBACK_TRIES = systemRetry.tries

/**
 * After a delivery ended: writes the callback(s) it completes. Rule 2 reports this delivery;
 * rule 1 reports the message once all its deliveries ended. The unique (message, target) index
 * makes a second writer (another node, a replay) a no-op.
 */
export async function afterDelivery(db: RuntimeDb, deliveryId: string, now: number = Date.now()): Promise<void> {
  const delivery = await db.selectFrom('dh_deliveries').selectAll().where('id', '=', deliveryId).executeTakeFirst()
  if (!delivery) return
  const message = await db.selectFrom('dh_messages').select(['id', 'topic_code', 'producer_id']).where('id', '=', delivery.message_id).executeTakeFirst()
  if (message) await reportEndedDelivery(db, { delivery, message }, now)
}

/** A delivery as it ended, with its message, and its consumer when the caller has it at hand. */
export interface EndedDelivery {
  delivery: DeliveryRow
  message: MessageRef
  consumer?: ConsumerNotify | null
  /** The message's producer when the caller has it at hand (null: it is gone). */
  producer?: Selectable<DatahubTables['producers']> | null
}

/** afterDelivery for a caller that holds the ended delivery already (the worker): no reads again. */
export async function reportEndedDelivery(db: RuntimeDb, ended: EndedDelivery, now: number = Date.now()): Promise<void> {
  const { delivery, message } = ended
  if (!isFinal(delivery.status)) return
  const at = isoNow(now)
  const row = (kind: string, owner: string, key: string, body: unknown) => ({
    id: newId(),
    channel: kind === 'callback' ? 'callback' : kind.replace(/^notify_/, ''),
    object_type: kind === 'callback' ? 'producer' : 'consumer',
    object_id: owner,
    title: message.topic_code,
    message_id: message.id,
    kind,
    owner_id: owner,
    consumer_key: key,
    status: 'pending',
    attempts: 0,
    next_attempt_at: at,
    lease_until: null,
    body: JSON.stringify(body),
    last_error: '',
    created_at: at,
    finished_at: null,
  })
  const consumer = ended.consumer !== undefined ? ended.consumer : await db.selectFrom('consumers').select(['id', 'notify_info']).where('id', '=', delivery.consumer_id).executeTakeFirst()
  const rows = [...(await notificationRows(db, message, delivery, consumer ?? null, row)), ...(await callbackRows(db, message, delivery, row, ended.producer))]
  if (rows.length === 0) return
  await db
    .insertInto('dh_callbacks')
    .values(rows)
    .onConflict((oc) => oc.columns(['message_id', 'consumer_key']).doNothing())
    .execute()
}

interface SendSettings {
  retryUnitMs: number
  leaseMs: number
  deliveryTimeoutMs: number
}

/** Sends every notice that is due (claimed one by one, so two nodes never send the same one). */
export async function sendDueCallbacks(hub: Pick<HubContext, 'store' | 'config' | 'outbox'>, db: RuntimeDb, settings: SendSettings, signal: AbortSignal, now: number = Date.now()): Promise<void> {
  const at = isoNow(now)
  const due = await db
    .selectFrom('dh_callbacks')
    .select('id')
    .where((eb) => eb.or([eb.and([eb('status', 'in', OUTBOX_DUE_STATES), eb('next_attempt_at', '<=', at)]), eb.and([eb('status', '=', 'sending'), eb('lease_until', '<', at)])]))
    .orderBy('next_attempt_at')
    .limit(32)
    .execute()
  await Promise.allSettled(due.map((r) => sendOne(hub, db, r.id, settings, signal)))
}

/** The spec's "send time expired": a notice past its expiry is given up, not sent late. */
export const EXPIRED_ERROR = encodeText(keyed('msg_exchange_send_expired'))

async function sendOne(hub: Pick<HubContext, 'store' | 'config' | 'outbox'>, db: RuntimeDb, id: string, settings: SendSettings, signal: AbortSignal): Promise<void> {
  const start = Date.now()
  const at = isoNow(start)
  const claimed = await db
    .updateTable('dh_callbacks')
    .set({ status: 'sending', lease_until: isoNow(start + settings.leaseMs) })
    .where('id', '=', id)
    .where((eb) => eb.or([eb.and([eb('status', 'in', OUTBOX_DUE_STATES), eb('next_attempt_at', '<=', at)]), eb.and([eb('status', '=', 'sending'), eb('lease_until', '<', at)])]))
    .executeTakeFirst()
  if (Number(claimed.numUpdatedRows) !== 1) return
  const row = await db.selectFrom('dh_callbacks').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  if (row.expires_at && row.expires_at < at) {
    await db.updateTable('dh_callbacks').set({ status: 'failed', lease_until: null, last_error: EXPIRED_ERROR, finished_at: at }).where('id', '=', id).where('status', '=', 'sending').execute()
    return
  }
  const attempts = row.attempts + 1
  const kind = hub.outbox.of(row.kind)
  let error = ''
  let permanent = false
  try {
    const within = AbortSignal.any([signal, AbortSignal.timeout(settings.deliveryTimeoutMs)])
    // A kind no area registered cannot be sent by any try: given up at once, saying which.
    if (!kind) throw new DeliveryError(keyed('msg_exchange_outbox_kind_unknown', { kind: row.kind }), true)
    await kind.send(hub, row, within)
  } catch (err) {
    // Stored as key and parameters when it has them: the alarm centre renders it for its reader.
    error = err instanceof KeyedError ? encodeText(err.text) : reasonOf(err)
    permanent = err instanceof DeliveryError && err.permanent
  }
  const done = Date.now()
  const values = !error
    ? { status: 'sent', attempts, lease_until: null, last_error: '', finished_at: isoNow(done) }
    : permanent || !kind || attempts >= kind.tries
      ? { status: 'failed', attempts, lease_until: null, last_error: error, finished_at: isoNow(done) }
      : { status: 'scheduled', attempts, lease_until: null, last_error: error, next_attempt_at: isoNow(done + kind.waitMs(attempts, settings.retryUnitMs)) }
  await db.updateTable('dh_callbacks').set(values).where('id', '=', id).where('status', '=', 'sending').execute()
}
