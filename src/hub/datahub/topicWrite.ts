import * as contract from '../../shared/contract/datahub/topic'
import { route } from '../http/context'
import { flowsChanged } from '../store/dataVersions'
import { newId } from '../store/ids'
import { liveTopic, loadTopicDetail, requireLiveTopic, topicInUse } from './records'
import { checkVersion, isUniqueViolation, topicCodeDuplicate, topicCodeLocked, topicDeleteActive, topicInUse as inUse } from './refusals'
import { topicColumns, topicFromRow } from './rows'
import { author, created, mergeUpdate, recordVersion, saveChanges } from './saving'
import { datahubDb } from './tables'

const INPUT_KEYS = Object.keys(contract.topicInputSchema.shape)

/** A new topic, enabled unless the form says otherwise; its code must be free. */
export const topicCreate = route(contract.topicCreate, async (input, call) => {
  const db = datahubDb(call.hub.store.db)
  const who = await author(call)
  const id = newId()
  try {
    await db.transaction().execute(async (tx) => {
      if (await liveTopic(tx, { code: input.code })) throw topicCodeDuplicate()
      await tx.insertInto('topics').values({ id, ...topicColumns({ ...input, isDelete: '0' }), ...created(who) }).execute()
      const saved = topicFromRow(await requireLiveTopic(tx, { id }))
      await recordVersion(tx, { typeCode: 'topic', typeId: id, content: saved, version: saved.version, remark: 'create' }, who)
      await flowsChanged(tx)
    })
  } catch (err) {
    // Two creations of one code at once: the unique index decides.
    if (isUniqueViolation(err)) throw topicCodeDuplicate()
    throw err
  }
  return loadTopicDetail(db, id)
})

/**
 * Changes the fields sent. Refused when the version moved, when the code would change (it is
 * locked once the topic exists) and when the change disables a topic in use.
 */
export const topicUpdate = route(contract.topicUpdate, async (input, call) => {
  const db = datahubDb(call.hub.store.db)
  const who = await author(call)
  await db.transaction().execute(async (tx) => {
    const stored = await requireLiveTopic(tx, { id: input.id }, call.hub.store.kind)
    checkVersion(stored.version, input.version)
    if (input.code !== undefined && input.code !== stored.code) throw topicCodeLocked()
    const values = mergeUpdate(contract.topicInputSchema, topicFromRow(stored), call.raw, INPUT_KEYS)
    if (stored.status === '1' && values.status === '0' && (await topicInUse(tx, stored.id))) throw inUse()
    await saveChanges(tx, 'topics', stored, topicColumns({ ...values, isDelete: '0' }), who)
    const saved = topicFromRow(await requireLiveTopic(tx, { id: stored.id }))
    await recordVersion(tx, { typeCode: 'topic', typeId: saved.id, content: saved, version: saved.version, remark: 'update' }, who)
    await flowsChanged(tx)
  })
  return loadTopicDetail(db, input.id)
})

/** Enables a disabled topic; disables an enabled one unless something running uses it. */
export const topicDisableOrEnable = route(contract.topicDisableOrEnable, async ({ id, version }, call) => {
  const db = datahubDb(call.hub.store.db)
  const who = await author(call)
  await db.transaction().execute(async (tx) => {
    const stored = await requireLiveTopic(tx, { id }, call.hub.store.kind)
    checkVersion(stored.version, version)
    const status = stored.status === '1' ? '0' : '1'
    if (status === '0' && (await topicInUse(tx, id))) throw inUse()
    await saveChanges(tx, 'topics', stored, { status }, who)
    await flowsChanged(tx)
  })
  return loadTopicDetail(db, id)
})

/**
 * Only an inactive topic can be deleted. It is marked deleted (isDelete '1', kept for its
 * history) and its producer and consumers, stopped since the topic is inactive, are removed:
 * nothing can reach them any more, and a new topic may take the code again.
 */
export const topicDelete = route(contract.topicDelete, async ({ id, version }, call) => {
  const db = datahubDb(call.hub.store.db)
  const who = await author(call)
  await db.transaction().execute(async (tx) => {
    const stored = await requireLiveTopic(tx, { id }, call.hub.store.kind)
    checkVersion(stored.version, version)
    if (stored.status !== '0') throw topicDeleteActive()
    if (await topicInUse(tx, id)) throw inUse()
    await saveChanges(tx, 'topics', stored, { is_delete: '1' }, who)
    await tx.deleteFrom('consumers').where('topic_id', '=', id).execute()
    await tx.deleteFrom('producers').where('topic_id', '=', id).execute()
    await flowsChanged(tx)
  })
  return null
})
