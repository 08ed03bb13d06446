import type { z } from 'zod'
import type * as contract from '../../shared/contract/datahub/producer'
import { page } from '../store/paging'
import { producerExists, producerNotFound } from './refusals'
import { producerColumns, producerFromRow, type ProducerValues } from './rows'
import type { DatahubDb } from './tables'
import { topicParty } from './topicParties'

const party = topicParty('producers', {
  typeCode: 'producer',
  notFound: producerNotFound,
  // One producer a topic: two creations at once are told apart by the unique index on topic_id.
  duplicate: producerExists,
  toRecord: (row, topic) => producerFromRow(row, topic.name),
  columns: (values: ProducerValues) => producerColumns(values),
})

/** The producer with its topic's name, or undefined when it or its topic is gone. */
export const loadProducer = party.load

/** Producers: at most one a topic, answered with their topic's name. */
export const producerRepository = {
  ...party,

  /** Paged producers of the topics that exist, newest first. */
  async list(db: DatahubDb, q: z.output<typeof contract.producerList.input>) {
    let base = db.selectFrom('producers').innerJoin('topics', 'topics.id', 'producers.topic_id').where('topics.is_delete', '=', '0')
    if (q.topicCode?.trim()) base = base.where('producers.topic_code', '=', q.topicCode.trim())
    if (q.appCode?.trim()) base = base.where('producers.app_code', '=', q.appCode.trim())
    if (q.productionMode?.trim()) base = base.where('producers.production_mode', '=', q.productionMode.trim())
    if (q.status?.trim()) base = base.where('producers.status', '=', q.status.trim())
    const query = base.selectAll('producers').select('topics.name as topic_name').orderBy('producers.created_at', 'desc').orderBy('producers.id')
    return page(query, q, (found) => found.map((r) => producerFromRow(r, r.topic_name)))
  },

  /** The producer's data source fields (its basic one and its mode models' JSON), if it is there. */
  dataSourceFields: (db: DatahubDb, id: string) => db.selectFrom('producers').select(['data_source_name', 'models']).where('id', '=', id).executeTakeFirst(),

  /** Whether the topic already has its producer. */
  topicHasOne: (db: DatahubDb, topicId: string): Promise<boolean> => party.exists(db, { topic_id: topicId }),
}
