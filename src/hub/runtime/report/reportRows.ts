import type { Insertable } from 'kysely'
import { FINAL_DELIVERY_STATUSES, type DeliveryStatus } from '../../../shared/rules/datahub/runtime'
import { deliveryEntries } from './deliveryEntries'
import type { CallbacksTable, RuntimeDb } from '../tables'
import { DEFAULT_LOCALE } from '../../../shared/locale'

/**
 * What the outbox rows of an ended delivery say, shared by producer callbacks (callbacks.ts) and
 * consumer result notifications (notifications.ts): each builds its rows with the row maker the
 * outbox hands in (outbox.ts), so neither writes the table itself.
 */

export const isFinal = (status: string) => (FINAL_DELIVERY_STATUSES as readonly string[]).includes(status)
/** What a callback says of a delivery: success only when delivered. */
const outcomeOf = (status: DeliveryStatus) => (status === 'delivered' ? 'success' : 'failed')

export type MessageRef = { id: string; topic_code: string; producer_id: string }
export type ConsumerNotify = { id: string; notify_info: string }
export type RowOf = (kind: string, owner: string, key: string, body: unknown) => Insertable<CallbacksTable>

/**
 * One consumer's report of one delivery. A producer's callback and a result notification go to
 * another system, which has no reader's language to ask for: the error is told in the spec's
 * default language.
 */
export async function reportOf(db: RuntimeDb, deliveries: Parameters<typeof deliveryEntries>[1]) {
  return (await deliveryEntries(db, deliveries, DEFAULT_LOCALE)).map((d) => ({
    consumerId: d.consumerId,
    applicationName: d.applicationName,
    status: outcomeOf(d.status),
    attempts: d.attempts,
    error: d.lastError,
    finishedAt: d.finishedAt,
  }))
}
