import * as contract from '../../shared/contract/datahub/topic'
import { route } from '../http/context'
import { flowsChanged } from '../store/dataVersions'
import { newId } from '../store/ids'
import { checkVersion, topicCodeDuplicate, topicCodeLocked, topicDeleteActive, topicInUse as inUse } from './refusals'
import { author, mergeUpdate, type Author } from './saving'
import { datahubDb, type DatahubDb } from './tables'
import { topicRepository as topics, type TopicFields, type TopicRow } from './topicRepository'

const INPUT_KEYS = Object.keys(contract.topicInputSchema.shape)

/**
 * A new topic in the caller's transaction (the create below, promotion's apply): its code must
 * be free; it gets its version record and moves the flows' data version. Its id.
 */
export async function createTopicIn(tx: DatahubDb, input: TopicFields, who: Author): Promise<string> {
  const id = newId()
  if (await topics.live(tx, { code: input.code })) throw topicCodeDuplicate()
  await topics.add(tx, id, input, who)
  await topics.recordSaved(tx, id, 'create', who)
  await flowsChanged(tx)
  return id
}

/**
 * A change of a stored topic in the caller's transaction: `sent` lays the fields it has over the
 * stored ones (update semantics, saving.ts mergeUpdate). A topic in use cannot be disabled; the
 * code is the caller's to keep (it is locked: the handler refuses another, promotion matches by it).
 */
export async function updateTopicIn(tx: DatahubDb, stored: TopicRow, sent: unknown, who: Author): Promise<void> {
  const values = mergeUpdate(contract.topicInputSchema, topics.toRecord(stored), sent, INPUT_KEYS)
  if (stored.status === '1' && values.status === '0' && (await topics.inUse(tx, stored.id))) throw inUse()
  await topics.save(tx, stored, values, who)
  await topics.recordSaved(tx, stored.id, 'update', who)
  await flowsChanged(tx)
}

/** A new topic, enabled unless the form says otherwise; its code must be free. */
export const topicCreate = route(contract.topicCreate, async (input, call) => {
  const db = datahubDb(call.hub.store.db)
  const who = await author(call)
  const id = await db.transaction().execute((tx) => createTopicIn(tx, input, who))
  return topics.detail(db, id)
})

/**
 * Changes the fields sent. Refused when the version moved, when the code would change (it is
 * locked once the topic exists) and when the change disables a topic in use.
 */
export const topicUpdate = route(contract.topicUpdate, async (input, call) => {
  const db = datahubDb(call.hub.store.db)
  const who = await author(call)
  await db.transaction().execute(async (tx) => {
    const stored = await topics.require(tx, { id: input.id }, call.hub.store.kind)
    checkVersion(stored.version, input.version)
    if (input.code !== undefined && input.code !== stored.code) throw topicCodeLocked()
    await updateTopicIn(tx, stored, call.raw, who)
  })
  return topics.detail(db, input.id)
})

/** Enables a disabled topic; disables an enabled one unless something running uses it. */
export const topicDisableOrEnable = route(contract.topicDisableOrEnable, async ({ id, version }, call) => {
  const db = datahubDb(call.hub.store.db)
  const who = await author(call)
  await db.transaction().execute(async (tx) => {
    const stored = await topics.require(tx, { id }, call.hub.store.kind)
    checkVersion(stored.version, version)
    const status = stored.status === '1' ? '0' : '1'
    if (status === '0' && (await topics.inUse(tx, id))) throw inUse()
    await topics.setStatus(tx, stored, status, who)
    await flowsChanged(tx)
  })
  return topics.detail(db, id)
})

/**
 * Only an inactive topic can be deleted. It is marked deleted (isDelete '1', kept for its
 * history) and its producer and consumers, stopped since the topic is inactive, are removed.
 */
export const topicDelete = route(contract.topicDelete, async ({ id, version }, call) => {
  const db = datahubDb(call.hub.store.db)
  const who = await author(call)
  await db.transaction().execute(async (tx) => {
    const stored = await topics.require(tx, { id }, call.hub.store.kind)
    checkVersion(stored.version, version)
    if (stored.status !== '0') throw topicDeleteActive()
    if (await topics.inUse(tx, id)) throw inUse()
    await topics.remove(tx, stored, who)
    await flowsChanged(tx)
  })
  return null
})
