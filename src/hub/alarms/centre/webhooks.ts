import * as contract from '../../../shared/contract/alarms/webhooks'
import type { AlarmWebhook } from '../../../shared/contract/alarms/webhooks'
import { ResultCode } from '../../../shared/envelope'
import { route } from '../../http/context'
import { Refusal } from '../../kernel/refusal'
import { alarmDb, type AlarmWebhooksTable } from '../tables'
import { headersOf, saveWebhook } from '../webhooks'

/** The alarm webhooks' list and editing; the secret is never answered. */
const toWebhook = (r: AlarmWebhooksTable): AlarmWebhook => ({
  id: r.id, code: r.code, name: r.name, kind: r.kind as AlarmWebhook['kind'], url: r.url, secretSet: r.secret_secret !== '', status: r.status as '0' | '1', remark: r.remark,
  method: r.method === 'GET' ? 'GET' : 'POST', bodyTemplate: r.body_template, headers: headersOf(r.headers), updatedAt: r.updated_at,
})

export const webhookList = route(contract.webhookList, async (_, call) =>
  (await alarmDb(call.hub.store.db).selectFrom('dh_alarm_webhooks').selectAll().orderBy('code').execute()).map(toWebhook),
)

export const webhookSave = route(contract.webhookSave, async (input, call) => {
  const id = await saveWebhook(call.hub, input)
  return toWebhook(await alarmDb(call.hub.store.db).selectFrom('dh_alarm_webhooks').selectAll().where('id', '=', id).executeTakeFirstOrThrow())
})

export const webhookDelete = route(contract.webhookDelete, async ({ code }, call) => {
  const result = await alarmDb(call.hub.store.db).deleteFrom('dh_alarm_webhooks').where('code', '=', code).executeTakeFirst()
  if (Number(result.numDeletedRows) !== 1) throw new Refusal(ResultCode.notFound, 'msg_alarm_webhook_not_found')
  return null
})
