import * as contract from '../../../../shared/contract/datahub/authentication'
import type { Authentication } from '../../../../shared/contract/datahub/authentication'
import { AUTHEN_PARSED, AUTHEN_STATIC, AUTHEN_TYPES, TOKEN_METHODS } from '../../../../shared/rules/datahub/dataSourceAuthentication'
import type { FormValues, Option, ResourceDefinition } from '../../../admin/resource'
import { i18n } from '../../../i18n'
import { COLUMN_MIN_WIDTH } from '../../../components/table/tableLayout'

/** Part 2 §9: '1' static token, '2' token fetched from an API and parsed out of its answer. */
export const authenTypeOptions: readonly Option[] = AUTHEN_TYPES.map((v) => ({ value: v, label: `datasource:authen_type_${v}` }))
// Methods are protocol words, the same in every language.
const tokenMethodOptions: readonly Option[] = TOKEN_METHODS.map((v) => ({ value: v, label: v }))

const isStatic = (v: FormValues): boolean => v.authenType === AUTHEN_STATIC
const isParsed = (v: FormValues): boolean => v.authenType === AUTHEN_PARSED

/** The API-authentication screen: an application's methods, chosen by name in the producer and consumer forms. */
/** Form values of an authentication method's token fields (data hub API authentication and platform authentication). */
export function tokenFormValues(row?: Partial<Record<'authenName' | 'authenType' | 'tokenKey' | 'tokenUrl' | 'tokenMethod' | 'tokenParams' | 'tokenStatusCode' | 'tokenParseLevel' | 'tokenValidity' | 'status' | 'remark', string>>) {
  return {
    authenName: row?.authenName ?? '',
    authenType: row?.authenType ?? AUTHEN_STATIC,
    tokenKey: row?.tokenKey ?? 'Authorization',
    // Write-only: the hub never sends it back; empty on edit keeps the stored token.
    tokenValue: '',
    tokenUrl: row?.tokenUrl ?? '',
    tokenMethod: row?.tokenMethod || 'POST',
    tokenParams: row?.tokenParams ?? '',
    tokenStatusCode: row?.tokenStatusCode ?? '',
    tokenParseLevel: row?.tokenParseLevel ?? '',
    tokenValidity: row?.tokenValidity ?? '',
    status: row?.status ?? '1',
    remark: row?.remark ?? '',
  }
}

export const authenticationResource: ResourceDefinition<Authentication> = {
  entity: 'datasource:authen_entity',
  endpoints: {
    list: contract.authenticationList,
    create: contract.authenticationCreate,
    update: contract.authenticationUpdate,
    remove: contract.authenticationDelete,
    status: contract.authenticationDisableOrEnable,
  },
  removeInput: (row) => ({ id: row.id, version: row.version }),
  // The hub toggles: it takes the record and its version, not the new status.
  statusInput: (row) => ({ id: row.id, version: row.version }),
  status: { field: 'status', on: '1', off: '0' },
  columns: [
    { key: 'authenName', label: 'datasource:authen_name' },
    { key: 'appCode', label: 'datasource:authen_app_code', minWidth: COLUMN_MIN_WIDTH.short },
    { key: 'appName', label: 'datasource:authen_app_name' },
    { key: 'authenType', label: 'datasource:authen_type', render: (row) => i18n.t(`datasource:authen_type_${row.authenType}`, { defaultValue: row.authenType }) },
    { key: 'tokenKey', label: 'datasource:token_key' },
    { key: 'updatedAt', label: 'datasource:updated_at', kind: 'date' },
  ],
  filters: [
    { name: 'authenName', label: 'datasource:authen_name', widget: 'text' },
    { name: 'appCode', label: 'datasource:authen_app_code', widget: 'text' },
  ],
  fields: [
    { name: 'appCode', label: 'datasource:authen_app_code', widget: 'text', required: true },
    { name: 'appName', label: 'datasource:authen_app_name', widget: 'text' },
    { name: 'authenName', label: 'datasource:authen_name', widget: 'text', required: true },
    { name: 'authenType', label: 'datasource:authen_type', widget: 'radio', options: authenTypeOptions, required: true },
    { name: 'tokenKey', label: 'datasource:token_key', widget: 'text' },
    { name: 'tokenValue', label: 'datasource:token_value', widget: 'password', only: 'create', visible: isStatic },
    { name: 'tokenValue', label: 'datasource:token_value', widget: 'password', only: 'edit', hint: 'datasource:token_value_keep_hint', visible: isStatic },
    { name: 'tokenUrl', label: 'datasource:token_url', widget: 'text', required: true, visible: isParsed },
    { name: 'tokenMethod', label: 'datasource:token_method', widget: 'select', options: tokenMethodOptions, visible: isParsed },
    { name: 'tokenParams', label: 'datasource:token_params', widget: 'textarea', visible: isParsed },
    { name: 'tokenStatusCode', label: 'datasource:token_status_code', widget: 'text', required: true, hint: 'datasource:token_status_code_hint', visible: isParsed },
    { name: 'tokenParseLevel', label: 'datasource:token_parse_level', widget: 'text', required: true, hint: 'datasource:token_parse_level_hint', visible: isParsed },
    { name: 'tokenValidity', label: 'datasource:token_validity', widget: 'text', hint: 'datasource:token_validity_hint', visible: isParsed },
    { name: 'remark', label: 'datasource:remark', widget: 'textarea' },
  ],
  rules: { create: contract.authenticationInputSchema },
  toForm: (row) => ({ appCode: row?.appCode ?? '', appName: row?.appName ?? '', ...tokenFormValues(row) }),
  toInput: (values, row) => {
    if (!row) return values
    // The status is the switch's business, not the form's.
    const { status: _status, ...changes } = values
    return { ...changes, id: row.id, version: row.version }
  },
  permissions: {
    create: contract.AUTHENTICATION_PERMISSION,
    update: contract.AUTHENTICATION_PERMISSION,
    remove: contract.AUTHENTICATION_PERMISSION,
    status: contract.AUTHENTICATION_PERMISSION,
  },
}
