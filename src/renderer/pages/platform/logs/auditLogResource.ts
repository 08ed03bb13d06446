import { createElement } from 'react'
import { AUDIT_LOG_PERMISSION, auditLogList, type AuditEntry } from '../../../../shared/contract/platform/logs'
import type { ResourceDefinition } from '../../../admin/resource'
import { invokeForResult } from '../../../bridge/resultChannels'
import { COLUMN_MIN_WIDTH } from '../../../components/table/tableLayout'
import { AuditChangeCell } from './AuditChangeDialog'
import { LogText } from './LogText'
import { readOnly } from './readOnly'

/**
 * 审计日志: every change an administrator made (the object, its before and after as the version
 * history compares them, who, when, from which address, desktop or API), sign-ins and refusals.
 * Searched by object, user, action and day; exported as filtered to Excel through the main
 * process's native save dialog.
 */
export const auditLogResource: ResourceDefinition<AuditEntry> = {
  ...readOnly,
  entity: 'logs:audit_entity',
  endpoints: { list: auditLogList },
  columns: [
    { key: 'time', label: 'logs:col_time', kind: 'date' },
    { key: 'username', label: 'logs:col_user', minWidth: COLUMN_MIN_WIDTH.short },
    { key: 'action', label: 'logs:col_action', minWidth: COLUMN_MIN_WIDTH.wide },
    { key: 'objectType', label: 'logs:col_object_type', render: (r) => createElement(LogText, { prefix: 'logs:object_', value: r.objectType }) },
    { key: 'objectName', label: 'logs:col_object', render: (r) => r.objectName || r.objectId },
    { key: 'outcome', label: 'logs:col_outcome', render: (r) => createElement(LogText, { prefix: 'logs:outcome_', value: r.outcome, suffix: r.outcome === 'refused' ? ` (${r.code})` : '' }) },
    { key: 'address', label: 'logs:col_address', minWidth: COLUMN_MIN_WIDTH.short },
    { key: 'channel', label: 'logs:col_channel', render: (r) => createElement(LogText, { prefix: 'logs:channel_', value: r.channel }) },
    { key: 'change', label: 'logs:col_change', render: (r) => createElement(AuditChangeCell, { entry: r }) },
  ],
  filters: [
    { name: 'object', label: 'logs:filter_object', widget: 'text' },
    { name: 'username', label: 'logs:col_user', widget: 'text' },
    { name: 'action', label: 'logs:col_action', widget: 'text' },
    { name: 'outcome', label: 'logs:col_outcome', widget: 'select', options: [{ value: 'success', label: 'logs:outcome_success' }, { value: 'refused', label: 'logs:outcome_refused' }] },
    { name: 'timeFrom', label: 'logs:filter_from', widget: 'date' },
    { name: 'timeTo', label: 'logs:filter_to', widget: 'date' },
  ],
  exportFiltered: { permission: AUDIT_LOG_PERMISSION, run: (filters) => invokeForResult('logs.exportAudit', filters) },
}

