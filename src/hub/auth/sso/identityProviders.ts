import type { z } from 'zod'
import * as contract from '../../../shared/contract/platform/identityProviders'
import { PROVIDER_KINDS } from '../../../shared/rules/platform/identityProvider'
import { encryptSecret } from '../../kernel/secrets'
import { hubSecretKey } from '../../datahub/dataSources/specs'
import { requireAdministratorForAdminTrust, requireRoleCodesWithinOwn } from '../../authority/ways'
import { signedIn } from '../../http/auth'
import { route, type CallContext } from '../../http/context'
import { fieldRefusal } from '../../http/validation'
import { adminDb } from '../../platform/admin/tables'
import { messagingDb } from '../../platform/messaging/tables'
import { isoNow, newId } from '../../store/ids'
import { checkConnection, healthOf } from './providerHealth'
import { providerRepository as providers } from './providerRepository'
import { providerNameDuplicate } from './refusals'
import { parameterOn } from './switches'
import { ssoDb } from './tables'

/**
 * Identity providers (the administration of single sign-on). The OIDC client secret is
 * encrypted with the hub's secret key (as data-source passwords) and never answered.
 */
const dbOf = (call: CallContext) => ssoDb(call.hub.store.db)

type Input = z.output<typeof contract.identityProviderCreate.input>
const columns = (v: Omit<Input, 'clientSecret' | 'adminTrusted'>) => ({
  kind: v.kind,
  name: v.name,
  enabled: v.enabled,
  server_url: v.kind === 'app' ? '' : v.serverUrl,
  client_id: v.kind === 'oidc' ? v.clientId : '',
  scopes: v.kind === 'oidc' ? v.scopes : '',
  app_code: v.kind === 'app' ? v.appCode : '',
  claim: v.claim,
  match_by: v.matchBy,
  redirect_uris: JSON.stringify(v.kind === 'app' ? [] : v.redirectUris),
  auto_create: v.autoCreate,
  roles: JSON.stringify(v.roles),
  remark: v.remark,
})

/**
 * The save's checks. Authority (authority/ways.ts): the roles are the caller's to give, and the
 * flag that lets the provider sign in administrators, like any change of a provider that has it,
 * is an administrator's. Answers the flag to store.
 */
async function check(call: CallContext, v: Input, stored: { id: string; admin_trusted: string } | null): Promise<string> {
  const db = dbOf(call)
  if (await providers.exists(db, { name: v.name }, stored?.id ?? null)) throw providerNameDuplicate()
  if (v.roles.length) {
    const known = new Set((await db.selectFrom('roles').select('role_code').where('role_code', 'in', v.roles).execute()).map((r) => r.role_code))
    if (v.roles.some((r) => !known.has(r))) throw fieldRefusal('roles', 'msg_sso_role_unknown')
  }
  const adminTrusted = v.adminTrusted ?? stored?.admin_trusted ?? '0'
  const admin = adminDb(call.hub.store.db)
  await requireAdministratorForAdminTrust(admin, call, stored?.admin_trusted, adminTrusted)
  await requireRoleCodesWithinOwn(admin, call, v.roles)
  if (v.kind === 'app' && !(await messagingDb(call.hub.store.db).selectFrom('sys_authentications').select('id').where('app_code', '=', v.appCode).executeTakeFirst())) {
    throw fieldRefusal('appCode', 'msg_sso_app_code_unknown')
  }
  return adminTrusted
}

export const identityProviderList = route(contract.identityProviderList, async (q, call) => providers.list(dbOf(call), q))

export const identityProviderGet = route(contract.identityProviderGet, async ({ id }, call) => providers.find(dbOf(call), id))

/** Who saves a provider is stored: automatic creation gives its roles only while they could (authority/ways.ts). */
export const identityProviderCreate = route(contract.identityProviderCreate, async ({ clientSecret, adminTrusted, ...values }, call) => {
  const db = dbOf(call)
  const trusted = await check(call, { ...values, clientSecret, adminTrusted }, null)
  const id = newId()
  const now = isoNow()
  const secret = values.kind === 'oidc' ? encryptSecret(hubSecretKey(call), clientSecret) : ''
  await providers.insert(db, { id, ...columns(values), client_secret: secret, admin_trusted: trusted, saved_by: signedIn(call).userId, created_at: now, updated_at: now })
  return providers.find(db, id)
})

/** An empty clientSecret keeps the stored one, an absent adminTrusted the stored flag. */
export const identityProviderUpdate = route(contract.identityProviderUpdate, async ({ id, clientSecret, adminTrusted, ...values }, call) => {
  const db = dbOf(call)
  const row = await providers.stored(db, id)
  const trusted = await check(call, { ...values, clientSecret, adminTrusted }, row)
  if (values.kind === 'oidc' && !clientSecret && !row.client_secret) throw fieldRefusal('clientSecret', 'msg_sso_client_secret_required')
  const secret = values.kind !== 'oidc' ? '' : clientSecret === '' ? row.client_secret : encryptSecret(hubSecretKey(call), clientSecret)
  await providers.update(db, id, { ...columns(values), client_secret: secret, admin_trusted: trusted, saved_by: signedIn(call).userId, updated_at: isoNow() })
  return providers.find(db, id)
})

export const identityProviderDelete = route(contract.identityProviderDelete, async ({ id }, call) => {
  await providers.remove(dbOf(call), id)
  return null
})

/** "Test connection" (providerHealth.ts): what the provider answered, or the refusal sign-in would give. */
export const identityProviderTestConnection = route(contract.identityProviderTestConnection, async ({ id }, call) => ({ detail: await checkConnection(call.hub, await providers.stored(dbOf(call), id)) }))

/** Every enabled provider's connection test at once, and whether the parameters let any sign in (the page's banner). */
export const identityProviderHealth = route(contract.identityProviderHealth, async (_input, call) => {
  const stored = await providers.enabled(dbOf(call), PROVIDER_KINDS)
  return {
    ssoOn: await parameterOn(call.hub.store.db, 'sso'),
    appSsoOn: await parameterOn(call.hub.store.db, 'appsso'),
    providers: await Promise.all(stored.map((row) => healthOf(call.hub, call.locale, row))),
  }
})
