import { createElement } from 'react'
import { sysLogList, type SysLogEntry } from '../../../../shared/contract/platform/logs'
import type { ResourceDefinition } from '../../../admin/resource'
import { COLUMN_MIN_WIDTH } from '../../../components/table/tableLayout'
import { LogText } from './LogText'
import { readOnly } from './readOnly'

/**
 * 系统日志: the hub's own warnings and errors (a scheduled run that failed, a worker thread
 * replaced, a failed call) with their reference codes — the code a refused caller was told
 * ('5000' answers carry it), searchable here.
 */
export const sysLogResource: ResourceDefinition<SysLogEntry> = {
  ...readOnly,
  entity: 'logs:sys_entity',
  endpoints: { list: sysLogList },
  columns: [
    { key: 'time', label: 'logs:col_time', kind: 'date' },
    { key: 'level', label: 'logs:col_level', render: (r) => createElement(LogText, { prefix: 'logs:level_', value: r.level }) },
    { key: 'source', label: 'logs:col_source', minWidth: COLUMN_MIN_WIDTH.short },
    { key: 'reference', label: 'logs:col_reference', minWidth: COLUMN_MIN_WIDTH.short },
    { key: 'message', label: 'logs:col_message', minWidth: 420 },
  ],
  filters: [
    { name: 'level', label: 'logs:col_level', widget: 'select', options: [{ value: 'error', label: 'logs:level_error' }, { value: 'warning', label: 'logs:level_warning' }] },
    { name: 'reference', label: 'logs:col_reference', widget: 'text' },
    { name: 'source', label: 'logs:col_source', widget: 'text' },
    { name: 'keyword', label: 'logs:filter_keyword', widget: 'text' },
    { name: 'timeFrom', label: 'logs:filter_from', widget: 'date' },
    { name: 'timeTo', label: 'logs:filter_to', widget: 'date' },
  ],
}
