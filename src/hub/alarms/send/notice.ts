import { ALARM_NOTICE_KINDS } from '../../../shared/rules/alarms/outbox'
import type { HubContext } from '../../http/context'
import { DeliveryError } from '../../kernel/deliveryError'
import { personRetry } from '../../kernel/outboxKinds'
import type { HubOutboxKinds } from '../../runtime/report/outboxKind'
import type { CallbacksTable } from '../../runtime/tables'
import type { Selectable } from 'kysely'
import type { NoticeBody } from '../notices'
import { webhookForSending } from '../webhooks'
import { sendAlarmMail } from './email'
import { sendToRobot } from './robots'
import { sendAlarmSms } from './sms'
import { keyed } from '../../text/keyedText'

/**
 * Tries of an alarm notice before it is failed; between them the wait doubles: 5, 10, 20, 40 …
 * units of retryUnitMs (a second by default), at most 5 minutes (the outbox's personRetry).
 */
export const ALARM_TRIES = personRetry.tries

/** The alarm, reminder and recovery notices as outbox kinds: a person waits for them. */
export function registerAlarmKinds(outbox: HubOutboxKinds): void {
  outbox.register(...ALARM_NOTICE_KINDS.map((kind) => ({ kind, ...personRetry, send: sendAlarmNotice })))
}

/** Sends one alarm, reminder or recovery notice where its target says. */
export async function sendAlarmNotice(hub: Pick<HubContext, 'store' | 'config'>, row: Selectable<CallbacksTable>, signal: AbortSignal): Promise<void> {
  const { target, ...notice } = JSON.parse(row.body) as NoticeBody
  if ('channel' in target) return sendAlarmMail(hub, target.to, notice, signal)
  if ('sms' in target) return sendAlarmSms(hub, target.sms, notice, signal)
  if ('url' in target) return sendToRobot(hub, { kind: target.kind, url: target.url, secret: '' }, notice, signal)
  const hook = await webhookForSending(hub, target.webhook)
  if (!hook) throw new DeliveryError(keyed('msg_exchange_webhook_gone', { name: target.webhook }), true)
  return sendToRobot(hub, hook, notice, signal)
}
