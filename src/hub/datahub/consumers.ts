import type { Selectable } from 'kysely'
import * as contract from '../../shared/contract/datahub/consumer'
import { CONSUMER_RUNNING, nextConsumerStatus } from '../../shared/rules/datahub/consumer'
import { ROUTE_BY_KEY } from '../../shared/rules/datahub/topic'
import { route, type CallContext } from '../http/context'
import { fieldRefusal } from '../http/validation'
import { newId } from '../store/ids'
import { consumersOf, loadConsumer, requireLiveTopic, type TopicRow } from './records'
import { checkVersion, consumerDeleteRunning, consumerNotFound, topicChangeRefused, topicNotEnabled, versionStale } from './refusals'
import { consumerColumns, consumerFromRow, topicFromRow, type ConsumerValues } from './rows'
import { refuseUnrunnableProcessors } from '../runtime/processorGuard'
import { author, changed, created, mergeUpdate, recordVersion, updatedNothing, type Author } from './saving'
import { datahubDb, type ConsumersTable, type DatahubDb } from './tables'

const INPUT_KEYS = Object.keys(contract.consumerInputSchema.in.shape)

type ConsumerRow = Selectable<ConsumersTable>

/**
 * Spec §4: the routing key is the topic code unless the topic routes by key ('2'); then the
 * consumer must name one.
 */
function withRoutingKey<T extends { routingKey: string }>(values: T, topic: TopicRow): T {
  if (topic.distribute_type !== ROUTE_BY_KEY) return { ...values, routingKey: topic.code }
  if (values.routingKey.trim() === '') throw fieldRefusal('routingKey', 'msg_routing_key_required')
  return values
}

async function consumerWithTopic(tx: DatahubDb, id: string, call: CallContext): Promise<{ stored: ConsumerRow; topic: TopicRow }> {
  const stored = await tx.selectFrom('consumers').selectAll().where('id', '=', id).executeTakeFirst()
  if (!stored) throw consumerNotFound()
  const topic = await requireLiveTopic(tx, { id: stored.topic_id }, call.hub.store.kind)
  return { stored, topic }
}

async function saveConsumer(tx: DatahubDb, from: ConsumerRow, set: Partial<ReturnType<typeof consumerColumns>>, who: Author): Promise<void> {
  const result = await tx
    .updateTable('consumers')
    .set({ ...set, ...changed(who, from.version) })
    .where('id', '=', from.id)
    .where('version', '=', from.version)
    .executeTakeFirst()
  if (updatedNothing(result)) throw versionStale()
}

async function answer(db: DatahubDb, id: string) {
  const consumer = await loadConsumer(db, id)
  if (!consumer) throw consumerNotFound()
  return consumer
}

/** The consumers of a topic, in the order they were added. */
export const consumerListAll = route(contract.consumerListAll, async ({ topicCode }, call) => {
  const db = datahubDb(call.hub.store.db)
  return consumersOf(db, await requireLiveTopic(db, { code: topicCode.trim() }))
})

export const consumerGet = route(contract.consumerGet, async ({ id }, call) => answer(datahubDb(call.hub.store.db), id))

/** A consumer of an enabled topic; it starts as new ('0'). */
export const consumerCreate = route(contract.consumerCreate, async (input, call) => {
  refuseUnrunnableProcessors(input)
  const db = datahubDb(call.hub.store.db)
  const who = await author(call)
  const id = newId()
  await db.transaction().execute(async (tx) => {
    const topic = await requireLiveTopic(tx, { code: input.topicCode }, call.hub.store.kind)
    if (topic.status !== '1') throw topicNotEnabled()
    const values: ConsumerValues = withRoutingKey({ ...input, topicCode: topic.code, status: '0' }, topic)
    await tx.insertInto('consumers').values({ id, topic_id: topic.id, ...consumerColumns(values), ...created(who) }).execute()
    const saved = await answer(tx, id)
    await recordVersion(tx, { typeCode: 'consumer', typeId: id, content: saved, version: saved.version, remark: 'create' }, who)
  })
  return answer(db, id)
})

/** Changes the fields sent, while the topic is enabled; the topic itself never changes. */
export const consumerUpdate = route(contract.consumerUpdate, async (input, call) => {
  const db = datahubDb(call.hub.store.db)
  const who = await author(call)
  await db.transaction().execute(async (tx) => {
    const { stored, topic } = await consumerWithTopic(tx, input.id, call)
    checkVersion(stored.version, input.version)
    if (input.topicCode !== undefined && input.topicCode !== stored.topic_code) throw topicChangeRefused()
    if (topic.status !== '1') throw topicNotEnabled()
    const current = consumerFromRow(stored, topicFromRow(topic))
    const values = withRoutingKey(mergeUpdate(contract.consumerInputSchema, current, call.raw, INPUT_KEYS), topic)
    refuseUnrunnableProcessors(values)
    await saveConsumer(tx, stored, consumerColumns({ ...values, status: stored.status }), who)
    const saved = await answer(tx, stored.id)
    await recordVersion(tx, { typeCode: 'consumer', typeId: saved.id, content: saved, version: saved.version, remark: 'update' }, who)
  })
  return answer(db, input.id)
})

/** Starts a consumer that is not running (its topic must be enabled), stops one that is. */
export const consumerStatus = route(contract.consumerStatus, async ({ id, version }, call) => {
  const db = datahubDb(call.hub.store.db)
  const who = await author(call)
  await db.transaction().execute(async (tx) => {
    const { stored, topic } = await consumerWithTopic(tx, id, call)
    checkVersion(stored.version, version)
    const status = nextConsumerStatus(stored.status)
    if (status === CONSUMER_RUNNING && topic.status !== '1') throw topicNotEnabled()
    await saveConsumer(tx, stored, { status }, who)
  })
  return answer(db, id)
})

/** Spec: a consumer must be stopped before it is deleted. */
export const consumerDelete = route(contract.consumerDelete, async ({ id, version }, call) => {
  const db = datahubDb(call.hub.store.db)
  await db.transaction().execute(async (tx) => {
    const { stored } = await consumerWithTopic(tx, id, call)
    checkVersion(stored.version, version)
    if (stored.status === CONSUMER_RUNNING) throw consumerDeleteRunning()
    await tx.deleteFrom('consumers').where('id', '=', id).where('version', '=', stored.version).execute()
  })
  return null
})
