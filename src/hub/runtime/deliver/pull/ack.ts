import { consumerServerApiAck } from '../../../../shared/contract/datahub/runtime'
import { route } from '../../../http/context'
import { runtimeSettings } from '../../settings'
import { runtimeDb } from '../../tables'
import { pullingApp } from './appAuth'
import { endTry, retrySettingOf } from './tries'
import { encodeText, keyed, peerText } from '../../../text/keyedText'

/** What the application says of a message it could not handle, as the delivery log shows it. */
const reported = (reason: string) => encodeText(reason ? keyed('msg_exchange_app_failed_reason', { reason: peerText(reason) }) : keyed('msg_exchange_app_failed'))

/**
 * POST /consumer/serverApi/ack: ends the tries of deliveries this application holds (pulled,
 * not yet acknowledged). Handled ones are delivered; failed ones follow the consumer's retry
 * settings. A delivery whose lease ran out is still the application's until a pull takes it
 * back (pull.ts expires leases before it answers), so a late acknowledgement still counts.
 * Ids it does not hold are answered back, not refused: the others in the same call stand.
 */
export const ackRoute = route(consumerServerApiAck, async ({ deliveryIds, failed }, call) => {
  const appCode = await pullingApp(call)
  const handled = new Set(deliveryIds)
  const failures = new Map(failed.filter((f) => !handled.has(f.deliveryId)).map((f) => [f.deliveryId, f.reason]))
  const named = [...handled, ...failures.keys()]
  const db = runtimeDb(call.hub.store.db)
  const held = await db
    .selectFrom('dh_deliveries')
    .innerJoin('consumers', 'consumers.id', 'dh_deliveries.consumer_id')
    .select(['dh_deliveries.id', 'dh_deliveries.consumer_id', 'dh_deliveries.attempts', 'dh_deliveries.started_at', 'consumers.retriable', 'consumers.retry_num', 'consumers.retry_time_interval'])
    .where('dh_deliveries.id', 'in', named)
    .where('dh_deliveries.status', '=', 'delivering')
    .where('consumers.data_consume_type', '=', 'serverApi')
    .where('consumers.application_code', '=', appCode)
    .execute()
  const { retryUnitMs } = runtimeSettings(call.hub.config)
  let acknowledged = 0
  for (const row of held) {
    const failure = handled.has(row.id) ? null : reported(failures.get(row.id) ?? '')
    await endTry(call.hub.events, db, call.hub.store.kind, row, retrySettingOf(row), retryUnitMs, failure)
    if (failure === null) acknowledged++
  }
  const heldIds = new Set(held.map((r) => r.id))
  return { acknowledged, failed: held.length - acknowledged, notHeld: named.filter((id) => !heldIds.has(id)) }
})
