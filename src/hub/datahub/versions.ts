import * as contract from '../../shared/contract/platform/versionBacktrack'
import type { VersionType } from '../../shared/contract/platform/versionBacktrack'
import { route } from '../http/context'
import { fieldRefusal } from '../http/validation'
import { consumerRepository as consumers } from './consumerRepository'
import { producerRepository as producers } from './producerRepository'
import { author } from './saving'
import { datahubDb, type DatahubDb } from './tables'
import { topicRepository as topics } from './topicRepository'
import { versionRepository as versions } from './versionRepository'
import { isJsonText } from '../../shared/rules/jsonText'

/** The record a version belongs to as it is now, or the refusal naming what is missing. */
function currentRecord(db: DatahubDb, type: VersionType, id: string): Promise<{ version: number }> {
  if (type === 'topic') return topics.find(db, id)
  return type === 'producer' ? producers.find(db, id) : consumers.find(db, id)
}

export const versionBacktrackListAll = route(contract.versionBacktrackListAll, async (q, call) => versions.list(datahubDb(call.hub.store.db), q))

export const versionBacktrackGet = route(contract.versionBacktrackGet, async ({ id }, call) => versions.find(datahubDb(call.hub.store.db), id))

/** A record made by hand: the given JSON content, or a snapshot of the record as it is now. */
export const versionBacktrackCreate = route(contract.versionBacktrackCreate, async ({ typeCode, typeId, content, remark }, call) => {
  const db = datahubDb(call.hub.store.db)
  const current = await currentRecord(db, typeCode, typeId)
  if (content !== undefined && !isJsonText(content)) throw fieldRefusal('content', 'msg_version_content_invalid')
  const id = await versions.record(db, { typeCode, typeId, content: content ?? current, version: current.version, remark }, await author(call))
  return versions.find(db, id)
})
