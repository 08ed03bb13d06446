import type { Selectable } from 'kysely'
import * as contract from '../../shared/contract/datahub/producer'
import { PRODUCER_STOPPED } from '../../shared/rules/datahub/producer'
import type { CallContext } from '../http/context'
import { route } from '../http/context'
import { newId } from '../store/ids'
import { loadProducer, requireLiveTopic, type TopicRow } from './records'
import {
  checkVersion,
  isUniqueViolation,
  producerDeleteRunning,
  producerExists,
  producerModeLocked,
  producerNotFound,
  producerRunning,
  topicChangeRefused,
  topicNotEnabled,
  versionStale,
} from './refusals'
import { producerColumns, producerFromRow } from './rows'
import { refuseUnrunnableProcessors } from '../runtime/processorGuard'
import { author, changed, created, mergeUpdate, recordVersion, updatedNothing, type Author } from './saving'
import { datahubDb, type DatahubDb, type ProducersTable } from './tables'

const INPUT_KEYS = Object.keys(contract.producerInputSchema.in.shape)

type ProducerRow = Selectable<ProducersTable>

/** The producer and its topic (locked on PostgreSQL while the transaction decides). */
async function producerWithTopic(tx: DatahubDb, id: string, call: CallContext): Promise<{ stored: ProducerRow; topic: TopicRow }> {
  const stored = await tx.selectFrom('producers').selectAll().where('id', '=', id).executeTakeFirst()
  if (!stored) throw producerNotFound()
  const topic = await requireLiveTopic(tx, { id: stored.topic_id }, call.hub.store.kind)
  return { stored, topic }
}

async function saveProducer(tx: DatahubDb, from: ProducerRow, set: Partial<ReturnType<typeof producerColumns>>, who: Author): Promise<void> {
  const result = await tx
    .updateTable('producers')
    .set({ ...set, ...changed(who, from.version) })
    .where('id', '=', from.id)
    .where('version', '=', from.version)
    .executeTakeFirst()
  if (updatedNothing(result)) throw versionStale()
}

async function answer(db: DatahubDb, id: string) {
  const producer = await loadProducer(db, id)
  if (!producer) throw producerNotFound()
  return producer
}

/** Paged producers of the topics that exist, newest first. */
export const producerList = route(contract.producerList, async ({ pageNum, pageSize, topicCode, appCode, productionMode, status }, call) => {
  const db = datahubDb(call.hub.store.db)
  let base = db.selectFrom('producers').innerJoin('topics', 'topics.id', 'producers.topic_id').where('topics.is_delete', '=', '0')
  if (topicCode?.trim()) base = base.where('producers.topic_code', '=', topicCode.trim())
  if (appCode?.trim()) base = base.where('producers.app_code', '=', appCode.trim())
  if (productionMode?.trim()) base = base.where('producers.production_mode', '=', productionMode.trim())
  if (status?.trim()) base = base.where('producers.status', '=', status.trim())
  const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()
  const rows = await base
    .selectAll('producers')
    .select('topics.name as topic_name')
    .orderBy('producers.created_at', 'desc')
    .orderBy('producers.id')
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize)
    .execute()
  return { content: rows.map((r) => producerFromRow(r, r.topic_name)), totalElements: Number(total.n) }
})

export const producerGet = route(contract.producerGet, async ({ id }, call) => answer(datahubDb(call.hub.store.db), id))

/** A producer for an enabled topic that has none yet; it starts stopped ('0'). */
export const producerCreate = route(contract.producerCreate, async (input, call) => {
  refuseUnrunnableProcessors(input)
  const db = datahubDb(call.hub.store.db)
  const who = await author(call)
  const id = newId()
  try {
    await db.transaction().execute(async (tx) => {
      const topic = await requireLiveTopic(tx, { code: input.topicCode }, call.hub.store.kind)
      if (topic.status !== '1') throw topicNotEnabled()
      if (await tx.selectFrom('producers').select('id').where('topic_id', '=', topic.id).executeTakeFirst()) throw producerExists()
      const values = { ...input, topicCode: topic.code, status: PRODUCER_STOPPED }
      await tx.insertInto('producers').values({ id, topic_id: topic.id, ...producerColumns(values), ...created(who) }).execute()
      const saved = await answer(tx, id)
      await recordVersion(tx, { typeCode: 'producer', typeId: id, content: saved, version: saved.version, remark: 'create' }, who)
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw producerExists()
    throw err
  }
  return answer(db, id)
})

/**
 * Changes the fields sent. A producer is edited while stopped (spec: status 0 editable, 1 and 2
 * view only) and while its topic is enabled; its topic and production mode never change.
 */
export const producerUpdate = route(contract.producerUpdate, async (input, call) => {
  const db = datahubDb(call.hub.store.db)
  const who = await author(call)
  await db.transaction().execute(async (tx) => {
    const { stored, topic } = await producerWithTopic(tx, input.id, call)
    checkVersion(stored.version, input.version)
    if (input.topicCode !== undefined && input.topicCode !== stored.topic_code) throw topicChangeRefused()
    if (input.productionMode !== undefined && input.productionMode !== stored.production_mode) throw producerModeLocked()
    if (topic.status !== '1') throw topicNotEnabled()
    if (stored.status !== PRODUCER_STOPPED) throw producerRunning()
    const values = mergeUpdate(contract.producerInputSchema, producerFromRow(stored, topic.name), call.raw, INPUT_KEYS)
    refuseUnrunnableProcessors(values)
    await saveProducer(tx, stored, producerColumns({ ...values, status: stored.status }), who)
    const saved = await answer(tx, stored.id)
    await recordVersion(tx, { typeCode: 'producer', typeId: saved.id, content: saved, version: saved.version, remark: 'update' }, who)
  })
  return answer(db, input.id)
})

/** Starts a stopped producer ('0' → '1', its topic must be enabled) or stops a running one. */
export const producerDisableOrEnable = route(contract.producerDisableOrEnable, async ({ id, version }, call) => {
  const db = datahubDb(call.hub.store.db)
  const who = await author(call)
  await db.transaction().execute(async (tx) => {
    const { stored, topic } = await producerWithTopic(tx, id, call)
    checkVersion(stored.version, version)
    const status = stored.status === PRODUCER_STOPPED ? '1' : PRODUCER_STOPPED
    if (status === '1' && topic.status !== '1') throw topicNotEnabled()
    await saveProducer(tx, stored, { status }, who)
  })
  return answer(db, id)
})

/** Spec: a producer must be stopped before it is deleted. */
export const producerDelete = route(contract.producerDelete, async ({ id, version }, call) => {
  const db = datahubDb(call.hub.store.db)
  await db.transaction().execute(async (tx) => {
    const { stored } = await producerWithTopic(tx, id, call)
    checkVersion(stored.version, version)
    if (stored.status !== PRODUCER_STOPPED) throw producerDeleteRunning()
    await tx.deleteFrom('producers').where('id', '=', id).where('version', '=', stored.version).execute()
  })
  return null
})
