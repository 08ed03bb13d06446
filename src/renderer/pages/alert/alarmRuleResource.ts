import * as contract from '../../../shared/contract/alarms/incidents'
import type { AlarmRuleEntry } from '../../../shared/contract/alarms/incidents'
import { ALARM_RULE_PERMISSION } from '../../../shared/contract/alarms/permissions'
import { RULES_WITH_RECEIVERS, type AlarmRule } from '../../../shared/rules/alarms/incidents'
import type { ResourceDefinition } from '../../admin/resource'
import { COLUMN_MIN_WIDTH } from '../../components/table/tableLayout'
import { i18n } from '../../i18n'
import { AlarmRuleReceivers } from './AlarmRuleReceivers'

/** The rule's setting the hub takes whole: the switch changes `enabled` and keeps the rest. */
const updateOf = (row: AlarmRuleEntry, values: Partial<Record<'enabled' | 'threshold' | 'reminderMinutes' | 'periodSeconds' | 'receivers', unknown>>) => ({
  rule: row.rule,
  enabled: values.enabled ?? row.enabled,
  threshold: values.threshold ?? row.threshold,
  reminderMinutes: values.reminderMinutes ?? row.reminderMinutes,
  periodSeconds: values.periodSeconds ?? row.periodSeconds,
  receivers: values.receivers ?? row.receivers,
})

/**
 * 预警任务 (menu 'alert.job'): the alarm rules per object type, with their switch, threshold
 * (what it counts is said by the rule's name) and reminder interval (an open incident reminds at
 * most once per interval). Rules are fixed: edited, never created or deleted.
 */
export const alarmRuleResource: ResourceDefinition<AlarmRuleEntry> = {
  entity: 'alarms:rule_entity',
  endpoints: { list: contract.alarmRuleList, update: contract.alarmRuleUpdate, status: contract.alarmRuleUpdate },
  status: { field: 'enabled', on: '1', off: '0' },
  statusInput: (row, status) => updateOf(row, { enabled: status }),
  columns: [
    { key: 'objectType', label: 'alarms:col_object_type', minWidth: COLUMN_MIN_WIDTH.label, render: (row) => i18n.t(`alarms:object_${row.objectType}`) },
    { key: 'rule', label: 'alarms:col_rule', minWidth: COLUMN_MIN_WIDTH.wide, render: (row) => i18n.t(`alarms:rule_${row.rule}`) },
    { key: 'threshold', label: 'alarms:col_threshold', minWidth: COLUMN_MIN_WIDTH.wide, render: (row) => i18n.t(`alarms:threshold_${row.rule}`, { count: row.threshold }) },
    { key: 'reminderMinutes', label: 'alarms:col_reminder', minWidth: COLUMN_MIN_WIDTH.text, render: (row) => i18n.t('alarms:every_minutes', { count: row.reminderMinutes }) },
    // Only the refused-pushes window and the data source checks' interval use it.
    { key: 'periodSeconds', label: 'alarms:col_period', minWidth: COLUMN_MIN_WIDTH.text, render: (row) => (row.rule === 'push_refused' || row.rule === 'datasource_check' ? i18n.t('alarms:every_seconds', { count: row.periodSeconds }) : '') },
    { key: 'updatedBy', label: 'alarms:col_updated_by' },
    { key: 'updatedAt', label: 'alarms:col_updated_at', kind: 'date' },
  ],
  fields: [
    { name: 'threshold', label: 'alarms:field_threshold', widget: 'number', required: true, hint: 'alarms:field_threshold_hint' },
    { name: 'reminderMinutes', label: 'alarms:field_reminder', widget: 'number', required: true, hint: 'alarms:field_reminder_hint' },
    { name: 'periodSeconds', label: 'alarms:field_period', widget: 'number', required: true, hint: 'alarms:field_period_hint' },
    // Only licence and node alarms go to the rule's receivers; the others to their objects' settings.
    { name: 'receivers', label: 'alarms:field_receivers', widget: 'custom', component: AlarmRuleReceivers, hint: 'alarms:field_receivers_hint', visible: (values) => RULES_WITH_RECEIVERS.includes(values.rule as AlarmRule) },
  ],
  rules: { create: contract.alarmRuleUpdate.input },
  toForm: (row) => ({
    rule: row?.rule ?? '',
    enabled: row?.enabled ?? '1',
    threshold: String(row?.threshold ?? 1),
    reminderMinutes: String(row?.reminderMinutes ?? 60),
    periodSeconds: String(row?.periodSeconds ?? 300),
    receivers: row?.receivers ?? '',
  }),
  toInput: (values, row) => (row ? updateOf(row, values) : values),
  permissions: { update: ALARM_RULE_PERMISSION, status: ALARM_RULE_PERMISSION },
}
