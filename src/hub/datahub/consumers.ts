import type { z } from 'zod'
import * as contract from '../../shared/contract/datahub/consumer'
import { CONSUMER_RUNNING, nextConsumerStatus } from '../../shared/rules/datahub/consumer'
import { ROUTE_BY_KEY } from '../../shared/rules/datahub/topic'
import { requireMayUseCredential, type Asker } from '../authority/credentials'
import { route } from '../http/context'
import { consumerSentCredential } from '../runtime/httpApi/authentication'
import { fieldRefusal } from '../http/validation'
import { consumerRepository as consumers } from './consumerRepository'
import { consumerDeleteRunning, topicChangeRefused, topicNotEnabled } from './refusals'
import type { ConsumerValues } from './rows'
import { refuseUnrunnableProcessors } from '../runtime/engines/processorGuard'
import { author, mergeUpdate, type Author } from './saving'
import { datahubDb, type DatahubDb } from './tables'
import type { Held } from './topicParties'
import { topicRepository as topics, type TopicRow } from './topicRepository'

const INPUT_KEYS = Object.keys(contract.consumerInputSchema.in.shape)

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
  return consumers.ofTopic(db, await topics.require(db, { code: topicCode.trim() }))
})

export const consumerGet = route(contract.consumerGet, async ({ id }, call) => consumers.answer(call, id))

type ConsumerInput = z.output<typeof contract.consumerInputSchema>

/**
 * The stored credential the consumer's deliveries would send must be one `asker` may use
 * (authority/credentials.ts). Checked on every save of the consumer's fields, whoever saved the
 * credential first: a change of where the consumer sends is as much a use of it.
 */
const requireCredentialOf = (tx: DatahubDb, asker: Asker, values: Pick<ConsumerInput, 'applicationCode' | 'httpRequestInfoModel'>): Promise<void> =>
  requireMayUseCredential(tx, asker, consumerSentCredential(values.httpRequestInfoModel))

/**
 * The consumer rules, each in the caller's transaction: the handlers below run them in their
 * own, promotion's apply runs them for a whole document in one.
 */

/** A new consumer of a held, enabled topic; it starts as new ('0'). Its id. */
export async function createConsumerIn(tx: DatahubDb, topic: TopicRow, input: ConsumerInput, who: Author, asker: Asker): Promise<string> {
  refuseUnrunnableProcessors(input)
  await requireCredentialOf(tx, asker, input)
  return consumers.addIn(tx, topic, who, withRoutingKey({ ...input, topicCode: topic.code, status: '0' }, topic))
}

/** The fields `sent` has laid over the held consumer, while its topic is enabled; the topic itself never changes. */
export async function updateConsumerIn(tx: DatahubDb, { stored, topic }: Held<'consumers'>, sent: unknown, askedTopic: string | undefined, who: Author, asker: Asker): Promise<void> {
  if (askedTopic !== undefined && askedTopic !== stored.topic_code) throw topicChangeRefused()
  if (topic.status !== '1') throw topicNotEnabled()
  const values = withRoutingKey(mergeUpdate(contract.consumerInputSchema, consumers.recordOf(stored, topic), sent, INPUT_KEYS), topic)
  refuseUnrunnableProcessors(values)
  await requireCredentialOf(tx, asker, values)
  await consumers.save(tx, stored, { ...values, status: stored.status }, who)
  await consumers.recordSaved(tx, stored.id, 'update', who)
}

/** Starts a consumer that is not running (its topic must be enabled), stops one that is. */
export async function toggleConsumerIn(tx: DatahubDb, { stored, topic }: Held<'consumers'>, who: Author): Promise<void> {
  const status = nextConsumerStatus(stored.status)
  if (status === CONSUMER_RUNNING && topic.status !== '1') throw topicNotEnabled()
  await consumers.setStatus(tx, stored, status, who)
}

/** A consumer of an enabled topic; it starts as new ('0'). */
export const consumerCreate = route(contract.consumerCreate, async (input, call) => {
  refuseUnrunnableProcessors(input)
  const who = await author(call)
  const id = await consumers.add(call, input.topicCode, who, async (tx, topic): Promise<ConsumerValues> => {
    const values = withRoutingKey({ ...input, topicCode: topic.code, status: '0' }, topic)
    await requireCredentialOf(tx, call, values)
    return values
  })
  return consumers.answer(call, id)
})

/** Changes the fields sent, while the topic is enabled; the topic itself never changes. */
export const consumerUpdate = route(contract.consumerUpdate, async (input, call) => {
  const who = await author(call)
  await consumers.change(call, input, (tx, held) => updateConsumerIn(tx, held, call.raw, input.topicCode, who, call))
  return consumers.answer(call, input.id)
})

/** Starts a consumer that is not running (its topic must be enabled), stops one that is. */
export const consumerStatus = route(contract.consumerStatus, async ({ id, version }, call) => {
  const who = await author(call)
  await consumers.change(call, { id, version }, (tx, held) => toggleConsumerIn(tx, held, who))
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
