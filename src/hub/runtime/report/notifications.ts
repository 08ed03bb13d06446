import { DEFAULT_NOTIFY_TABLE, parseNotifyInfo } from '../../../shared/contract/datahub/consumerModels'
import { reasonOf as driverReason } from '../../datahub/dataSources/connect/types'
import type { HubContext } from '../../http/context'
import { relationalTarget } from '../deliver/dbLink'
import type { TargetRow } from '../deliver/dbLinkRows'
import type { DeliveryRow, RuntimeDb } from '../tables'
import { targetCheck } from '../httpApi/send'
import { permanentError, postHttp } from './postReport'
import { reportOf, type ConsumerNotify, type MessageRef, type RowOf } from './reportRows'
import { sendResultMail, type ResultReport } from './resultMail'
import { asKeyed, keyed, textOf } from '../../text/keyedText'
import { DeliveryError } from '../../kernel/deliveryError'

/**
 * Result notifications of a consumer (its notifyInfo; spec §3, §9) report each of its deliveries
 * once it ended: 'db' inserts a row into the table named (default dh_task_result_notify) of the
 * data source named, which the operator creates with the columns message_id, topic_code,
 * consumer_id, application_name, status ('success' / 'failed'), attempts, error_message,
 * finished_at (all text but attempts); 'http' sends the report to the API; 'email' mails it to
 * the recipients through the platform's default email server (resultMail.ts).
 * They go through the outbox (outbox.ts) with the producers' callbacks.
 */

/** The consumer's enabled notifications of this delivery, one outbox row per kind. */
export async function notificationRows(db: RuntimeDb, message: MessageRef, delivery: DeliveryRow, consumer: ConsumerNotify | null, row: RowOf) {
  if (!consumer) return []
  const kinds = parseNotifyInfo(consumer.notify_info)
    .filter((e) => e.status === '1')
    .map((e) => `notify_${e.type}`)
  if (kinds.length === 0) return []
  const [report] = await reportOf(db, [delivery])
  const body = { messageId: message.id, topicCode: message.topic_code, ...report! }
  // A mail is read in both languages: it carries the error as stored (a keyed text), to be told
  // in each; the other kinds go to systems, in the default language only.
  return kinds.map((kind) => row(kind, consumer.id, `${kind}:${consumer.id}`, kind === 'notify_email' ? { ...body, storedError: delivery.last_error } : body))
}

/** A notification goes where the consumer's notifyInfo says now (an edit applies to those not sent yet). */
export async function sendNotification(hub: Pick<HubContext, 'store' | 'config'>, db: RuntimeDb, kind: string, consumerId: string, body: string, signal: AbortSignal): Promise<void> {
  const consumer = await db.selectFrom('consumers').select(['id', 'notify_info']).where('id', '=', consumerId).executeTakeFirst()
  if (!consumer) throw permanentError(keyed('msg_exchange_notify_consumer_gone'))
  const entry = parseNotifyInfo(consumer.notify_info).find((e) => `notify_${e.type}` === kind && e.status === '1')
  if (!entry) throw permanentError(keyed('msg_exchange_notify_not_asked'))
  if (entry.type === 'http') return postHttp(entry.receiver, body, signal, targetCheck(hub.config))
  if (entry.type === 'email') return sendResultMail(hub, entry.receiver, JSON.parse(body) as ResultReport, signal)
  const table = entry.receiver.tableName.trim() || DEFAULT_NOTIFY_TABLE
  const sourceName = entry.receiver.datasourceName.trim()
  if (!sourceName) throw permanentError(keyed('msg_exchange_notify_source_missing'))
  const report = JSON.parse(body) as ResultReport
  let target
  try {
    target = await relationalTarget(hub, sourceName)
  } catch (err) {
    throw permanentError(asKeyed(textOf(err)))
  }
  const rows: TargetRow[] = [
    [
      ['message_id', report.messageId],
      ['topic_code', report.topicCode],
      ['consumer_id', report.consumerId],
      ['application_name', report.applicationName],
      ['status', report.status],
      ['attempts', report.attempts],
      ['error_message', report.error],
      ['finished_at', report.finishedAt ?? ''],
    ],
  ]
  try {
    await target.write(target.spec, { table, rows, compare: [] })
  } catch (err) {
    throw new DeliveryError(keyed('msg_exchange_dblink_failed', { table, name: sourceName, reason: driverReason(err, target.password) }))
  }
}
