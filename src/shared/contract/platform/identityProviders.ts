import { z } from 'zod'
import { defineEndpoint, type Endpoint } from '../../endpoint'
import { checkProvider, identityProviderRuleShape, MATCH_BY, PROVIDER_KINDS } from '../../rules/platform/identityProvider'
import { pagedSchema, pageQueryShape } from '../paging'
import { filterText, idInput } from './admin/common'

/** Permission code of the identity-provider page (the menu's code). */
export const IDENTITY_PROVIDER_PERMISSION = 'platform:identityProvider'

/**
 * Identity providers for single sign-on (issue 17; not in the spec, designed in the style of the
 * platform's other calls, under /api/inner/platform):
 *   GET  /identityProvider/list (pageNum, pageSize, name, kind)   GET /identityProvider/get?id
 *   POST /identityProvider/create, /update, /delete {id}
 *   POST /identityProvider/testConnection {id}: OIDC discovery, or a request to the CAS server.
 * The client secret is never answered: `clientSecretSet` says whether one is stored.
 * `adminTrusted` is set by a system administrator only, and a provider that has it is changed by
 * one only (hub: authority/ways.ts); the roles it gives are the saver's to give.
 */
export const identityProviderSchema = z.object({
  id: z.string(),
  kind: z.enum(PROVIDER_KINDS),
  name: z.string(),
  enabled: z.string(),
  serverUrl: z.string(),
  clientId: z.string(),
  clientSecretSet: z.boolean(),
  scopes: z.string(),
  appCode: z.string(),
  claim: z.string(),
  matchBy: z.enum(MATCH_BY),
  redirectUris: z.array(z.string()),
  autoCreate: z.string(),
  roles: z.array(z.string()),
  /** '1': a system administrator trusts it to sign in accounts holding the administrator role. */
  adminTrusted: z.string(),
  remark: z.string(),
  updatedDate: z.string(),
})
export type IdentityProvider = z.infer<typeof identityProviderSchema>

const base = { area: 'platform', access: 'session', permission: IDENTITY_PROVIDER_PERMISSION } as const

export const identityProviderList = defineEndpoint({
  ...base,
  id: 'platform.identityProvider.list',
  method: 'GET',
  path: '/identityProvider/list',
  input: z.object({ ...pageQueryShape, name: filterText, kind: filterText }),
  output: pagedSchema(identityProviderSchema),
})
export const identityProviderGet = defineEndpoint({ ...base, id: 'platform.identityProvider.get', method: 'GET', path: '/identityProvider/get', input: idInput, output: identityProviderSchema })
export const identityProviderCreate = defineEndpoint({
  ...base,
  id: 'platform.identityProvider.create',
  method: 'POST',
  path: '/identityProvider/create',
  input: z.object(identityProviderRuleShape).superRefine(checkProvider(true)),
  output: identityProviderSchema,
})
/** An empty clientSecret keeps the stored one. */
export const identityProviderUpdate = defineEndpoint({
  ...base,
  id: 'platform.identityProvider.update',
  method: 'POST',
  path: '/identityProvider/update',
  input: z.object({ ...identityProviderRuleShape, id: z.string().trim().min(1, 'msg_field_required') }).superRefine(checkProvider(false)),
  output: identityProviderSchema,
})
export const identityProviderDelete = defineEndpoint({ ...base, id: 'platform.identityProvider.delete', method: 'POST', path: '/identityProvider/delete', input: idInput, output: z.null() })
/** What the provider answered: OIDC, the discovered issuer and authorization endpoint; CAS, the login page's status. */
export const identityProviderTestConnection = defineEndpoint({
  ...base,
  id: 'platform.identityProvider.testConnection',
  method: 'POST',
  path: '/identityProvider/testConnection',
  input: idInput,
  output: z.object({ detail: z.string() }),
})

/**
 * Whether each enabled provider can be reached now (issue 33 item 11), for the banner of the
 * identity-provider page: the connection test of every enabled provider at once (OIDC discovery,
 * the CAS login page, an app's signing secret), with the address called and, on failure, the
 * cause in the caller's language; and whether the parameters `sso` and `appsso` are on (off, no
 * provider signs anyone in, however well it answers).
 */
export const providerHealthSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(PROVIDER_KINDS),
  ok: z.boolean(),
  /** Where the hub called (the discovery document, the CAS login page; an app provider's app code). */
  address: z.string(),
  /** What it answered (ok), or why it failed. */
  detail: z.string(),
})
export type ProviderHealth = z.infer<typeof providerHealthSchema>
export const identityProviderHealth = defineEndpoint({
  ...base,
  id: 'platform.identityProvider.health',
  method: 'GET',
  path: '/identityProvider/health',
  input: z.object({}).optional(),
  output: z.object({ ssoOn: z.boolean(), appSsoOn: z.boolean(), providers: z.array(providerHealthSchema) }),
})

export const identityProviderEndpoints = {
  [identityProviderList.id]: identityProviderList,
  [identityProviderGet.id]: identityProviderGet,
  [identityProviderCreate.id]: identityProviderCreate,
  [identityProviderUpdate.id]: identityProviderUpdate,
  [identityProviderDelete.id]: identityProviderDelete,
  [identityProviderTestConnection.id]: identityProviderTestConnection,
  [identityProviderHealth.id]: identityProviderHealth,
} satisfies Record<string, Endpoint>
