import * as contract from '../../../../shared/contract/platform/messaging/channels'
import type { Channel } from '../../../../shared/contract/platform/messaging/channels'
import { CHANNEL_PERMISSION } from '../../../../shared/contract/platform/messaging/permissions'
import { CHANNEL_TYPES, channelFormSchema, UNLIMITED } from '../../../../shared/rules/platform/messaging/channel'
import type { Option, ResourceDefinition } from '../../../admin/resource'
import { i18n } from '../../../i18n'
import { COLUMN_MIN_WIDTH } from '../../../components/table/tableLayout'

/** The message centre's channel kinds (spec part 2 §1: email, SMS, push). */
export const channelTypeOptions: readonly Option[] = CHANNEL_TYPES.map((v) => ({ value: v, label: `messaging:channel_type_${v}` }))

/** Message channels (spec part 2 §3 fields); the secret is write-only. */
export const channelResource: ResourceDefinition<Channel> = {
  entity: 'messaging:channel_entity',
  endpoints: { list: contract.channelList, create: contract.channelCreate, update: contract.channelUpdate, remove: contract.channelDelete },
  columns: [
    { key: 'code', label: 'messaging:channel_code' },
    { key: 'name', label: 'messaging:channel_name' },
    { key: 'channelType', label: 'messaging:channel_type', render: (row) => i18n.t(`messaging:channel_type_${row.channelType}`, { defaultValue: row.channelType }) },
    { key: 'isDefault', label: 'messaging:is_default', dictType: 'sys_yes_no' },
    { key: 'loadLimit', label: 'messaging:load_limit', minWidth: COLUMN_MIN_WIDTH.number, render: (row) => (row.loadLimit === UNLIMITED ? i18n.t('messaging:unlimited') : String(row.loadLimit)) },
    { key: 'ipWhitelist', label: 'messaging:ip_whitelist', kind: 'list' },
    { key: 'secretSet', label: 'messaging:secret', render: (row) => i18n.t(row.secretSet ? 'messaging:secret_set' : 'messaging:secret_unset') },
    { key: 'secretExpireTime', label: 'messaging:secret_expire' },
    { key: 'retryNum', label: 'messaging:retry_num', minWidth: COLUMN_MIN_WIDTH.number },
    { key: 'retryInterval', label: 'messaging:retry_interval', minWidth: COLUMN_MIN_WIDTH.number },
  ],
  filters: [
    { name: 'code', label: 'messaging:channel_code', widget: 'text' },
    { name: 'name', label: 'messaging:channel_name', widget: 'text' },
    { name: 'channelType', label: 'messaging:channel_type', widget: 'select', options: channelTypeOptions },
  ],
  fields: [
    { name: 'code', label: 'messaging:channel_code', widget: 'text', required: true },
    { name: 'name', label: 'messaging:channel_name', widget: 'text', required: true },
    { name: 'channelType', label: 'messaging:channel_type', widget: 'select', options: channelTypeOptions, required: true },
    { name: 'isDefault', label: 'messaging:is_default', widget: 'radio', dictType: 'sys_yes_no' },
    { name: 'loadLimit', label: 'messaging:load_limit', widget: 'text', hint: 'messaging:load_limit_hint' },
    { name: 'ipWhitelist', label: 'messaging:ip_whitelist', widget: 'textarea', hint: 'messaging:ip_whitelist_hint' },
    { name: 'secret', label: 'messaging:secret', widget: 'password', only: 'create', hint: 'messaging:secret_hint' },
    { name: 'secret', label: 'messaging:secret', widget: 'password', only: 'edit', hint: 'messaging:secret_keep_hint' },
    { name: 'secretExpireTime', label: 'messaging:secret_expire', widget: 'date' },
    { name: 'oldSecretValidMinutes', label: 'messaging:old_secret_minutes', widget: 'number', hint: 'messaging:old_secret_minutes_hint' },
    { name: 'retryNum', label: 'messaging:retry_num', widget: 'number', required: true },
    { name: 'retryInterval', label: 'messaging:retry_interval', widget: 'number', required: true },
    { name: 'remark', label: 'messaging:remark', widget: 'textarea' },
  ],
  rules: { create: channelFormSchema },
  toForm: (row) => ({
    code: row?.code ?? '',
    name: row?.name ?? '',
    channelType: row?.channelType ?? CHANNEL_TYPES[0],
    isDefault: row?.isDefault ?? '0',
    loadLimit: row && row.loadLimit !== UNLIMITED ? String(row.loadLimit) : '',
    ipWhitelist: (row?.ipWhitelist ?? []).join('\n'),
    // Write-only: never sent back; empty on edit keeps the stored secret.
    secret: '',
    secretExpireTime: row?.secretExpireTime ?? '',
    oldSecretValidMinutes: String(row?.oldSecretValidMinutes ?? 0),
    retryNum: String(row?.retryNum ?? 3),
    retryInterval: String(row?.retryInterval ?? 60),
    remark: row?.remark ?? '',
  }),
  toInput: (values, row) => (row ? { ...values, id: row.id } : values),
  permissions: { create: CHANNEL_PERMISSION, update: CHANNEL_PERMISSION, remove: CHANNEL_PERMISSION },
}
