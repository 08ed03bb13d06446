import { alarmConfigSchema } from '../../../shared/contract/datahub/common'
import type { Producer } from '../../../shared/contract/datahub/producer'
import { producerFromRow } from '../../datahub/rows'
import type { HubContext } from '../../http/context'
import { callSoap } from '../soap/call'
import type { Selectable } from 'kysely'
import type { DatahubTables } from '../../datahub/tables'
import type { DeliveryRow, RuntimeDb } from '../tables'
import { targetCheck } from '../httpApi/send'
import { permanentError, postHttp } from './postReport'
import { isFinal, reportOf, type MessageRef, type RowOf } from './reportRows'
import { keyed } from '../../text/keyedText'

/**
 * Producer callbacks (spec §9: strategy '1' none, '2' HTTP, '3' web service; rule '1' after all
 * consumers finish, '2' after each). Whether the producer wants them is its alarm configuration's
 * callbackData (callbackStatus '1'); how is its mode sub-model's callbackStrategy and call.
 * The report is the hub's JSON (below): strategy 2 posts it with the call's checked params and
 * headers; strategy 3 calls the callbackWSParamsModel's WSDL operation with it, through the same
 * SOAP piece as webservice consumers (soap/call.ts: the report's top-level keys fill the
 * operation's parameters by name, or the whole report is the one parameter).
 * They go through the outbox (outbox.ts) with the consumers' result notifications.
 */

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

export async function callbackRows(db: RuntimeDb, message: MessageRef, delivery: DeliveryRow, row: RowOf, known?: Selectable<DatahubTables['producers']> | null) {
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

export async function sendCallback(hub: Pick<HubContext, 'store' | 'config'>, db: RuntimeDb, producerId: string, body: string, signal: AbortSignal): Promise<void> {
  const producerRow = await db.selectFrom('producers').selectAll().where('id', '=', producerId).executeTakeFirst()
  if (!producerRow) throw permanentError(keyed('msg_exchange_producer_gone'))
  const producer = producerFromRow(producerRow, '')
  const plan = callbackPlan(producer)
  if (!plan) throw permanentError(keyed('msg_exchange_producer_no_callbacks'))
  const model = producer.apiRequestInfoModel ?? producer.httpRequestInfoModel
  if (plan.strategy === '3') {
    await callSoap(model?.callbackWSParamsModel ?? {}, { text: body, format: 'json' }, { allowPrivate: hub.config.allowPrivateWsdl === true, signal })
    return
  }
  await postHttp(model?.callbackHttpParamsModel ?? {}, body, signal, targetCheck(hub.config))
}
