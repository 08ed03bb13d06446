import * as contract from '../../shared/contract/datahub/consumer'
import { CONSUMER_RUNNING, nextConsumerStatus } from '../../shared/rules/datahub/consumer'
import { ROUTE_BY_KEY } from '../../shared/rules/datahub/topic'
import { route } from '../http/context'
import { fieldRefusal } from '../http/validation'
import { consumersOf, loadConsumer, requireLiveTopic, type TopicRow } from './records'
import { consumerDeleteRunning, consumerNotFound, topicChangeRefused, topicNotEnabled } from './refusals'
import { consumerColumns, consumerFromRow, topicFromRow, type ConsumerValues } from './rows'
import { refuseUnrunnableProcessors } from '../runtime/engines/processorGuard'
import { author, mergeUpdate } from './saving'
import { datahubDb } from './tables'
import { topicParty } from './topicParties'

const INPUT_KEYS = Object.keys(contract.consumerInputSchema.in.shape)

const consumers = topicParty('consumers', { typeCode: 'consumer', load: loadConsumer, notFound: consumerNotFound })

/**
 * Spec §4: the routing key is the topic code unless the topic routes by key ('2'); then the
 * consumer must name one.
 */
function withRoutingKey<T extends { routingKey: string }>(values: T, topic: TopicRow): T {
  if (topic.distribute_type !== ROUTE_BY_KEY) return { ...values, routingKey: topic.code }
  if (values.routingKey.trim() === '') throw fieldRefusal('routingKey', 'msg_routing_key_required')
  return values
}

/** The consumers of a topic, in the order they were added. */
export const consumerListAll = route(contract.consumerListAll, async ({ topicCode }, call) => {
  const db = datahubDb(call.hub.store.db)
  return consumersOf(db, await requireLiveTopic(db, { code: topicCode.trim() }))
})

export const consumerGet = route(contract.consumerGet, async ({ id }, call) => consumers.answer(call, id))

/** A consumer of an enabled topic; it starts as new ('0'). */
export const consumerCreate = route(contract.consumerCreate, async (input, call) => {
  refuseUnrunnableProcessors(input)
  const who = await author(call)
  const id = await consumers.add(call, input.topicCode, who, async (_tx, topic) => {
    const values: ConsumerValues = withRoutingKey({ ...input, topicCode: topic.code, status: '0' }, topic)
    return consumerColumns(values)
  })
  return consumers.answer(call, id)
})

/** Changes the fields sent, while the topic is enabled; the topic itself never changes. */
export const consumerUpdate = route(contract.consumerUpdate, async (input, call) => {
  const who = await author(call)
  await consumers.change(call, input, async (tx, { stored, topic }) => {
    if (input.topicCode !== undefined && input.topicCode !== stored.topic_code) throw topicChangeRefused()
    if (topic.status !== '1') throw topicNotEnabled()
    const current = consumerFromRow(stored, topicFromRow(topic))
    const values = withRoutingKey(mergeUpdate(contract.consumerInputSchema, current, call.raw, INPUT_KEYS), topic)
    refuseUnrunnableProcessors(values)
    await consumers.save(tx, stored, consumerColumns({ ...values, status: stored.status }), who)
    await consumers.recordSaved(tx, stored.id, 'update', who)
  })
  return consumers.answer(call, input.id)
})

/** Starts a consumer that is not running (its topic must be enabled), stops one that is. */
export const consumerStatus = route(contract.consumerStatus, async ({ id, version }, call) => {
  const who = await author(call)
  await consumers.change(call, { id, version }, async (tx, { stored, topic }) => {
    const status = nextConsumerStatus(stored.status)
    if (status === CONSUMER_RUNNING && topic.status !== '1') throw topicNotEnabled()
    await consumers.save(tx, stored, { status }, who)
  })
  return consumers.answer(call, id)
})

/** Spec: a consumer must be stopped before it is deleted. */
export const consumerDelete = route(contract.consumerDelete, async ({ id, version }, call) => {
  await consumers.change(call, { id, version }, async (tx, { stored }) => {
    if (stored.status === CONSUMER_RUNNING) throw consumerDeleteRunning()
    await consumers.remove(tx, stored)
  })
  return null
})
