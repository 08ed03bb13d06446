import * as contract from '../../shared/contract/platform/logs'
import type { AuditEntry } from '../../shared/contract/platform/logs'
import { translateMessage } from '../../../locales'
import { route } from '../http/context'
import { behaviourEventRepository } from '../platform/behaviourEventRepository'
import { sheetFile, type SheetColumn } from '../platform/admin/transfer/sheet'
import { auditRepository } from './auditRepository'
import { systemLogRepository } from './systemLogRepository'
import { logsDb } from './tables'

export const auditLogList = route(contract.auditLogList, async (q, call) => auditRepository.list(logsDb(call.hub.store.db), q))

/** Excel keeps at most this many characters in a cell; a longer before or after is cut. */
const CELL_MAX = 32_000

const AUDIT_COLUMNS: readonly SheetColumn[] = [
  { field: 'time', header: 'msg_xls_audit_time' },
  { field: 'username', header: 'msg_xls_audit_user' },
  { field: 'address', header: 'msg_xls_audit_address' },
  { field: 'channel', header: 'msg_xls_audit_channel' },
  { field: 'action', header: 'msg_xls_audit_action' },
  { field: 'outcome', header: 'msg_xls_audit_outcome' },
  { field: 'code', header: 'msg_xls_audit_code' },
  { field: 'objectType', header: 'msg_xls_audit_object_type' },
  { field: 'objectId', header: 'msg_xls_audit_object_id' },
  { field: 'objectName', header: 'msg_xls_audit_object_name' },
  { field: 'before', header: 'msg_xls_audit_before' },
  { field: 'after', header: 'msg_xls_audit_after' },
]

/** The matching entries, newest first, at most AUDIT_EXPORT_MAX_ROWS, as the sheet of the caller's language. */
export const auditLogExport = route(contract.auditLogExport, async (q, call) => {
  const entries = await auditRepository.newest(logsDb(call.hub.store.db), q, contract.AUDIT_EXPORT_MAX_ROWS)
  const t = (key: string) => translateMessage(call.locale, key)
  const record = (e: AuditEntry): Record<string, string> => ({
    ...Object.fromEntries(Object.entries(e).map(([k, v]) => [k, v === null ? '' : String(v)])),
    channel: t(`msg_audit_channel_${e.channel}`),
    outcome: t(`msg_audit_outcome_${e.outcome}`),
    before: (e.before ?? '').slice(0, CELL_MAX),
    after: (e.after ?? '').slice(0, CELL_MAX),
  })
  return sheetFile(call.locale, 'msg_audit_export_file', AUDIT_COLUMNS, entries.map(record))
})

export const sysLogList = route(contract.sysLogList, async (q, call) => systemLogRepository.list(logsDb(call.hub.store.db), q))

export const clientErrorLogList = route(contract.clientErrorLogList, async (q, call) => behaviourEventRepository.list(call.hub.store.db, 'errors', q))

export const behaviourEventList = route(contract.behaviourEventList, async (q, call) => behaviourEventRepository.list(call.hub.store.db, 'behaviour', q))
