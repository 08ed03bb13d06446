import type { Consumer } from '../../shared/contract/datahub/consumer'
import type { Producer } from '../../shared/contract/datahub/producer'
import { consumerFromRow, producerFromRow, topicFromRow } from './rows'
import type { DatahubDb } from './tables'
import { liveTopic } from './topicRepository'

/** Reading one topic, producer or consumer with what it needs of the others. */

export { consumersOf, liveTopic, loadTopicDetail, requireLiveTopic, topicDetail, topicInUse, type TopicRow } from './topicRepository'

export async function loadProducer(db: DatahubDb, id: string): Promise<Producer | undefined> {
  const row = await db.selectFrom('producers').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) return undefined
  const topic = await liveTopic(db, { id: row.topic_id })
  return topic ? producerFromRow(row, topic.name) : undefined
}

export async function loadConsumer(db: DatahubDb, id: string): Promise<Consumer | undefined> {
  const row = await db.selectFrom('consumers').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) return undefined
  const topic = await liveTopic(db, { id: row.topic_id })
  return topic ? consumerFromRow(row, topicFromRow(topic)) : undefined
}
