import type { DeliveryEntry } from '../../../shared/contract/datahub/runtime'
import type { Topic } from '../../../shared/contract/datahub/topic'
import type { DeliveryStatus } from '../../../shared/rules/datahub/runtime'
import { effectiveRoutingKey } from '../../datahub/rows'
import type { DeliveryRow, RuntimeDb } from '../tables'
import type { Locale } from '../../../shared/locale'
import { renderStored } from '../../text/keyedText'

/**
 * A delivery as the console shows it, with what is known of its consumer: the message log's
 * rows (log/), and what a callback or result notification reports of it (reportRows.ts). The last
 * error is stored as key and parameters (text/keyedText.ts) and told in `locale`, the reader's.
 */
export async function deliveryEntries(db: RuntimeDb, rows: readonly DeliveryRow[], locale: Locale): Promise<DeliveryEntry[]> {
  const consumerIds = [...new Set(rows.map((r) => r.consumer_id))]
  const consumers = consumerIds.length
    ? await db
        .selectFrom('consumers')
        .innerJoin('topics', 'topics.id', 'consumers.topic_id')
        .select(['consumers.id', 'consumers.application_name', 'consumers.data_consume_type', 'consumers.routing_key', 'topics.code', 'topics.distribute_type'])
        .where('consumers.id', 'in', consumerIds)
        .execute()
    : []
  const byId = new Map(consumers.map((c) => [c.id, c]))
  return rows.map((r) => {
    const c = byId.get(r.consumer_id)
    return {
      id: r.id,
      consumerId: r.consumer_id,
      applicationName: c?.application_name ?? '',
      dataConsumeType: c?.data_consume_type ?? '',
      routingKey: c ? effectiveRoutingKey({ code: c.code, distributeType: c.distribute_type as Topic['distributeType'] }, c.routing_key) : '',
      status: r.status as DeliveryStatus,
      attempts: Number(r.attempts),
      nextAttemptAt: r.next_attempt_at,
      lastError: renderStored(locale, r.last_error),
      startedAt: r.started_at,
      finishedAt: r.finished_at,
      durationMs: r.duration_ms === null ? null : Number(r.duration_ms),
    }
  })
}
