import type { z } from 'zod'
import * as contract from '../../shared/contract/datahub/producer'
import { PRODUCER_STOPPED, SCHEDULED_MODES, type ProductionMode } from '../../shared/rules/datahub/producer'
import { requireMayUseCredential, type Asker } from '../authority/credentials'
import { route } from '../http/context'
import { producerSentCredential } from '../runtime/httpApi/authentication'
import { producerRepository as producers } from './producerRepository'
import { producerBigdataUnavailable, producerDeleteRunning, producerExists, producerModeLocked, producerRunning, topicChangeRefused, topicNotEnabled } from './refusals'
import { refuseUnrunnableProcessors } from '../runtime/engines/processorGuard'
import { scheduleJobEnabled } from '../runtime/refusals'
import { author, mergeUpdate, type Author } from './saving'
import { datahubDb, type DatahubDb } from './tables'
import type { Held } from './topicParties'
import type { TopicRow } from './topicRepository'

const INPUT_KEYS = Object.keys(contract.producerInputSchema.in.shape)

type ProducerInput = z.output<typeof contract.producerInputSchema>

/**
 * The stored credential the producer's requests would send must be one `asker` may use
 * (authority/credentials.ts), on every save of its fields, whoever saved the credential first.
 */
const requireCredentialOf = (tx: DatahubDb, asker: Asker, values: Pick<ProducerInput, 'appCode' | 'httpRequestInfoModel'>): Promise<void> =>
  requireMayUseCredential(tx, asker, producerSentCredential(values.httpRequestInfoModel))

/**
 * The producer rules, each in the caller's transaction: the handlers below run them in their
 * own, promotion's apply runs them for a whole document in one.
 */

/** A new producer of a held, enabled topic that has none yet; it starts stopped ('0'). Its id. */
export async function createProducerIn(tx: DatahubDb, topic: TopicRow, input: ProducerInput, who: Author, asker: Asker): Promise<string> {
  refuseUnrunnableProcessors(input)
  if (topic.status !== '1') throw topicNotEnabled()
  if (await producers.topicHasOne(tx, topic.id)) throw producerExists()
  await requireCredentialOf(tx, asker, input)
  return producers.addIn(tx, topic, who, { ...input, topicCode: topic.code, status: PRODUCER_STOPPED })
}

/** What a change asks of the two fields that never change. */
interface LockedFields {
  topicCode?: string | undefined
  productionMode?: string | undefined
}

/**
 * The fields `sent` has laid over the held producer. A producer is edited while stopped (spec:
 * status 0 editable, 1 and 2 view only) and while its topic is enabled; its topic and
 * production mode never change.
 */
export async function updateProducerIn(tx: DatahubDb, { stored, topic }: Held<'producers'>, sent: unknown, asked: LockedFields, who: Author, asker: Asker): Promise<void> {
  if (asked.topicCode !== undefined && asked.topicCode !== stored.topic_code) throw topicChangeRefused()
  if (asked.productionMode !== undefined && asked.productionMode !== stored.production_mode) throw producerModeLocked()
  if (topic.status !== '1') throw topicNotEnabled()
  if (stored.status !== PRODUCER_STOPPED) throw producerRunning()
  const values = mergeUpdate(contract.producerInputSchema, producers.recordOf(stored, topic), sent, INPUT_KEYS)
  refuseUnrunnableProcessors(values)
  await requireCredentialOf(tx, asker, values)
  await producers.save(tx, stored, { ...values, status: stored.status }, who)
  await producers.recordSaved(tx, stored.id, 'update', who)
}

/** Starts a stopped producer ('0' → '1', its topic must be enabled) or stops a running one. */
export async function toggleProducerIn(tx: DatahubDb, { stored, topic }: Held<'producers'>, who: Author): Promise<void> {
  const status = stored.status === PRODUCER_STOPPED ? '1' : PRODUCER_STOPPED
  if (status === '1' && topic.status !== '1') throw topicNotEnabled()
  if (status === '1' && stored.production_mode === 'bigdata') throw producerBigdataUnavailable()
  await producers.setStatus(tx, stored, status, who)
}

/** Paged producers of the topics that exist, newest first. */
export const producerList = route(contract.producerList, async (q, call) => producers.list(datahubDb(call.hub.store.db), q))

export const producerGet = route(contract.producerGet, async ({ id }, call) => producers.answer(call, id))

/** A producer for an enabled topic that has none yet; it starts stopped ('0'). */
export const producerCreate = route(contract.producerCreate, async (input, call) => {
  refuseUnrunnableProcessors(input)
  const who = await author(call)
  const id = await producers.add(call, input.topicCode, who, async (tx, topic) => {
    if (await producers.topicHasOne(tx, topic.id)) throw producerExists()
    await requireCredentialOf(tx, call, input)
    return { ...input, topicCode: topic.code, status: PRODUCER_STOPPED }
  })
  return producers.answer(call, id)
})

export const producerUpdate = route(contract.producerUpdate, async (input, call) => {
  const who = await author(call)
  await producers.change(call, input, (tx, held) => updateProducerIn(tx, held, call.raw, input, who, call))
  return producers.answer(call, input.id)
})

export const producerDisableOrEnable = route(contract.producerDisableOrEnable, async ({ id, version }, call) => {
  const who = await author(call)
  await producers.change(call, { id, version }, (tx, held) => toggleProducerIn(tx, held, who))
  return producers.answer(call, id)
})

/** Spec: a producer must be stopped before it is deleted. */
export const producerDelete = route(contract.producerDelete, async ({ id, version }, call) => {
  await producers.change(call, { id, version }, async (tx, { stored }) => {
    // Spec part 2 §8 "producer has an enabled schedule job": said so for a producer the hub fetches for.
    if (stored.status !== PRODUCER_STOPPED && SCHEDULED_MODES.includes(stored.production_mode as ProductionMode)) throw scheduleJobEnabled()
    if (stored.status !== PRODUCER_STOPPED) throw producerDeleteRunning()
    await producers.remove(tx, stored)
  })
  return null
})
