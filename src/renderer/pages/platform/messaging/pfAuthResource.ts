import * as contract from '../../../../shared/contract/platform/messaging/pfAuthentication'
import type { PfAuth } from '../../../../shared/contract/platform/messaging/pfAuthentication'
import { PF_AUTH_PERMISSION } from '../../../../shared/contract/platform/messaging/permissions'
import { AUTHEN_PARSED, AUTHEN_STATIC, TOKEN_METHODS } from '../../../../shared/rules/datahub/dataSourceAuthentication'
import { pfAuthCreateSchema, pfAuthUpdateSchema } from '../../../../shared/rules/platform/messaging/authentication'
import type { FormValues, Option, ResourceDefinition } from '../../../admin/resource'
import { i18n } from '../../../i18n'
import { tokenTypeOptions } from './sysAuthResource'
import { tokenFormValues } from '../../datahub/authentication/authenticationResource'
import { COLUMN_MIN_WIDTH } from '../../../components/table/tableLayout'

// Methods are protocol words, the same in every language.
const tokenMethodOptions: readonly Option[] = TOKEN_METHODS.map((v) => ({ value: v, label: v }))
const isStatic = (v: FormValues): boolean => v.authenType === AUTHEN_STATIC
const isParsed = (v: FormValues): boolean => v.authenType === AUTHEN_PARSED

/**
 * Platform authentication: how the platform signs in to outside APIs — the data hub's
 * API-authentication form without the application, with the same field labels.
 */
export const pfAuthResource: ResourceDefinition<PfAuth> = {
  entity: 'messaging:pfauth_entity',
  endpoints: { list: contract.pfAuthList, create: contract.pfAuthCreate, update: contract.pfAuthUpdate, remove: contract.pfAuthDelete, status: contract.pfAuthDisableOrEnable },
  // The hub toggles: it takes the record, not the new status.
  statusInput: (row) => ({ id: row.id }),
  status: { field: 'status', on: '1', off: '0' },
  columns: [
    { key: 'authenName', label: 'datasource:authen_name' },
    { key: 'authenType', label: 'datasource:authen_type', render: (row) => i18n.t(`messaging:token_type_${row.authenType}`, { defaultValue: row.authenType }) },
    { key: 'tokenKey', label: 'datasource:token_key' },
    { key: 'tokenUrl', label: 'datasource:token_url', minWidth: COLUMN_MIN_WIDTH.wide },
    { key: 'updatedDate', label: 'admin:updated_date', kind: 'date' },
  ],
  filters: [{ name: 'authenName', label: 'datasource:authen_name', widget: 'text' }],
  fields: [
    { name: 'authenName', label: 'datasource:authen_name', widget: 'text', required: true },
    { name: 'authenType', label: 'datasource:authen_type', widget: 'radio', options: tokenTypeOptions, required: true },
    { name: 'tokenKey', label: 'datasource:token_key', widget: 'text' },
    { name: 'tokenValue', label: 'datasource:token_value', widget: 'password', required: true, only: 'create', visible: isStatic },
    { name: 'tokenValue', label: 'datasource:token_value', widget: 'password', only: 'edit', hint: 'datasource:token_value_keep_hint', visible: isStatic },
    { name: 'tokenUrl', label: 'datasource:token_url', widget: 'text', required: true, visible: isParsed },
    { name: 'tokenMethod', label: 'datasource:token_method', widget: 'select', options: tokenMethodOptions, visible: isParsed },
    { name: 'tokenParams', label: 'datasource:token_params', widget: 'textarea', visible: isParsed },
    { name: 'tokenStatusCode', label: 'datasource:token_status_code', widget: 'text', required: true, hint: 'datasource:token_status_code_hint', visible: isParsed },
    { name: 'tokenParseLevel', label: 'datasource:token_parse_level', widget: 'text', required: true, hint: 'datasource:token_parse_level_hint', visible: isParsed },
    { name: 'tokenValidity', label: 'datasource:token_validity', widget: 'text', hint: 'datasource:token_validity_hint', visible: isParsed },
    { name: 'remark', label: 'messaging:remark', widget: 'textarea' },
  ],
  rules: { create: pfAuthCreateSchema, update: pfAuthUpdateSchema },
  toForm: (row) => tokenFormValues(row),
  toInput: (values, row) => (row ? { ...values, id: row.id } : values),
  permissions: { create: PF_AUTH_PERMISSION, update: PF_AUTH_PERMISSION, remove: PF_AUTH_PERMISSION, status: PF_AUTH_PERMISSION },
}
