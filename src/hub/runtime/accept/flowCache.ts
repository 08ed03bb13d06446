import type { Kysely } from 'kysely'
import type { Consumer } from '../../../shared/contract/datahub/consumer'
import type { Producer } from '../../../shared/contract/datahub/producer'
import type { Topic } from '../../../shared/contract/datahub/topic'
import type { AuthenticationRow } from '../../datahub/dataSources/records'
import { dataSourceDb } from '../../datahub/dataSources/tables'
import { consumersOf, liveTopic, type TopicRow } from '../../datahub/records'
import { producerFromRow, topicFromRow } from '../../datahub/rows'
import { datahubDb } from '../../datahub/tables'
import type { Store } from '../../store'
import { readStoreVersions } from '../../store/dataVersions'
import type { HubDatabase } from '../../store/schema'

/**
 * What a push to a topic reads before it is accepted: the topic, its producer, its enabled
 * consumers and the API authentication method the producer asks for. Read for every push they
 * were four round trips to the store, as many as the rest of the push; they change only when
 * an operator edits the flow. Shared by the pushes that follow: treat as read-only.
 */
export interface Flow {
  topicRow: TopicRow
  topic: Topic
  producer: Producer | undefined
  /** The topic's enabled consumers, oldest first. */
  consumers: Consumer[]
  /** The method of the producer's API authentication when it has one on (display '1'), if it exists. */
  authentication: AuthenticationRow | undefined
}

/** Topics whose flows are kept per store; past this the oldest kept goes (a bound, not a tuning). */
const MAX_FLOWS = 1000

interface Kept {
  /** The flow version (store/dataVersions.ts) read before the rows were. */
  version: string
  flow: Promise<Flow | undefined>
}

const caches = new WeakMap<Kysely<HubDatabase>, Map<string, Kept>>()
const cacheOf = (db: Kysely<HubDatabase>) => {
  let cache = caches.get(db)
  if (!cache) caches.set(db, (cache = new Map()))
  return cache
}

/**
 * The flow of the live topic with this code, or undefined when there is none. Every save of a
 * topic, producer, consumer or authentication method moves the store's flow version in its
 * transaction (bumpDataVersion), and each call reads that version first (one read shared by the
 * pushes of the moment): a flow kept under an older version is read again, so a change made on
 * any hub node over the store is seen by every push that arrives after it committed. The rows
 * are read after the version, so a flow is never older than the version it is kept under.
 */
export async function flowOf(store: Store, topicCode: string): Promise<Flow | undefined> {
  const { flow: version } = await readStoreVersions(store.db)
  const cache = cacheOf(store.db)
  const kept = cache.get(topicCode)
  if (version !== '' && kept?.version === version) return kept.flow
  const flow = loadFlow(store, topicCode)
  // No version (a store without its row) means nothing to check a kept flow by: never kept.
  if (version === '') return flow
  const entry: Kept = { version, flow }
  cache.delete(topicCode)
  cache.set(topicCode, entry)
  if (cache.size > MAX_FLOWS) cache.delete(cache.keys().next().value!)
  // An unknown code or a failed read is not kept: the next push reads again.
  const forget = () => {
    if (cache.get(topicCode) === entry) cache.delete(topicCode)
  }
  flow.then((f) => f ?? forget(), forget)
  return flow
}

async function loadFlow(store: Store, topicCode: string): Promise<Flow | undefined> {
  const db = datahubDb(store.db)
  const topicRow = await liveTopic(db, { code: topicCode })
  if (!topicRow) return undefined
  const topic = topicFromRow(topicRow)
  const producerRow = await db.selectFrom('producers').selectAll().where('topic_id', '=', topic.id).executeTakeFirst()
  const producer = producerRow && producerFromRow(producerRow, topic.name)
  const consumers = (await consumersOf(db, topicRow)).filter((c) => c.status === '1')
  return { topicRow, topic, producer, consumers, authentication: producer && (await authenticationOf(store, producer)) }
}

async function authenticationOf(store: Store, producer: Producer): Promise<AuthenticationRow | undefined> {
  const auth = producer.apiRequestInfoModel?.authorization
  if (auth?.display !== '1') return undefined
  return dataSourceDb(store.db)
    .selectFrom('authentications')
    .selectAll()
    .where('app_code', '=', auth.appCode || producer.appCode)
    .where('authen_name', '=', auth.selectedAuth ?? '')
    .executeTakeFirst()
}
