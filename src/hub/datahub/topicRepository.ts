import type { Selectable } from 'kysely'
import type { z } from 'zod'
import type * as contract from '../../shared/contract/datahub/topic'
import type { Consumer } from '../../shared/contract/datahub/consumer'
import type { Topic, TopicDetail } from '../../shared/contract/datahub/topic'
import { splitTags } from '../../shared/rules/datahub/tags'
import type { StoreKind } from '../store'
import { findOrRefuse } from '../store/findOrRefuse'
import { containsText } from '../store/like'
import { page } from '../store/paging'
import { assembleFlows, FLOW_TOPIC_COLUMNS, selectChildren } from './flows'
import { topicCodeDuplicate, topicNotFound, versionStale } from './refusals'
import { consumerFromRow, producerFromRow, topicColumns, topicFromRow, type TopicValues } from './rows'
import { created, updated, type Author } from './saving'
import { hasTag } from './search'
import { datahubRows, type DatahubDb, type TopicsTable } from './tables'
import { versionRepository } from './versionRepository'

export type TopicRow = Selectable<TopicsTable>
type TopicBy = { id: string } | { code: string }
/** A topic's fields as the form gives them; a stored topic exists (isDelete '0') until deleted. */
export type TopicFields = Omit<TopicValues, 'isDelete'>

const rows = datahubRows({ table: 'topics', notFound: topicNotFound, duplicate: topicCodeDuplicate })

function liveQuery(db: DatahubDb, by: TopicBy, lock?: StoreKind) {
  let query = db.selectFrom('topics').selectAll().where('is_delete', '=', '0')
  query = 'id' in by ? query.where('id', '=', by.id) : query.where('code', '=', by.code)
  return lock === 'postgres' ? query.forUpdate() : query
}

/**
 * A topic that exists (not deleted), by id or code. Inside a transaction on PostgreSQL the row
 * is locked, so the checks made on it (status, what uses it) hold until the transaction ends;
 * SQLite runs one transaction at a time on its single connection and needs no lock.
 */
export const liveTopic = (db: DatahubDb, by: TopicBy, lock?: StoreKind): Promise<TopicRow | undefined> => liveQuery(db, by, lock).executeTakeFirst()

/** …or the topic's not-found refusal. */
export const requireLiveTopic = (db: DatahubDb, by: TopicBy, lock?: StoreKind): Promise<TopicRow> => findOrRefuse(liveQuery(db, by, lock), topicNotFound)

/** Spec: a topic is in use while its producer runs ('1' or '2') or one of its consumers runs ('1'). */
export async function topicInUse(db: DatahubDb, topicId: string): Promise<boolean> {
  const producer = await db.selectFrom('producers').select('id').where('topic_id', '=', topicId).where('status', '!=', '0').executeTakeFirst()
  if (producer) return true
  const consumer = await db.selectFrom('consumers').select('id').where('topic_id', '=', topicId).where('status', '=', '1').executeTakeFirst()
  return consumer !== undefined
}

/** Consumers of a topic in the order they were added (the flow draws them in that order). */
export async function consumersOf(db: DatahubDb, topic: TopicRow): Promise<Consumer[]> {
  const found = await db.selectFrom('consumers').selectAll().where('topic_id', '=', topic.id).orderBy('created_at').orderBy('id').execute()
  const ref = topicFromRow(topic)
  return found.map((r) => consumerFromRow(r, ref))
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

export const loadTopicDetail = async (db: DatahubDb, id: string): Promise<TopicDetail> => topicDetail(db, await requireLiveTopic(db, { id }))

/**
 * Topics: a code unique among those that exist, edited under their version, kept when deleted
 * (isDelete '1') for their history. A topic answers with its producer and consumers: as a
 * detail, or as flow rows (flows.ts, flowJson.ts) in the lists.
 */
export const topicRepository = {
  live: liveTopic,
  require: requireLiveTopic,
  toRecord: topicFromRow,
  /** The topic as its version records keep it, or the not-found refusal. */
  find: async (db: DatahubDb, id: string): Promise<Topic> => topicFromRow(await requireLiveTopic(db, { id })),
  detail: loadTopicDetail,
  inUse: topicInUse,
  consumersOf,

  /** Paged flows, newest first (by code, descending, within one instant), searched by code, name, tag and status. */
  list(db: DatahubDb, q: z.output<typeof contract.topicList.input>) {
    let base = db.selectFrom('topics').where('is_delete', '=', '0')
    if (q.code?.trim()) base = base.where(containsText('code', q.code))
    if (q.name?.trim()) base = base.where(containsText('name', q.name))
    if (q.tag?.trim()) base = base.where(hasTag('tags', q.tag))
    if (q.status?.trim()) base = base.where('status', '=', q.status.trim())
    const query = base.select(FLOW_TOPIC_COLUMNS).orderBy('created_at', 'desc').orderBy('code', 'desc')
    return page(query, q, async (topics) => assembleFlows({ topics, ...(await selectChildren(db, topics.map((t) => t.id))) }))
  },

  /** Distinct tags of the topics that exist, sorted. */
  async tags(db: DatahubDb): Promise<string[]> {
    const found = await db.selectFrom('topics').select('tags').where('is_delete', '=', '0').where('tags', '!=', '').execute()
    return [...new Set(found.flatMap((r) => splitTags(r.tags)))].sort()
  },

  /** A new topic; two creations of one code at once are told apart by the unique index. */
  async add(db: DatahubDb, id: string, values: TopicFields, who: Author): Promise<void> {
    await rows.insert(db, { id, ...topicColumns({ ...values, isDelete: '0' }), ...created(who) })
  },

  /** Writes the form's fields, or refuses as stale when someone saved since `from` was read. */
  save: (db: DatahubDb, from: TopicRow, values: TopicFields, who: Author): Promise<void> =>
    rows.saveVersioned(db, from, { ...topicColumns({ ...values, isDelete: '0' }), ...updated(who) }, versionStale),

  /** Writes the status (enabled '1', disabled '0'), or refuses as stale. */
  setStatus: (db: DatahubDb, from: TopicRow, status: string, who: Author): Promise<void> =>
    rows.saveVersioned(db, from, { status, ...updated(who) }, versionStale),

  /**
   * Marks the topic deleted (kept for its history) and removes its producer and consumers:
   * nothing can reach them any more, and a new topic may take the code again.
   */
  async remove(db: DatahubDb, from: TopicRow, who: Author): Promise<void> {
    await rows.saveVersioned(db, from, { is_delete: '1', ...updated(who) }, versionStale)
    await db.deleteFrom('consumers').where('topic_id', '=', from.id).execute()
    await db.deleteFrom('producers').where('topic_id', '=', from.id).execute()
  },

  /** The version record of the topic as it now stands, after a save. */
  async recordSaved(db: DatahubDb, id: string, remark: 'create' | 'update', who: Author): Promise<void> {
    await versionRepository.snapshot(db, 'topic', await topicRepository.find(db, id), remark, who)
  },
}
