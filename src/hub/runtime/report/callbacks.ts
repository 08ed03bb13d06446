import { alarmConfigSchema } from '../../../shared/contract/datahub/common'
import { DEFAULT_NOTIFY_TABLE, parseNotifyInfo } from '../../../shared/contract/datahub/consumerModels'
import { reasonOf as driverReason } from '../../datahub/dataSources/connect/types'
import type { Producer } from '../../../shared/contract/datahub/producer'
import { FINAL_DELIVERY_STATUSES, type DeliveryStatus } from '../../../shared/rules/datahub/runtime'
import { producerFromRow } from '../../datahub/rows'
import type { HubContext } from '../../http/context'
import { relationalTarget } from '../deliver/dbLink'
import type { TargetRow } from '../deliver/dbLinkRows'
import { isoNow, newId } from '../../store/ids'
import { DeliveryError, reasonOf } from '../deliver/types'
import { deliveryEntries } from '../log/messageLog'
import { sendResultMail, type ResultReport } from './resultMail'
import { callSoap } from '../soap/call'
import type { Insertable, Selectable } from 'kysely'
import type { DatahubTables } from '../../datahub/tables'
import type { CallbacksTable, DeliveryRow, RuntimeDb } from '../tables'

/**
 * Producer callbacks (spec §9: strategy '1' none, '2' HTTP, '3' web service; rule '1' after all
 * consumers finish, '2' after each). Whether the producer wants them is its alarm configuration's
 * callbackData (callbackStatus '1'); how is its mode sub-model's callbackStrategy and call.
 * The report is the hub's JSON (below): strategy 2 posts it with the call's checked params and
 * headers; strategy 3 calls the callbackWSParamsModel's WSDL operation with it, through the same
 * SOAP piece as webservice consumers (soap/call.ts: the report's top-level keys fill the
 * operation's parameters by name, or the whole report is the one parameter).
 *
 * Result notifications of a consumer (its notifyInfo; spec §3, §9) report each of its deliveries
 * once it ended: 'db' inserts a row into the table named (default dh_task_result_notify) of the
 * data source named, which the operator creates with the columns message_id, topic_code,
 * consumer_id, application_name, status ('success' / 'failed'), attempts, error_message,
 * finished_at (all text but attempts); 'http' sends the report to the API; 'email' mails it to
 * the recipients through the platform's default email server (resultMail.ts).
 */

/** Tries of one callback, and the wait before the next one in units of retryUnitMs (seconds). */
export const CALLBACK_TRIES = 3
const CALLBACK_WAIT_UNITS = 10

interface CallbackPlan {
  rule: '1' | '2'
  strategy: '2' | '3'
}

/** Built once: zod builds a schema's checks anew on every `.partial()`, and this runs per delivery. */
const partialAlarm = alarmConfigSchema.partial()

/** The producer's callback settings, or null when it wants none. */
export function callbackPlan(producer: Pick<Producer, 'alarm' | 'apiRequestInfoModel' | 'httpRequestInfoModel'>): CallbackPlan | null {
  let data
  try {
    data = partialAlarm.safeParse(JSON.parse(producer.alarm || '{}')).data?.callbackData
  } catch {
    return null
  }
  if (data?.callbackStatus !== '1') return null
  const model = producer.apiRequestInfoModel ?? producer.httpRequestInfoModel
  const strategy = model?.callbackStrategy
  if (strategy !== '2' && strategy !== '3') return null
  return { rule: data.callbackRule === '2' ? '2' : '1', strategy }
}

const isFinal = (status: string) => (FINAL_DELIVERY_STATUSES as readonly string[]).includes(status)
/** What a callback says of a delivery: success only when delivered. */
const outcomeOf = (status: DeliveryStatus) => (status === 'delivered' ? 'success' : 'failed')

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

type MessageRef = { id: string; topic_code: string; producer_id: string }
type ConsumerNotify = { id: string; notify_info: string }
type RowOf = (kind: string, owner: string, key: string, body: unknown) => Insertable<CallbacksTable>

/** One consumer's report of one delivery. */
async function reportOf(db: RuntimeDb, deliveries: Parameters<typeof deliveryEntries>[1]) {
  return (await deliveryEntries(db, deliveries)).map((d) => ({
    consumerId: d.consumerId,
    applicationName: d.applicationName,
    status: outcomeOf(d.status),
    attempts: d.attempts,
    error: d.lastError,
    finishedAt: d.finishedAt,
  }))
}

async function callbackRows(db: RuntimeDb, message: MessageRef, delivery: DeliveryRow, row: RowOf, known?: Selectable<DatahubTables['producers']> | null) {
  const producerRow = known !== undefined ? known : await db.selectFrom('producers').selectAll().where('id', '=', message.producer_id).executeTakeFirst()
  if (!producerRow) return []
  const plan = callbackPlan(producerFromRow(producerRow, ''))
  if (!plan) return []
  let targets = [delivery]
  if (plan.rule === '1') {
    targets = await db.selectFrom('dh_deliveries').selectAll().where('message_id', '=', message.id).orderBy('created_at').orderBy('id').execute()
    if (!targets.every((d) => isFinal(d.status))) return []
  }
  const entries = await reportOf(db, targets)
  const body =
    plan.rule === '1'
      ? { messageId: message.id, topicCode: message.topic_code, status: entries.every((e) => e.status === 'success') ? 'success' : 'failed', consumers: entries }
      : { messageId: message.id, topicCode: message.topic_code, ...entries[0]! }
  return [row('callback', message.producer_id, plan.rule === '1' ? '' : delivery.consumer_id, body)]
}

/** The consumer's enabled notifications of this delivery, one outbox row per kind. */
async function notificationRows(db: RuntimeDb, message: MessageRef, delivery: DeliveryRow, consumer: ConsumerNotify | null, row: RowOf) {
  if (!consumer) return []
  const kinds = parseNotifyInfo(consumer.notify_info)
    .filter((e) => e.status === '1')
    .map((e) => `notify_${e.type}`)
  if (kinds.length === 0) return []
  const [report] = await reportOf(db, [delivery])
  const body = { messageId: message.id, topicCode: message.topic_code, ...report! }
  return kinds.map((kind) => row(kind, consumer.id, `${kind}:${consumer.id}`, body))
}

interface SendSettings {
  retryUnitMs: number
  leaseMs: number
  deliveryTimeoutMs: number
}

/** Sends every callback that is due (claimed one by one, so two nodes never send the same one). */
export async function sendDueCallbacks(hub: Pick<HubContext, 'store' | 'config'>, db: RuntimeDb, settings: SendSettings, signal: AbortSignal, now: number = Date.now()): Promise<void> {
  const at = isoNow(now)
  const due = await db
    .selectFrom('dh_callbacks')
    .select('id')
    .where((eb) => eb.or([eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', at)]), eb.and([eb('status', '=', 'sending'), eb('lease_until', '<', at)])]))
    .orderBy('next_attempt_at')
    .limit(32)
    .execute()
  await Promise.allSettled(due.map((r) => sendOne(hub, db, r.id, settings, signal)))
}

async function sendOne(hub: Pick<HubContext, 'store' | 'config'>, db: RuntimeDb, id: string, settings: SendSettings, signal: AbortSignal): Promise<void> {
  const start = Date.now()
  const at = isoNow(start)
  const claimed = await db
    .updateTable('dh_callbacks')
    .set({ status: 'sending', lease_until: isoNow(start + settings.leaseMs) })
    .where('id', '=', id)
    .where((eb) => eb.or([eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', at)]), eb.and([eb('status', '=', 'sending'), eb('lease_until', '<', at)])]))
    .executeTakeFirst()
  if (Number(claimed.numUpdatedRows) !== 1) return
  const row = await db.selectFrom('dh_callbacks').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  const attempts = row.attempts + 1
  let error = ''
  let permanent = false
  try {
    const within = AbortSignal.any([signal, AbortSignal.timeout(settings.deliveryTimeoutMs)])
    if (row.kind === 'callback') await sendCallback(hub, db, row.owner_id, row.body, within)
    else await sendNotification(hub, db, row.kind, row.owner_id, row.body, within)
  } catch (err) {
    error = reasonOf(err)
    permanent = err instanceof DeliveryError && err.permanent
  }
  const done = Date.now()
  const values = !error
    ? { status: 'sent', attempts, lease_until: null, last_error: '', finished_at: isoNow(done) }
    : permanent || attempts >= CALLBACK_TRIES
      ? { status: 'dead', attempts, lease_until: null, last_error: error, finished_at: isoNow(done) }
      : { status: 'pending', attempts, lease_until: null, last_error: error, next_attempt_at: isoNow(done + CALLBACK_WAIT_UNITS * settings.retryUnitMs * attempts) }
  await db.updateTable('dh_callbacks').set(values).where('id', '=', id).where('status', '=', 'sending').execute()
}

/** A callback or notification that can never be sent as set up: kept dead at once, not retried. */
const permanentError = (reason: string) => new DeliveryError(reason, true)

async function sendCallback(hub: Pick<HubContext, 'store' | 'config'>, db: RuntimeDb, producerId: string, body: string, signal: AbortSignal): Promise<void> {
  const producerRow = await db.selectFrom('producers').selectAll().where('id', '=', producerId).executeTakeFirst()
  if (!producerRow) throw permanentError('the producer no longer exists')
  const producer = producerFromRow(producerRow, '')
  const plan = callbackPlan(producer)
  if (!plan) throw permanentError('the producer no longer asks for callbacks')
  const model = producer.apiRequestInfoModel ?? producer.httpRequestInfoModel
  if (plan.strategy === '3') return callSoap(model?.callbackWSParamsModel ?? {}, { text: body, format: 'json' }, { allowPrivate: hub.config.allowPrivateWsdl === true, signal })
  await postHttp(model?.callbackHttpParamsModel ?? {}, body, signal)
}

/** A notification goes where the consumer's notifyInfo says now (an edit applies to those not sent yet). */
async function sendNotification(hub: Pick<HubContext, 'store' | 'config'>, db: RuntimeDb, kind: string, consumerId: string, body: string, signal: AbortSignal): Promise<void> {
  const consumer = await db.selectFrom('consumers').select(['id', 'notify_info']).where('id', '=', consumerId).executeTakeFirst()
  if (!consumer) throw permanentError('the consumer no longer exists')
  const entry = parseNotifyInfo(consumer.notify_info).find((e) => `notify_${e.type}` === kind && e.status === '1')
  if (!entry) throw permanentError('the consumer no longer asks for this notification')
  if (entry.type === 'http') return postHttp(entry.receiver, body, signal)
  if (entry.type === 'email') return sendResultMail(hub, entry.receiver, JSON.parse(body) as ResultReport, signal)
  const table = entry.receiver.tableName.trim() || DEFAULT_NOTIFY_TABLE
  const sourceName = entry.receiver.datasourceName.trim()
  if (!sourceName) throw permanentError('the notification\'s data source is not set')
  const report = JSON.parse(body) as ResultReport
  let target
  try {
    target = await relationalTarget(hub, sourceName)
  } catch (err) {
    throw permanentError(reasonOf(err))
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
    throw new Error(`writing into ${table} of '${sourceName}' failed: ${driverReason(err, target.password)}`)
  }
}

interface CallModel {
  url?: string
  method?: string
  params?: { key: string; value: string; checked?: boolean }[]
  headers?: { key: string; value: string; checked?: boolean }[]
}
const checked = (rows: CallModel['params']) => (rows ?? []).filter((r) => r.checked !== false && r.key.trim() !== '')

/** The HTTP callback: the report as JSON (GET: as the query parameter `result`); any 2xx is sent. */
async function postHttp(model: CallModel, body: string, signal: AbortSignal): Promise<void> {
  let url: URL
  try {
    url = new URL((model.url ?? '').trim())
  } catch {
    throw permanentError(`the callback URL '${model.url ?? ''}' is not a URL`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw permanentError(`the callback URL must be http or https, got ${url.protocol}`)
  for (const p of checked(model.params)) url.searchParams.append(p.key, p.value)
  const method = (model.method || 'POST').toUpperCase()
  const headers = new Headers()
  for (const h of checked(model.headers)) headers.append(h.key, h.value)
  const withBody = method !== 'GET' && method !== 'HEAD'
  if (withBody) headers.set('content-type', 'application/json')
  else url.searchParams.set('result', body)
  const response = await fetch(url, { method, headers, body: withBody ? body : undefined, signal, redirect: 'manual' })
  const answer = await response.text().catch(() => '')
  if (response.status < 200 || response.status >= 300) throw new Error(`${method} ${url.origin}${url.pathname} answered HTTP ${response.status}${answer ? `: ${answer.slice(0, 300)}` : ''}`)
}
