import { clientErrorLogList, type PushedEvent } from '../../../../shared/contract/platform/logs'
import type { ResourceDefinition } from '../../../admin/resource'
import { COLUMN_MIN_WIDTH } from '../../../components/table/tableLayout'
import { readOnly } from './readOnly'

/**
 * 客户端错误日志: the spec's client error-log entries (type, info, err, vm, user, url, time) the
 * consoles send while the parameter `error.log` is '1' (系统参数).
 */
export const clientErrorLogResource: ResourceDefinition<PushedEvent> = {
  ...readOnly,
  entity: 'logs:client_error_entity',
  endpoints: { list: clientErrorLogList },
  columns: [
    { key: 'time', label: 'logs:col_time', kind: 'date' },
    { key: 'user', label: 'logs:col_user', minWidth: COLUMN_MIN_WIDTH.short },
    { key: 'info', label: 'logs:col_info', minWidth: COLUMN_MIN_WIDTH.wide },
    { key: 'err', label: 'logs:col_err', minWidth: 320 },
    { key: 'vm', label: 'logs:col_vm' },
    { key: 'url', label: 'logs:col_url', minWidth: COLUMN_MIN_WIDTH.wide },
    { key: 'receivedAt', label: 'logs:col_received', kind: 'date' },
  ],
  filters: [
    { name: 'user', label: 'logs:col_user', widget: 'text' },
    { name: 'keyword', label: 'logs:filter_keyword', widget: 'text' },
    { name: 'timeFrom', label: 'logs:filter_from', widget: 'date' },
    { name: 'timeTo', label: 'logs:filter_to', widget: 'date' },
  ],
}
