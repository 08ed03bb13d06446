import * as contract from '../../shared/contract/datahub/producer'
import { PRODUCER_STOPPED, SCHEDULED_MODES, type ProductionMode } from '../../shared/rules/datahub/producer'
import { route } from '../http/context'
import { producerRepository as producers } from './producerRepository'
import { producerBigdataUnavailable, producerDeleteRunning, producerExists, producerModeLocked, producerRunning, topicChangeRefused, topicNotEnabled } from './refusals'
import { refuseUnrunnableProcessors } from '../runtime/engines/processorGuard'
import { scheduleJobEnabled } from '../runtime/refusals'
import { author, mergeUpdate } from './saving'
import { datahubDb } from './tables'

const INPUT_KEYS = Object.keys(contract.producerInputSchema.in.shape)

/** Paged producers of the topics that exist, newest first. */
export const producerList = route(contract.producerList, async (q, call) => producers.list(datahubDb(call.hub.store.db), q))

export const producerGet = route(contract.producerGet, async ({ id }, call) => producers.answer(call, id))

/** A producer for an enabled topic that has none yet; it starts stopped ('0'). */
export const producerCreate = route(contract.producerCreate, async (input, call) => {
  refuseUnrunnableProcessors(input)
  const who = await author(call)
  const id = await producers.add(call, input.topicCode, who, async (tx, topic) => {
    if (await producers.topicHasOne(tx, topic.id)) throw producerExists()
    return { ...input, topicCode: topic.code, status: PRODUCER_STOPPED }
  })
  return producers.answer(call, id)
})

/**
 * Changes the fields sent. A producer is edited while stopped (spec: status 0 editable, 1 and 2
 * view only) and while its topic is enabled; its topic and production mode never change.
 */
export const producerUpdate = route(contract.producerUpdate, async (input, call) => {
  const who = await author(call)
  await producers.change(call, input, async (tx, { stored, topic }) => {
    if (input.topicCode !== undefined && input.topicCode !== stored.topic_code) throw topicChangeRefused()
    if (input.productionMode !== undefined && input.productionMode !== stored.production_mode) throw producerModeLocked()
    if (topic.status !== '1') throw topicNotEnabled()
    if (stored.status !== PRODUCER_STOPPED) throw producerRunning()
    const values = mergeUpdate(contract.producerInputSchema, producers.recordOf(stored, topic), call.raw, INPUT_KEYS)
    refuseUnrunnableProcessors(values)
    await producers.save(tx, stored, { ...values, status: stored.status }, who)
    await producers.recordSaved(tx, stored.id, 'update', who)
  })
  return producers.answer(call, input.id)
})

/** Starts a stopped producer ('0' → '1', its topic must be enabled) or stops a running one. */
export const producerDisableOrEnable = route(contract.producerDisableOrEnable, async ({ id, version }, call) => {
  const who = await author(call)
  await producers.change(call, { id, version }, async (tx, { stored, topic }) => {
    const status = stored.status === PRODUCER_STOPPED ? '1' : PRODUCER_STOPPED
    if (status === '1' && topic.status !== '1') throw topicNotEnabled()
    if (status === '1' && stored.production_mode === 'bigdata') throw producerBigdataUnavailable()
    await producers.setStatus(tx, stored, status, who)
  })
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
