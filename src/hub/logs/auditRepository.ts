import type { Insertable, Selectable } from 'kysely'
import type { z } from 'zod'
import type * as contract from '../../shared/contract/platform/logs'
import type { AuditEntry } from '../../shared/contract/platform/logs'
import { containsText } from '../store/like'
import { dayRange } from '../store/dayRange'
import { page } from '../store/paging'
import { type AuditLogTable, type LogsDb } from './tables'

const toEntry = (r: Selectable<AuditLogTable>): AuditEntry => ({
  id: r.id,
  callId: r.call_id,
  time: r.at,
  username: r.username,
  address: r.address,
  channel: r.channel === 'desktop' ? 'desktop' : 'api',
  action: r.action,
  outcome: r.outcome === 'refused' ? 'refused' : 'success',
  code: r.code,
  objectType: r.object_type,
  objectId: r.object_id,
  objectName: r.object_name,
  before: r.before,
  after: r.after,
})

type Filter = z.output<typeof contract.auditFilterSchema>

/** The audit log: written once per audited call (auditTrail.ts), read as lists and exports. */
export const auditRepository = {
  async add(db: LogsDb, rows: readonly Insertable<AuditLogTable>[]): Promise<void> {
    if (rows.length > 0) await db.insertInto('audit_log').values([...rows]).execute()
  },

  /** The entries the filters match, newest first. */
  matching(db: LogsDb, q: Filter) {
    let query = db.selectFrom('audit_log').selectAll()
    if (q.object) {
      const text = q.object
      query = query.where((eb) => eb.or([containsText('object_name', text), containsText('object_id', text), containsText('object_type', text)]))
    }
    if (q.objectType) query = query.where('object_type', '=', q.objectType)
    if (q.username) query = query.where(containsText('username', q.username))
    if (q.action) query = query.where(containsText('action', q.action))
    if (q.outcome) query = query.where('outcome', '=', q.outcome)
    const { from, until } = dayRange(q)
    if (from) query = query.where('at', '>=', from)
    if (until) query = query.where('at', '<', until)
    return query.orderBy('at', 'desc').orderBy('id', 'desc')
  },

  list: (db: LogsDb, q: z.output<typeof contract.auditLogList.input>) => page(auditRepository.matching(db, q), q, (rows) => rows.map(toEntry)),

  /** At most `limit` of the newest matching entries (an export). */
  async newest(db: LogsDb, q: Filter, limit: number): Promise<AuditEntry[]> {
    return (await auditRepository.matching(db, q).limit(limit).execute()).map(toEntry)
  },

  async purge(db: LogsDb, before: string): Promise<void> {
    await db.deleteFrom('audit_log').where('at', '<', before).execute()
  },
}
