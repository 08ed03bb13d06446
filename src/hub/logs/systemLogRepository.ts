import type { Selectable } from 'kysely'
import type { z } from 'zod'
import type * as contract from '../../shared/contract/platform/logs'
import type { SysLogEntry } from '../../shared/contract/platform/logs'
import { isoNow, newId } from '../store/ids'
import { containsText } from '../store/like'
import { dayRange } from '../store/dayRange'
import { page } from '../store/paging'
import { type LogsDb, type SystemLogTable } from './tables'

export interface SystemEvent {
  level: SysLogEntry['level']
  source: string
  reference: string
  message: string
}

const MESSAGE_MAX = 8000

const toEntry = (r: Selectable<SystemLogTable>): SysLogEntry => ({
  id: r.id,
  time: r.at,
  level: r.level === 'warning' ? 'warning' : 'error',
  source: r.source,
  reference: r.reference,
  message: r.message,
})

/** The hub's own warnings and errors (systemLog.ts writes them). */
export const systemLogRepository = {
  async add(db: LogsDb, event: SystemEvent, now = Date.now()): Promise<void> {
    await db
      .insertInto('system_log')
      .values({ id: newId(), at: isoNow(now), level: event.level, source: event.source.slice(0, 40), reference: event.reference, message: event.message.slice(0, MESSAGE_MAX) })
      .execute()
  },

  list(db: LogsDb, q: z.output<typeof contract.sysLogList.input>) {
    let query = db.selectFrom('system_log').selectAll()
    if (q.level) query = query.where('level', '=', q.level)
    if (q.source) query = query.where(containsText('source', q.source))
    if (q.reference) query = query.where('reference', '=', q.reference.trim())
    if (q.keyword) query = query.where(containsText('message', q.keyword))
    const { from, until } = dayRange(q)
    if (from) query = query.where('at', '>=', from)
    if (until) query = query.where('at', '<', until)
    return page(query.orderBy('at', 'desc').orderBy('id', 'desc'), q, (rows) => rows.map(toEntry))
  },

  async purge(db: LogsDb, before: string): Promise<void> {
    await db.deleteFrom('system_log').where('at', '<', before).execute()
  },
}
