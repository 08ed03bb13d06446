import type { HubResult } from '../../src/shared/envelope'

/**
 * Single sign-on set up as an administrator does it, through the hub's endpoints (platform
 * administration: 身份提供方, 参数设置), by whatever calls them as a signed-in administrator: the
 * main process's `hub.call` handler in the desktop tests. Loaded by vitest and by Playwright
 * (CommonJS): plain imports only.
 */
export type AdminCall = (endpoint: string, input?: unknown) => Promise<HubResult<unknown>>

/** The desktop's loopback redirect as an administrator registers it: any port (RFC 8252 §7.3). */
export const LOOPBACK_REDIRECT = 'http://127.0.0.1/callback'

async function ok<T>(call: AdminCall, endpoint: string, input?: unknown): Promise<T> {
  const r = await call(endpoint, input)
  if (!r.ok) throw new Error(`${endpoint}: ${r.code} ${r.message}`)
  return r.data as T
}

/** Sets the parameter `sso` ('1' on, '0' off) through 参数设置. */
export async function setSsoParameter(call: AdminCall, value: '1' | '0'): Promise<void> {
  const page = await ok<{ content: { id: string; parameterKey: string; parameterName: string; appCode: string }[] }>(call, 'platform.parameter.query', { pageNum: 1, pageSize: 10, parameterKey: 'sso' })
  const row = page.content.find((r) => r.parameterKey === 'sso')
  if (!row) throw new Error('the parameter sso is not seeded')
  await ok(call, 'platform.parameter.update', { id: row.id, parameterKey: 'sso', parameterName: row.parameterName, parameterValue: value, appCode: row.appCode })
}

/** Adds an identity provider (kind 'oidc' or 'cas'), matching users by username, the loopback redirect registered. */
export async function addIdentityProvider(call: AdminCall, provider: { kind: 'oidc' | 'cas'; name: string; serverUrl: string; clientId?: string; clientSecret?: string }): Promise<string> {
  const created = await ok<{ id: string }>(call, 'platform.identityProvider.create', {
    scopes: 'openid profile email',
    matchBy: 'username',
    redirectUris: [LOOPBACK_REDIRECT],
    ...provider,
  })
  return created.id
}

export const removeIdentityProvider = (call: AdminCall, id: string): Promise<unknown> => ok(call, 'platform.identityProvider.delete', { id })
