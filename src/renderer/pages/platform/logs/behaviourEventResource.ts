import { createElement } from 'react'
import { behaviourEventList, type PushedEvent } from '../../../../shared/contract/platform/logs'
import type { ResourceDefinition } from '../../../admin/resource'
import { COLUMN_MIN_WIDTH } from '../../../components/table/tableLayout'
import { LogText } from './LogText'
import { readOnly } from './readOnly'

/** 用户行为: what the consoles push through /pfAcData/pushData (page views, navigation clicks), by user, page and day. */
export const behaviourEventResource: ResourceDefinition<PushedEvent> = {
  ...readOnly,
  entity: 'logs:behaviour_entity',
  endpoints: { list: behaviourEventList },
  columns: [
    { key: 'time', label: 'logs:col_time', kind: 'date' },
    { key: 'user', label: 'logs:col_user', minWidth: COLUMN_MIN_WIDTH.short },
    { key: 'type', label: 'logs:col_type', render: (r) => createElement(LogText, { prefix: 'logs:event_', value: r.type }) },
    { key: 'info', label: 'logs:col_info', minWidth: COLUMN_MIN_WIDTH.wide },
    { key: 'url', label: 'logs:col_page', minWidth: COLUMN_MIN_WIDTH.wide },
  ],
  filters: [
    { name: 'user', label: 'logs:col_user', widget: 'text' },
    { name: 'page', label: 'logs:col_page', widget: 'text' },
    { name: 'type', label: 'logs:col_type', widget: 'select', options: [{ value: 'pageview', label: 'logs:event_pageview' }, { value: 'click', label: 'logs:event_click' }] },
    { name: 'timeFrom', label: 'logs:filter_from', widget: 'date' },
    { name: 'timeTo', label: 'logs:filter_to', widget: 'date' },
  ],
}
