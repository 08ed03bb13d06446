import { z } from 'zod'
import * as contract from '../../../shared/contract/alarms/webhooks'
import type { AlarmWebhook } from '../../../shared/contract/alarms/webhooks'
import { ALARM_RULE_PERMISSION } from '../../../shared/contract/alarms/permissions'
import { WEBHOOK_KINDS } from '../../../shared/rules/alarms/incidents'
import type { Option, ResourceDefinition } from '../../admin/resource'
import { COLUMN_MIN_WIDTH } from '../../components/table/tableLayout'
import { i18n } from '../../i18n'

const kindOptions: readonly Option[] = WEBHOOK_KINDS.map((v) => ({ value: v, label: `alarms:webhook_kind_${v}` }))
const methodOptions: readonly Option[] = [
  { value: 'POST', label: 'POST' },
  { value: 'GET', label: 'GET' },
]
const isSms = (values: Record<string, unknown>) => values.kind === 'sms'

/** An SMS gateway's headers as the form edits them: one "Name: value" a line. */
const headersText = (headers: Record<string, string>) =>
  Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n')
const headersOf = (text: unknown): Record<string, string> =>
  Object.fromEntries(
    String(text ?? '')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => {
        const at = line.indexOf(':')
        return at < 0 ? [line, ''] : [line.slice(0, at).trim(), line.slice(at + 1).trim()]
      }),
  )

/** What a save sends; an empty secret keeps the stored one (it is write-only), and an SMS gateway keeps its request template. */
const saveOf = (row: AlarmWebhook, status: string) => ({
  code: row.code, name: row.name, kind: row.kind, url: row.url, secret: '', status, remark: row.remark, method: row.method, bodyTemplate: row.bodyTemplate, headers: row.headers,
})

/**
 * The alarm robots and webhooks (DingTalk, WeCom, Feishu, our http webhook) that an alarm's
 * dingding or http receiver names by code, and the SMS gateway (a request template) an alarm's
 * mobile receivers are sent through. The signing secret is write-only: the list says only
 * whether one is set, and editing with it empty keeps it.
 */
export const webhookResource: ResourceDefinition<AlarmWebhook> = {
  entity: 'alarms:webhook_entity',
  endpoints: { list: contract.webhookList, create: contract.webhookSave, update: contract.webhookSave, remove: contract.webhookDelete, status: contract.webhookSave },
  removeInput: (row) => ({ code: row.code }),
  status: { field: 'status', on: '1', off: '0' },
  statusInput: saveOf,
  columns: [
    { key: 'code', label: 'alarms:webhook_code', minWidth: COLUMN_MIN_WIDTH.short },
    { key: 'name', label: 'alarms:webhook_name' },
    { key: 'kind', label: 'alarms:webhook_kind', minWidth: COLUMN_MIN_WIDTH.label, render: (row) => i18n.t(`alarms:webhook_kind_${row.kind}`) },
    { key: 'url', label: 'alarms:webhook_url', minWidth: COLUMN_MIN_WIDTH.wide },
    { key: 'secretSet', label: 'alarms:webhook_secret', minWidth: COLUMN_MIN_WIDTH.label, render: (row) => i18n.t(row.secretSet ? 'alarms:secret_set' : 'alarms:secret_unset') },
    { key: 'remark', label: 'alarms:webhook_remark' },
  ],
  fields: [
    { name: 'code', label: 'alarms:webhook_code', widget: 'text', required: true, lockedOnEdit: true, hint: 'alarms:webhook_code_hint' },
    { name: 'name', label: 'alarms:webhook_name', widget: 'text', required: true },
    { name: 'kind', label: 'alarms:webhook_kind', widget: 'select', options: kindOptions, required: true },
    { name: 'url', label: 'alarms:webhook_url', widget: 'text', required: true },
    { name: 'secret', label: 'alarms:webhook_secret', widget: 'password', only: 'create', hint: 'alarms:webhook_secret_hint' },
    { name: 'secret', label: 'alarms:webhook_secret', widget: 'password', only: 'edit', hint: 'alarms:webhook_secret_keep_hint' },
    { name: 'method', label: 'alarms:webhook_method', widget: 'select', options: methodOptions, visible: isSms },
    { name: 'bodyTemplate', label: 'alarms:webhook_body_template', widget: 'textarea', visible: isSms, hint: 'alarms:webhook_body_template_hint' },
    { name: 'headersText', label: 'alarms:webhook_headers', widget: 'textarea', visible: isSms, hint: 'alarms:webhook_headers_hint' },
    { name: 'remark', label: 'alarms:webhook_remark', widget: 'textarea' },
  ],
  // The form edits the headers as text (headersText); toInput makes them the contract's record.
  rules: { create: contract.webhookSave.input.extend({ headersText: z.string().max(20_000).default('') }) },
  toForm: (row) => ({
    code: row?.code ?? '',
    name: row?.name ?? '',
    kind: row?.kind ?? WEBHOOK_KINDS[0],
    url: row?.url ?? '',
    // Write-only: never sent back; empty on edit keeps the stored secret.
    secret: '',
    status: row?.status ?? '1',
    remark: row?.remark ?? '',
    method: row?.method ?? 'POST',
    bodyTemplate: row?.bodyTemplate ?? '',
    headersText: headersText(row?.headers ?? {}),
  }),
  toInput: ({ headersText: text, ...values }) => ({ ...values, headers: headersOf(text) }),
  permissions: { create: ALARM_RULE_PERMISSION, update: ALARM_RULE_PERMISSION, remove: ALARM_RULE_PERMISSION, status: ALARM_RULE_PERMISSION },
}
