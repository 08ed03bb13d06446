import { createElement } from 'react'
import { MailArrowUpRegular, StarRegular } from '@fluentui/react-icons'
import * as contract from '../../../../shared/contract/platform/messaging/emailServers'
import type { EmailServer } from '../../../../shared/contract/platform/messaging/emailServers'
import { EMAIL_SERVER_PERMISSION } from '../../../../shared/contract/platform/messaging/permissions'
import { emailServerCreateSchema, emailServerUpdateSchema, PROTOCOLS } from '../../../../shared/rules/platform/messaging/emailServer'
import type { Option, ResourceDefinition } from '../../../admin/resource'
import { COLUMN_MIN_WIDTH } from '../../../components/table/tableLayout'

// A protocol name is the same in every language.
const protocolOptions: readonly Option[] = PROTOCOLS.map((v) => ({ value: v, label: v }))

export interface EmailServerActions {
  setDefault: (row: EmailServer) => void
  sendTestMail: (row: EmailServer) => void
}

/** Email servers (spec part 2 §3): the default first; "set default" and "send test mail" per row. */
export function emailServerResource(actions: EmailServerActions): ResourceDefinition<EmailServer> {
  return {
    entity: 'messaging:email_server_entity',
    endpoints: { list: contract.emailServerList, create: contract.emailServerCreate, update: contract.emailServerUpdate, remove: contract.emailServerDelete },
    columns: [
      { key: 'host', label: 'messaging:host', minWidth: COLUMN_MIN_WIDTH.wide },
      { key: 'port', label: 'messaging:port', minWidth: COLUMN_MIN_WIDTH.number },
      { key: 'ssl', label: 'messaging:ssl', dictType: 'sys_yes_no' },
      { key: 'account', label: 'messaging:account' },
      { key: 'senderName', label: 'messaging:sender_name' },
      { key: 'protocol', label: 'messaging:protocol', minWidth: COLUMN_MIN_WIDTH.short },
      { key: 'isDefault', label: 'messaging:is_default', dictType: 'sys_yes_no' },
      { key: 'updatedDate', label: 'admin:updated_date', kind: 'date' },
    ],
    filters: [
      { name: 'host', label: 'messaging:host', widget: 'text' },
      { name: 'account', label: 'messaging:account', widget: 'text' },
    ],
    fields: [
      { name: 'host', label: 'messaging:host', widget: 'text', required: true },
      { name: 'port', label: 'messaging:port', widget: 'number', required: true },
      { name: 'ssl', label: 'messaging:ssl', widget: 'radio', dictType: 'sys_yes_no', hint: 'messaging:ssl_hint' },
      { name: 'account', label: 'messaging:account', widget: 'text', required: true },
      { name: 'password', label: 'messaging:password', widget: 'password', required: true, only: 'create' },
      { name: 'password', label: 'messaging:password', widget: 'password', only: 'edit', hint: 'messaging:password_keep_hint' },
      { name: 'protocol', label: 'messaging:protocol', widget: 'select', options: protocolOptions },
      { name: 'senderName', label: 'messaging:sender_name', widget: 'text' },
      // Moving the default is the row's "set as default": a default cannot be merely switched off.
      { name: 'isDefault', label: 'messaging:is_default', widget: 'radio', dictType: 'sys_yes_no', only: 'create', hint: 'messaging:is_default_hint' },
      { name: 'remark', label: 'messaging:remark', widget: 'textarea' },
    ],
    rules: { create: emailServerCreateSchema, update: emailServerUpdateSchema },
    toForm: (row) => ({
      host: row?.host ?? '',
      port: row ? String(row.port) : '25',
      ssl: row?.ssl ?? '0',
      account: row?.account ?? '',
      // Write-only: never sent back; empty on edit keeps the stored password.
      password: '',
      protocol: row?.protocol ?? 'smtp',
      senderName: row?.senderName ?? '',
      isDefault: row?.isDefault ?? '0',
      remark: row?.remark ?? '',
    }),
    toInput: (values, row) => (row ? { ...values, id: row.id } : values),
    permissions: { create: EMAIL_SERVER_PERMISSION, update: EMAIL_SERVER_PERMISSION, remove: EMAIL_SERVER_PERMISSION },
    rowActions: [
      { key: 'test', label: 'messaging:test_mail', icon: createElement(MailArrowUpRegular), permission: EMAIL_SERVER_PERMISSION, run: (row) => actions.sendTestMail(row) },
      { key: 'default', label: 'messaging:set_default', icon: createElement(StarRegular), permission: EMAIL_SERVER_PERMISSION, visible: (row) => row.isDefault !== '1', run: (row) => actions.setDefault(row) },
    ],
  }
}
