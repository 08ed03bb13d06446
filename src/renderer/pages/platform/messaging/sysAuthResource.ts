import { createElement } from 'react'
import { KeyResetRegular } from '@fluentui/react-icons'
import * as contract from '../../../../shared/contract/platform/messaging/sysAuthentication'
import type { SysAuth } from '../../../../shared/contract/platform/messaging/sysAuthentication'
import { SYS_AUTH_PERMISSION } from '../../../../shared/contract/platform/messaging/permissions'
import { sysAuthFormSchema, TOKEN_PARSED, TOKEN_STATIC, TOKEN_TYPES } from '../../../../shared/rules/platform/messaging/authentication'
import { flagSwitch } from '../../../admin/FlagSwitch'
import type { Option, ResourceDefinition } from '../../../admin/resource'
import { i18n } from '../../../i18n'
import { COLUMN_MIN_WIDTH } from '../../../components/table/tableLayout'

/** Spec part 2 §9: static token, parsed token. */
export const tokenTypeOptions: readonly Option[] = TOKEN_TYPES.map((v) => ({ value: v, label: `messaging:token_type_${v}` }))

/**
 * The system-authentication list. Creating is the page's own button (not the generic toolbar):
 * the answer of create carries the secret, which the page shows once; so does "new secret".
 */
export function sysAuthResource(renewSecret: (row: SysAuth) => void): ResourceDefinition<SysAuth> {
  return {
    entity: 'messaging:sysauth_entity',
    endpoints: { list: contract.sysAuthList, create: contract.sysAuthCreate, update: contract.sysAuthUpdate, remove: contract.sysAuthDelete },
    columns: [
      { key: 'appCode', label: 'messaging:app_code', minWidth: COLUMN_MIN_WIDTH.short },
      { key: 'name', label: 'messaging:sysauth_name' },
      { key: 'tokenType', label: 'messaging:token_type', render: (row) => i18n.t(`messaging:token_type_${row.tokenType}`, { defaultValue: row.tokenType }) },
      { key: 'tokenValidity', label: 'messaging:token_validity', minWidth: COLUMN_MIN_WIDTH.number, render: (row) => (row.tokenValidity > 0 ? String(row.tokenValidity) : i18n.t('messaging:no_expiry')) },
      { key: 'status', label: 'admin:col_status', dictType: 'sys_status' },
      { key: 'secretUpdatedDate', label: 'messaging:secret_updated', kind: 'date' },
    ],
    filters: [
      { name: 'appCode', label: 'messaging:app_code', widget: 'text' },
      { name: 'name', label: 'messaging:sysauth_name', widget: 'text' },
    ],
    fields: [
      { name: 'appCode', label: 'messaging:app_code', widget: 'text', required: true },
      { name: 'name', label: 'messaging:sysauth_name', widget: 'text', required: true },
      { name: 'tokenType', label: 'messaging:token_type', widget: 'radio', options: tokenTypeOptions, required: true },
      { name: 'tokenValidity', label: 'messaging:token_validity', widget: 'number', hint: 'messaging:token_validity_hint', required: false, visible: (v) => v.tokenType === TOKEN_PARSED },
      { name: 'status', label: 'admin:col_status', widget: 'radio', dictType: 'sys_status' },
      { name: 'adminSignIn', label: 'messaging:admin_sign_in', widget: 'custom', component: flagSwitch('messaging:admin_sign_in_switch'), hint: 'messaging:admin_sign_in_hint' },
      { name: 'remark', label: 'messaging:remark', widget: 'textarea' },
    ],
    rules: { create: sysAuthFormSchema },
    toForm: (row) => ({
      appCode: row?.appCode ?? '',
      name: row?.name ?? '',
      tokenType: row?.tokenType ?? TOKEN_STATIC,
      tokenValidity: row && row.tokenValidity > 0 ? String(row.tokenValidity) : '',
      status: row?.status ?? '1',
      adminSignIn: row?.adminSignIn ?? '0',
      remark: row?.remark ?? '',
    }),
    // A static token does not expire: a validity typed before switching kinds is dropped.
    toInput: (values, row) => ({ ...values, ...(values.tokenType === TOKEN_STATIC ? { tokenValidity: 0 } : {}), ...(row ? { id: row.id } : {}) }),
    permissions: { create: SYS_AUTH_PERMISSION, update: SYS_AUTH_PERMISSION, remove: SYS_AUTH_PERMISSION },
    rowActions: [{ key: 'secret', label: 'messaging:renew_secret', icon: createElement(KeyResetRegular), permission: SYS_AUTH_PERMISSION, run: (row) => renewSecret(row) }],
  }
}
