import * as contract from '../../../shared/contract/datahub/runtime'
import type { MessageSummary } from '../../../shared/contract/datahub/runtime'
import { DELIVERY_STATUSES, type DeliveryStatus } from '../../../shared/rules/datahub/runtime'
import { route } from '../../http/context'
import { Refusal } from '../../kernel/refusal'
import { ResultCode } from '../../../shared/envelope'
import { deliveryEntries } from '../report/deliveryEntries'
import { filteredMessages } from './messageFilter'
import { runtimeDb, type MessageRow, type RuntimeDb } from '../tables'
import { page } from '../../store/paging'
import { propertiesOf } from '../queue/properties'

/** Reading the message log: the console's list and the delivery matrix of one message. */

export const messageNotFound = () => new Refusal(ResultCode.notFound, 'msg_runtime_message_not_found')

const zeroCounts = (): Record<DeliveryStatus, number> => Object.fromEntries(DELIVERY_STATUSES.map((s) => [s, 0])) as Record<DeliveryStatus, number>

async function countsOf(db: RuntimeDb, ids: readonly string[]): Promise<Map<string, Record<DeliveryStatus, number>>> {
  const out = new Map<string, Record<DeliveryStatus, number>>(ids.map((id) => [id, zeroCounts()]))
  if (ids.length === 0) return out
  const rows = await db
    .selectFrom('dh_deliveries')
    .select(['message_id', 'status', (eb) => eb.fn.countAll().as('n')])
    .where('message_id', 'in', ids)
    .groupBy(['message_id', 'status'])
    .execute()
  for (const r of rows) {
    const counts = out.get(r.message_id)
    if (counts && (DELIVERY_STATUSES as readonly string[]).includes(r.status)) counts[r.status as DeliveryStatus] = Number(r.n)
  }
  return out
}

const summaryOf = (m: Omit<MessageRow, 'payload' | 'properties'> & { payload_kept: unknown }, counts: Record<DeliveryStatus, number>): MessageSummary => ({
  id: m.id,
  topicCode: m.topic_code,
  producerId: m.producer_id,
  contentType: m.content_type,
  routingKey: m.routing_key,
  receivedAt: m.received_at,
  runId: m.run_id ?? null,
  // PostgreSQL answers a boolean, SQLite 1/0.
  payloadKept: m.payload_kept === true || Number(m.payload_kept) === 1,
  counts,
})

export const messageList = route(contract.messageList, async ({ pageNum, pageSize, ...filter }, call) => {
  const db = runtimeDb(call.hub.store.db)
  const base = filteredMessages(db, filter)
  const rows = base
    .select(['id', 'topic_id', 'topic_code', 'producer_id', 'content_type', 'routing_key', 'received_at', 'payload_expires_at', 'log_expires_at', 'run_id'])
    .select((eb) => eb.case().when('payload', 'is not', null).then(1).else(0).end().as('payload_kept'))
    .orderBy('dh_messages.received_at', 'desc')
    .orderBy('dh_messages.id')
  return page(rows, { pageNum, pageSize }, async (found) => {
    const counts = await countsOf(db, found.map((r) => r.id))
    return found.map((r) => summaryOf(r, counts.get(r.id)!))
  })
})

export const messageDeliveries = route(contract.messageDeliveries, async ({ id }, call) => {
  const db = runtimeDb(call.hub.store.db)
  const message = await db.selectFrom('dh_messages').selectAll().where('id', '=', id).executeTakeFirst()
  if (!message) throw messageNotFound()
  const rows = await db.selectFrom('dh_deliveries').selectAll().where('message_id', '=', id).orderBy('created_at').orderBy('id').execute()
  const counts = zeroCounts()
  for (const r of rows) if (r.status in counts) counts[r.status as DeliveryStatus]++
  return {
    message: { ...summaryOf({ ...message, payload_kept: message.payload !== null }, counts), payload: message.payload, properties: propertiesOf(message.properties) },
    deliveries: await deliveryEntries(db, rows, call.locale),
  }
})
