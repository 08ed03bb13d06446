import { createElement } from 'react'
import { PlugConnectedRegular } from '@fluentui/react-icons'
import * as contract from '../../../../shared/contract/platform/identityProviders'
import { IDENTITY_PROVIDER_PERMISSION, type IdentityProvider } from '../../../../shared/contract/platform/identityProviders'
import { identityProviderCreateSchema, identityProviderUpdateSchema, type MatchBy, type ProviderKind } from '../../../../shared/rules/platform/identityProvider'
import { callHub } from '../../../api/hub'
import { showToast } from '../../../api/signals'
import { i18n } from '../../../i18n'
import { flagSwitch } from '../../../admin/FlagSwitch'
import type { FormValues, Option, ResourceDefinition } from '../../../admin/resource'
import { COLUMN_MIN_WIDTH } from '../../../components/table/tableLayout'

const KIND_LABEL: Record<ProviderKind, string> = { cas: 'sso:kind_cas', oidc: 'sso:kind_oidc', app: 'sso:kind_app' }
const MATCH_LABEL: Record<MatchBy, string> = { username: 'sso:match_username', email: 'sso:match_email', employeeNo: 'sso:match_employee_no' }
const kindOptions: readonly Option[] = Object.entries(KIND_LABEL).map(([value, label]) => ({ value, label }))
const matchOptions: readonly Option[] = Object.entries(MATCH_LABEL).map(([value, label]) => ({ value, label }))

const kindIs =
  (...kinds: ProviderKind[]) =>
  (values: FormValues): boolean =>
    kinds.includes(values.kind as ProviderKind)

/** "Test connection": the hub runs discovery (OIDC) or asks the CAS server; its refusal is the toast. */
async function testConnection(row: IdentityProvider): Promise<void> {
  const r = await callHub(contract.identityProviderTestConnection, { id: row.id })
  if (r.ok) showToast({ intent: 'success', message: i18n.t('sso:test_ok', { detail: r.data.detail }) })
}

/**
 * Identity providers for single sign-on (issue 17): CAS servers, OpenID Connect providers and
 * the applications whose signed tokens sign users in. The form shows each kind's fields; the
 * client secret is write-only.
 */
export const identityProviderResource: ResourceDefinition<IdentityProvider> = {
  entity: 'sso:entity',
  endpoints: { list: contract.identityProviderList, create: contract.identityProviderCreate, update: contract.identityProviderUpdate, remove: contract.identityProviderDelete },
  columns: [
    { key: 'name', label: 'sso:name' },
    { key: 'kind', label: 'sso:kind', render: (row) => i18n.t(KIND_LABEL[row.kind]) },
    { key: 'serverUrl', label: 'sso:server_url', minWidth: COLUMN_MIN_WIDTH.wide, render: (row) => (row.kind === 'app' ? row.appCode : row.serverUrl) },
    { key: 'matchBy', label: 'sso:match_by', render: (row) => i18n.t(MATCH_LABEL[row.matchBy]) },
    { key: 'enabled', label: 'sso:enabled', dictType: 'sys_yes_no' },
    { key: 'autoCreate', label: 'sso:auto_create', dictType: 'sys_yes_no' },
    { key: 'updatedDate', label: 'admin:updated_date', kind: 'date' },
  ],
  filters: [
    { name: 'name', label: 'sso:name', widget: 'text' },
    { name: 'kind', label: 'sso:kind', widget: 'select', options: kindOptions },
  ],
  fields: [
    { name: 'kind', label: 'sso:kind', widget: 'select', options: kindOptions, required: true, lockedOnEdit: true },
    { name: 'name', label: 'sso:name', widget: 'text', required: true },
    { name: 'enabled', label: 'sso:enabled', widget: 'radio', dictType: 'sys_yes_no' },
    { name: 'serverUrl', label: 'sso:server_url', widget: 'text', required: true, hint: 'sso:server_url_hint', visible: kindIs('cas', 'oidc') },
    { name: 'clientId', label: 'sso:client_id', widget: 'text', required: true, visible: kindIs('oidc') },
    { name: 'clientSecret', label: 'sso:client_secret', widget: 'password', required: true, only: 'create', visible: kindIs('oidc') },
    { name: 'clientSecret', label: 'sso:client_secret', widget: 'password', only: 'edit', hint: 'sso:client_secret_keep_hint', visible: kindIs('oidc') },
    { name: 'scopes', label: 'sso:scopes', widget: 'text', visible: kindIs('oidc') },
    { name: 'appCode', label: 'sso:app_code', widget: 'text', required: true, hint: 'sso:app_code_hint', visible: kindIs('app') },
    { name: 'matchBy', label: 'sso:match_by', widget: 'select', options: matchOptions },
    { name: 'claim', label: 'sso:claim', widget: 'text', hint: 'sso:claim_hint', visible: kindIs('cas', 'oidc') },
    { name: 'redirectUris', label: 'sso:redirect_uris', widget: 'textarea', hint: 'sso:redirect_uris_hint', visible: kindIs('cas', 'oidc') },
    { name: 'autoCreate', label: 'sso:auto_create', widget: 'radio', dictType: 'sys_yes_no' },
    { name: 'roles', label: 'sso:roles', widget: 'text', hint: 'sso:roles_hint', visible: (v) => v.autoCreate === '1' },
    { name: 'adminTrusted', label: 'sso:admin_trusted', widget: 'custom', component: flagSwitch('sso:admin_trusted_switch'), hint: 'sso:admin_trusted_hint' },
    { name: 'remark', label: 'sso:remark', widget: 'textarea' },
  ],
  rules: { create: identityProviderCreateSchema, update: identityProviderUpdateSchema },
  toForm: (row) => ({
    kind: row?.kind ?? 'oidc',
    name: row?.name ?? '',
    enabled: row?.enabled ?? '1',
    serverUrl: row?.serverUrl ?? '',
    clientId: row?.clientId ?? '',
    // Write-only: never sent back; empty on edit keeps the stored secret.
    clientSecret: '',
    scopes: row?.scopes ?? 'openid profile email',
    appCode: row?.appCode ?? '',
    matchBy: row?.matchBy ?? 'username',
    claim: row?.claim ?? '',
    redirectUris: (row?.redirectUris ?? ['http://127.0.0.1/callback']).join('\n'),
    autoCreate: row?.autoCreate ?? '0',
    roles: (row?.roles ?? []).join(','),
    adminTrusted: row?.adminTrusted ?? '0',
    remark: row?.remark ?? '',
  }),
  toInput: (values, row) => (row ? { ...values, id: row.id } : values),
  permissions: { create: IDENTITY_PROVIDER_PERMISSION, update: IDENTITY_PROVIDER_PERMISSION, remove: IDENTITY_PROVIDER_PERMISSION },
  rowActions: [{ key: 'test', label: 'sso:test_connection', icon: createElement(PlugConnectedRegular), permission: IDENTITY_PROVIDER_PERMISSION, run: (row) => testConnection(row) }],
}
