import * as contract from '../../shared/contract/platform/versionBacktrack'
import type { VersionBacktrack, VersionType } from '../../shared/contract/platform/versionBacktrack'
import { route } from '../http/context'
import { fieldRefusal } from '../http/validation'
import { liveTopic, loadConsumer, loadProducer } from './records'
import { consumerNotFound, producerNotFound, topicNotFound, versionNotFound } from './refusals'
import { topicFromRow } from './rows'
import { author, recordVersion } from './saving'
import { page } from '../store/paging'
import { datahubDb, type DatahubDb, type VersionBacktracksTable } from './tables'
import { findOrRefuse } from '../store/findOrRefuse'

const fromRow = (r: VersionBacktracksTable): VersionBacktrack => ({
  id: r.id,
  typeCode: r.type_code as VersionType,
  typeId: r.type_id,
  content: r.content,
  remark: r.remark,
  version: Number(r.version),
  createdAt: r.created_at,
  createdBy: r.created_by,
})

/** The record a version belongs to as it is now, or the refusal naming what is missing. */
async function currentRecord(db: DatahubDb, type: VersionType, id: string): Promise<{ version: number }> {
  if (type === 'topic') {
    const row = await liveTopic(db, { id })
    if (!row) throw topicNotFound()
    return topicFromRow(row)
  }
  const record = type === 'producer' ? await loadProducer(db, id) : await loadConsumer(db, id)
  if (!record) throw type === 'producer' ? producerNotFound() : consumerNotFound()
  return record
}

const isJson = (text: string): boolean => {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/** Newest first: by time, then by version (saves within one millisecond). */
export const versionBacktrackListAll = route(contract.versionBacktrackListAll, async ({ pageNum, pageSize, typeCode, typeId }, call) => {
  const db = datahubDb(call.hub.store.db)
  let base = db.selectFrom('version_backtracks')
  if (typeCode) base = base.where('type_code', '=', typeCode)
  if (typeId?.trim()) base = base.where('type_id', '=', typeId.trim())
  const rows = base.selectAll().orderBy('created_at', 'desc').orderBy('version', 'desc').orderBy('id')
  return page(rows, { pageNum, pageSize }, (found) => found.map(fromRow))
})

export const versionBacktrackGet = route(contract.versionBacktrackGet, async ({ id }, call) => {
  const row = await findOrRefuse(datahubDb(call.hub.store.db).selectFrom('version_backtracks').selectAll().where('id', '=', id), versionNotFound)
  return fromRow(row)
})

/** A record made by hand: the given JSON content, or a snapshot of the record as it is now. */
export const versionBacktrackCreate = route(contract.versionBacktrackCreate, async ({ typeCode, typeId, content, remark }, call) => {
  const db = datahubDb(call.hub.store.db)
  const current = await currentRecord(db, typeCode, typeId)
  if (content !== undefined && !isJson(content)) throw fieldRefusal('content', 'msg_version_content_invalid')
  const id = await recordVersion(db, { typeCode, typeId, content: content ?? current, version: current.version, remark }, await author(call))
  return fromRow((await db.selectFrom('version_backtracks').selectAll().where('id', '=', id).executeTakeFirstOrThrow()))
})
