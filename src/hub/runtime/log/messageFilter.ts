import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely'
import type { MessageFilter } from '../../../shared/contract/datahub/runtime'
import { BULK_ACTION_FROM, likePattern, type BulkAction, type MessageStatusFilter } from '../../../shared/rules/datahub/runtime'
import type { RuntimeDb, RuntimeTables } from '../tables'

/**
 * The message log's filters as SQL, shared by the list (which messages) and the bulk actions
 * (which deliveries), so "all matching" acts on exactly what the list shows.
 */

type DeliveryEb = ExpressionBuilder<RuntimeTables, 'dh_deliveries'>

/** A delivery in the state the filter names ('retrying': pending after a failed try). */
function inState(eb: DeliveryEb, status: MessageStatusFilter) {
  if (status === 'retrying') return eb.and([eb('dh_deliveries.status', '=', 'pending'), eb('dh_deliveries.attempts', '>', 0)])
  return eb('dh_deliveries.status', '=', status)
}

/** Conditions on the message row itself: topic, time of receipt, content. */
function messageConditions<O>(query: SelectQueryBuilder<RuntimeTables, 'dh_messages', O>, filter: MessageFilter): SelectQueryBuilder<RuntimeTables, 'dh_messages', O> {
  let q = query
  if (filter.topicCode) q = q.where('dh_messages.topic_code', '=', filter.topicCode)
  if (filter.runId) q = q.where('dh_messages.run_id', '=', filter.runId)
  if (filter.receivedFrom) q = q.where('dh_messages.received_at', '>=', filter.receivedFrom)
  if (filter.receivedTo) q = q.where('dh_messages.received_at', '<=', filter.receivedTo)
  if (filter.content) {
    // lower() on both sides: SQLite's LIKE ignores ASCII case and PostgreSQL's does not; the
    // explicit ESCAPE makes % and _ typed by the operator plain characters on both.
    const pattern = likePattern(filter.content.toLowerCase())
    q = q.where(sql<boolean>`lower(dh_messages.payload) like ${pattern} escape '\\'`)
  }
  return q
}

/** Messages matching the filter: with status or consumer, those with such a delivery. */
export function filteredMessages(db: RuntimeDb, filter: MessageFilter) {
  let q = messageConditions(db.selectFrom('dh_messages'), filter)
  if (filter.status || filter.consumerId) {
    const { status, consumerId } = filter
    q = q.where('dh_messages.id', 'in', (qb) =>
      qb
        .selectFrom('dh_deliveries')
        .select('dh_deliveries.message_id')
        .where((eb) => eb.and([...(consumerId ? [eb('dh_deliveries.consumer_id', '=', consumerId)] : []), ...(status ? [inState(eb, status)] : [])])),
    )
  }
  return q
}

/**
 * Deliveries an action would change among those matching the filter: of a matching message,
 * of the filter's consumer and state when given, and in a state the action changes (a retry
 * also needs the payload, which the log cleanup may have removed).
 */
export function actionableDeliveries(db: RuntimeDb, filter: MessageFilter, action: BulkAction) {
  const messages = messageConditions(db.selectFrom('dh_messages').select('dh_messages.id'), filter)
  const withPayload = action === 'retry' ? messages.where('dh_messages.payload', 'is not', null) : messages
  const { status, consumerId } = filter
  return db
    .selectFrom('dh_deliveries')
    .where('dh_deliveries.message_id', 'in', withPayload)
    .where('dh_deliveries.status', 'in', BULK_ACTION_FROM[action])
    .where((eb) => eb.and([...(consumerId ? [eb('dh_deliveries.consumer_id', '=', consumerId)] : []), ...(status ? [inState(eb, status)] : [])]))
}
