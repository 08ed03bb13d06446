import * as contract from '../../../shared/contract/datahub/runtime'
import type { LiveCounts } from '../../../shared/contract/datahub/runtime'
import { route } from '../../http/context'
import { runtimeDb } from '../tables'

/** The flow diagram's live counts: two grouped scans, whatever the number of messages. */

const zero = (): LiveCounts => ({ received: 0, delivered: 0, failed: 0, retrying: 0, waiting: 0 })

/** Where a delivery in this state (after this many tries) is counted. */
function bucketOf(status: string, attempts: number): keyof LiveCounts | null {
  if (status === 'delivered') return 'delivered'
  if (status === 'dead' || status === 'failed') return 'failed'
  if (status === 'pending' && attempts > 0) return 'retrying'
  if (status === 'pending' || status === 'delivering') return 'waiting'
  return null
}

export const messageCounts = route(contract.messageCounts, async ({ topicCodes, receivedFrom }, call) => {
  const db = runtimeDb(call.hub.store.db)
  if (topicCodes.length === 0) return { topics: [], consumers: [] }
  let messages = db.selectFrom('dh_messages').where('dh_messages.topic_code', 'in', topicCodes)
  if (receivedFrom) messages = messages.where('dh_messages.received_at', '>=', receivedFrom)
  const received = await messages.select(['dh_messages.topic_code', (eb) => eb.fn.countAll().as('n')]).groupBy('dh_messages.topic_code').execute()
  const deliveries = await messages
    .innerJoin('dh_deliveries', 'dh_deliveries.message_id', 'dh_messages.id')
    .select([
      'dh_messages.topic_code',
      'dh_deliveries.consumer_id',
      'dh_deliveries.status',
      // Only "tried before or not" matters (retrying vs waiting), not how often.
      (eb) => eb.case().when('dh_deliveries.attempts', '>', 0).then(1).else(0).end().as('tried'),
      (eb) => eb.fn.countAll().as('n'),
    ])
    .groupBy(['dh_messages.topic_code', 'dh_deliveries.consumer_id', 'dh_deliveries.status', 'tried'])
    .execute()

  const topics = new Map(topicCodes.map((code) => [code, zero()]))
  for (const r of received) topics.get(r.topic_code)!.received = Number(r.n)
  const consumers = new Map<string, LiveCounts & { topicCode: string; consumerId: string }>()
  for (const r of deliveries) {
    const n = Number(r.n)
    const key = `${r.topic_code}\n${r.consumer_id}`
    let c = consumers.get(key)
    if (!c) consumers.set(key, (c = { topicCode: r.topic_code, consumerId: r.consumer_id, ...zero() }))
    c.received += n
    const bucket = bucketOf(r.status, Number(r.tried))
    if (!bucket) continue
    c[bucket] += n
    topics.get(r.topic_code)![bucket] += n
  }
  return { topics: [...topics].map(([topicCode, counts]) => ({ topicCode, ...counts })), consumers: [...consumers.values()] }
})
