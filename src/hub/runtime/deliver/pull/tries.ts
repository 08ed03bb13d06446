import { isoNow } from '../../../store/ids'
import { afterFailedTry, type RetrySetting } from '../../queue/backoff'
import { afterDelivery } from '../../report/outbox'
import { finish, type Outcome } from '../../queue/deliveries'
import type { RuntimeDb } from '../../tables'
import type { StoreKind } from '../../../store'
import { encodeText, keyed } from '../../../text/keyedText'
import type { RuntimeBus } from '../../events'

/** A pulled delivery as the end of its try needs it. */
export interface HeldDelivery {
  id: string
  consumer_id: string
  attempts: number
  started_at: string | null
}

/** The three retry columns of a consumer row, as the retry policy reads them. */
export const retrySettingOf = (row: { retriable: string; retry_num: string; retry_time_interval: string }): RetrySetting => ({
  retriable: row.retriable,
  retryNum: row.retry_num,
  retryTimeInterval: row.retry_time_interval,
})

/**
 * Ends the try of a pulled delivery the way the worker ends a pushed one: the try is counted,
 * its time recorded, a failure follows the consumer's retry settings (backoff.ts), and an ended
 * delivery writes its callbacks and result notifications, and the ended try is announced on
 * `events` (pulledTryEnded).
 * `failure` null: handled; else its stored form (text/keyedText.ts encodeText).
 */
export async function endTry(events: RuntimeBus, db: RuntimeDb, kind: StoreKind, held: HeldDelivery, setting: RetrySetting, unitMs: number, failure: string | null, permanent = false, now = Date.now()): Promise<void> {
  const attempts = held.attempts + 1
  const outcome: Outcome = failure === null ? { kind: 'delivered' } : afterFailedTry(setting, unitMs, attempts, failure, permanent, now)
  const startedAt = held.started_at ? Date.parse(held.started_at) : now
  const recorded = await finish(db, kind, held.id, attempts, outcome, startedAt, now)
  if (outcome.kind !== 'retry') await afterDelivery(db, held.id, now)
  // As a pushed delivery's: announced once recorded; a listener that fails fails nothing.
  if (recorded) await events.emit('pulledTryEnded', { db, consumerId: held.consumer_id, outcome, now }).catch(() => {})
}

export const LEASE_EXPIRED = encodeText(keyed('msg_exchange_lease_expired'))

/**
 * Pulled deliveries of these consumers whose lease ran out unacknowledged: each is a failed try.
 * The pull does this before it answers, not the worker: the worker never takes serverApi
 * deliveries (one clause in dueConsumers, so its crash-recovery path stays as it is), and an
 * expired lease only matters when the application is back to be offered the message again.
 */
export async function expireLeases(events: RuntimeBus, db: RuntimeDb, kind: StoreKind, consumers: ReadonlyMap<string, RetrySetting>, unitMs: number, now = Date.now()): Promise<void> {
  if (consumers.size === 0) return
  const lapsed = await db
    .selectFrom('dh_deliveries')
    .select(['id', 'consumer_id', 'attempts', 'started_at'])
    .where('consumer_id', 'in', [...consumers.keys()])
    .where('status', '=', 'delivering')
    .where('lease_until', '<', isoNow(now))
    .execute()
  for (const row of lapsed) await endTry(events, db, kind, row, consumers.get(row.consumer_id)!, unitMs, LEASE_EXPIRED, false, now)
}
