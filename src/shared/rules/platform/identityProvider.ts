import { z } from 'zod'
import { optionalText } from './status'
import { isHttpUrl } from '../patterns'

/**
 * Identity providers (issue 17; the spec has the calls /ssoLogin, /ssoCodeLogin, /ssoTokenLogin
 * and the parameters sso / appsso, not the screen): what the administrator configures.
 *
 * - `cas`: `serverUrl` is the CAS server's base (the hub calls `<serverUrl>/p3/serviceValidate`).
 * - `oidc`: `serverUrl` is the issuer (discovery from it), with client id, secret and scopes.
 * - `app`: signed application tokens; `appCode` names the system authentication whose secret signs.
 *
 * `claim` is what is read from the provider's answer (CAS: '' or 'user' for cas:user, else an
 * attribute's name; OIDC: an ID token claim such as preferred_username or email; app: unused,
 * the uid is the value) and `matchBy` the user field it must equal.
 */
export const PROVIDER_KINDS = ['cas', 'oidc', 'app'] as const
export type ProviderKind = (typeof PROVIDER_KINDS)[number]
export const MATCH_BY = ['username', 'email', 'employeeNo'] as const
export type MatchBy = (typeof MATCH_BY)[number]


/** Lines or commas of text (the form's textarea) or an array (JSON) → trimmed, non-empty items. */
const listRule = (max: number, key: string) =>
  z
    .union([z.array(z.string()), z.string()])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : v.split(/[\n,]/)).map((s) => s.trim()).filter(Boolean))
    .refine((list) => list.length <= max && list.every((s) => s.length <= 500), key)

const yesNo = z.enum(['1', '0'], { error: 'msg_flag_required' })

export const identityProviderRuleShape = {
  kind: z.enum(PROVIDER_KINDS, { error: 'msg_sso_kind_required' }),
  name: z.string({ error: 'msg_sso_name_required' }).trim().min(1, { error: 'msg_sso_name_required', abort: true }).max(50, 'msg_sso_name_rule'),
  enabled: yesNo.default('1'),
  serverUrl: z.string().trim().max(500, 'msg_sso_url_rule').default(''),
  clientId: z.string().trim().max(200, 'msg_field_invalid').default(''),
  /** Write-only: '' on update keeps the stored secret. */
  clientSecret: z.string().max(500, 'msg_field_invalid').default(''),
  scopes: z.string().trim().max(200, 'msg_field_invalid').default('openid'),
  appCode: z.string().trim().max(50, 'msg_field_invalid').default(''),
  claim: z.string().trim().max(100, 'msg_field_invalid').default(''),
  matchBy: z.enum(MATCH_BY, { error: 'msg_sso_match_by_required' }).default('username'),
  redirectUris: listRule(20, 'msg_sso_redirect_uri_rule'),
  autoCreate: yesNo.default('0'),
  /** Role codes a user created by this provider gets. */
  roles: listRule(50, 'msg_field_invalid'),
  /** May sign in administrators; absent keeps the stored value ('0' for a new provider). Administrators only. */
  adminTrusted: yesNo.optional(),
  remark: optionalText(255, 'msg_remark_length'),
}

type Values = { kind: ProviderKind; serverUrl: string; clientId: string; clientSecret: string; appCode: string; redirectUris: string[]; autoCreate: string; roles: string[] }

/** What each kind needs; `secretRequired`: a new OIDC provider must be given its secret. */
export const checkProvider =
  (secretRequired: boolean) =>
  (v: Values, ctx: z.RefinementCtx): void => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message })
    if (v.kind !== 'app') {
      if (!v.serverUrl) issue('serverUrl', 'msg_sso_url_required')
      else if (!isHttpUrl(v.serverUrl)) issue('serverUrl', 'msg_sso_url_rule')
      if (!v.redirectUris.every(isHttpUrl)) issue('redirectUris', 'msg_sso_redirect_uri_rule')
    }
    if (v.kind === 'oidc') {
      if (!v.clientId) issue('clientId', 'msg_sso_client_id_required')
      if (secretRequired && !v.clientSecret) issue('clientSecret', 'msg_sso_client_secret_required')
    }
    if (v.kind === 'app' && !v.appCode) issue('appCode', 'msg_sso_app_code_required')
    if (v.autoCreate === '1' && v.roles.length === 0) issue('roles', 'msg_sso_roles_required')
  }

export const identityProviderCreateSchema = z.object(identityProviderRuleShape).superRefine(checkProvider(true))
export const identityProviderUpdateSchema = z.object(identityProviderRuleShape).superRefine(checkProvider(false))
