import type { z } from 'zod'
import type * as contract from '../../shared/contract/platform/versionBacktrack'
import type { VersionBacktrack, VersionType } from '../../shared/contract/platform/versionBacktrack'
import { changeLogOpen, noteChange } from '../store/changes'
import { newId } from '../store/ids'
import { versionNotFound } from './refusals'
import { approverNow } from './versionApprover'
import type { Author } from './saving'
import { datahubRepository, type DatahubDb, type VersionBacktracksTable } from './tables'

const fromRow = (r: VersionBacktracksTable): VersionBacktrack => ({
  id: r.id,
  typeCode: r.type_code as VersionType,
  typeId: r.type_id,
  content: r.content,
  remark: r.remark,
  version: Number(r.version),
  createdAt: r.created_at,
  createdBy: r.created_by,
  approvedBy: r.approved_by ?? null,
})

/** What a version record keeps: whose, which version, the content (a record or its JSON), and why. */
export interface VersionEntry {
  typeCode: VersionType
  typeId: string
  content: object | string
  version: number
  remark: string
}

/** The table each kind of versioned record lives in: the audit log names objects by their table. */
const TABLE_OF: Record<VersionType, string> = { topic: 'topics', producer: 'producers', consumer: 'consumers' }

const objectOf = (content: string): Record<string, unknown> | null => {
  try {
    const parsed: unknown = JSON.parse(content)
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : { content: parsed }
  } catch {
    return { content }
  }
}

const repository = datahubRepository({ table: 'version_backtracks', toRecord: fromRow, notFound: versionNotFound })

/** Version backtrack records: written on every save of a topic, producer or consumer, never changed. */
export const versionRepository = {
  ...repository,

  /** Newest first: by time, then by version (saves within one millisecond). */
  list(db: DatahubDb, q: z.output<typeof contract.versionBacktrackListAll.input>) {
    let base = repository.from(db)
    if (q.typeCode) base = base.where('type_code', '=', q.typeCode)
    if (q.typeId?.trim()) base = base.where('type_id', '=', q.typeId.trim())
    return repository.page(base.selectAll().orderBy('created_at', 'desc').orderBy('version', 'desc').orderBy('id'), q)
  },

  /**
   * Writes a version record: the record as saved (the state after the change), so the newest
   * record is what editors show and any older one can be restored as it is. Its id.
   */
  async record(db: DatahubDb, entry: VersionEntry, who: Author): Promise<string> {
    const id = newId()
    const content = typeof entry.content === 'string' ? entry.content : JSON.stringify(entry.content)
    // An audited call (store/changes.ts) notes the change as the history shows it: the record
    // before (the newest earlier version record) and this one.
    const previous = changeLogOpen() ? await versionRepository.latest(db, entry.typeId) : undefined
    await repository.insert(db, { id, type_code: entry.typeCode, type_id: entry.typeId, content, remark: entry.remark, version: entry.version, created_at: who.at, created_by: who.username, approved_by: approverNow() })
    if (previous !== undefined) {
      noteChange({ objectType: TABLE_OF[entry.typeCode], objectId: entry.typeId, before: previous === null ? null : objectOf(previous), after: objectOf(content), fromVersion: true })
    }
    return id
  },

  /** The content of the newest version record of this record; null when it has none. */
  async latest(db: DatahubDb, typeId: string): Promise<string | null> {
    const found = await repository.from(db).select('content').where('type_id', '=', typeId).orderBy('version', 'desc').orderBy('created_at', 'desc').limit(1).executeTakeFirst()
    return (found as { content: string } | undefined)?.content ?? null
  },

  /** The version record of a record as it now stands, after a save (`remark`: create or update). */
  async snapshot(db: DatahubDb, typeCode: VersionType, saved: { id: string; version: number }, remark: 'create' | 'update', who: Author): Promise<void> {
    await versionRepository.record(db, { typeCode, typeId: saved.id, content: saved, version: saved.version, remark }, who)
  },
}
