import type { Selectable } from 'kysely'
import type { Consumer } from '../../shared/contract/datahub/consumer'
import type { Producer } from '../../shared/contract/datahub/producer'
import type { TopicDetail } from '../../shared/contract/datahub/topic'
import type { StoreKind } from '../store'
import { topicNotFound } from './refusals'
import { consumerFromRow, producerFromRow, topicFromRow } from './rows'
import type { DatahubDb, TopicsTable } from './tables'

/** Reading one topic, producer or consumer with what it needs of the others. */

export type TopicRow = Selectable<TopicsTable>

/**
 * A topic that exists (not deleted), by id or code. Inside a transaction on PostgreSQL the row
 * is locked, so the checks made on it (status, what uses it) hold until the transaction ends;
 * SQLite runs one transaction at a time on its single connection and needs no lock.
 */
export async function liveTopic(db: DatahubDb, by: { id: string } | { code: string }, lock?: StoreKind): Promise<TopicRow | undefined> {
  let query = db.selectFrom('topics').selectAll().where('is_delete', '=', '0')
  query = 'id' in by ? query.where('id', '=', by.id) : query.where('code', '=', by.code)
  if (lock === 'postgres') query = query.forUpdate()
  return query.executeTakeFirst()
}

export async function requireLiveTopic(db: DatahubDb, by: { id: string } | { code: string }, lock?: StoreKind): Promise<TopicRow> {
  const row = await liveTopic(db, by, lock)
  if (!row) throw topicNotFound()
  return row
}

/** Spec: a topic is in use while its producer runs ('1' or '2') or one of its consumers runs ('1'). */
export async function topicInUse(db: DatahubDb, topicId: string): Promise<boolean> {
  const producer = await db.selectFrom('producers').select('id').where('topic_id', '=', topicId).where('status', '!=', '0').executeTakeFirst()
  if (producer) return true
  const consumer = await db.selectFrom('consumers').select('id').where('topic_id', '=', topicId).where('status', '=', '1').executeTakeFirst()
  return consumer !== undefined
}

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

/** Consumers of a topic in the order they were added (the flow draws them in that order). */
export async function consumersOf(db: DatahubDb, topic: TopicRow): Promise<Consumer[]> {
  const rows = await db.selectFrom('consumers').selectAll().where('topic_id', '=', topic.id).orderBy('created_at').orderBy('id').execute()
  const ref = topicFromRow(topic)
  return rows.map((r) => consumerFromRow(r, ref))
}

/** The topic with its full producer and consumers. */
export async function topicDetail(db: DatahubDb, topic: TopicRow): Promise<TopicDetail> {
  const producer = await db.selectFrom('producers').selectAll().where('topic_id', '=', topic.id).executeTakeFirst()
  return {
    ...topicFromRow(topic),
    dhProducer: producer ? producerFromRow(producer, topic.name) : null,
    dhConsumers: await consumersOf(db, topic),
  }
}

export async function loadTopicDetail(db: DatahubDb, id: string): Promise<TopicDetail> {
  return topicDetail(db, await requireLiveTopic(db, { id }))
}
