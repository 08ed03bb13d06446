import { afterAll, beforeAll, expect, it } from 'vitest'
import { identityProviderTestConnection } from '../../../src/shared/contract/platform/identityProviders'
import { ssoAuthorize, ssoCodeLogin, ssoProviders } from '../../../src/shared/contract/platform/sso'
import { startOidcProvider, type OidcProvider } from '../../support/oidcProvider'
import { describeEachStore, storeTargets } from '../../support/stores'
import { expectSignedIn, openSsoBench, refusal, type SsoBench } from './support'

const targets = await storeTargets()

/** The desktop's loopback redirect: registered without a port, used with the one it got. */
const REGISTERED = 'http://127.0.0.1/callback'
const REDIRECT = 'http://127.0.0.1:53682/callback'

const accounts = [
  { sub: 'u-alice', preferred_username: 'alice', name: 'Alice', email: 'alice@example.com', email_verified: true },
  { sub: 'u-bob', preferred_username: 'bob', email: 'bob@example.com', email_verified: true },
  { sub: 'u-mallory', preferred_username: 'mallory', email: 'mallory@example.com', email_verified: true },
  { sub: 'u-carol', preferred_username: 'carol', email: 'carol@example.com', email_verified: true },
]

describeEachStore(targets, 'single sign-on with OpenID Connect (a real oidc-provider on loopback)', (target) => {
  let bench: SsoBench
  let idp: OidcProvider
  /** The same provider software, its clock 10 minutes behind: its ID tokens are expired when issued. */
  let lateIdp: OidcProvider
  let providerId: string
  let otherClientProviderId: string
  let lateProviderId: string

  beforeAll(async () => {
    bench = await openSsoBench(target)
    idp = await startOidcProvider({
      clients: [
        { clientId: 'console', clientSecret: 'console-secret-0123456789', redirectUris: [REGISTERED.replace('/callback', ':1/callback')] },
        { clientId: 'other-app', clientSecret: 'other-secret-0123456789', redirectUris: ['http://127.0.0.1:1/callback'] },
      ],
      accounts,
    })
    lateIdp = await startOidcProvider({
      clients: [{ clientId: 'console', clientSecret: 'console-secret-0123456789', redirectUris: ['http://127.0.0.1:1/callback'] }],
      accounts,
      idTokenTtlSeconds: 60,
      clockOffsetSeconds: -600,
    })
    const oidc = { kind: 'oidc', clientSecret: 'console-secret-0123456789', scopes: 'openid profile email', redirectUris: [REGISTERED], matchBy: 'username' }
    providerId = (await bench.addProvider({ ...oidc, name: 'Corporate IdP', serverUrl: idp.issuer, clientId: 'console' })).id
    // The hub configured as another client of the same provider: codes issued to 'console' are not its own.
    otherClientProviderId = (await bench.addProvider({ ...oidc, name: 'Other app', serverUrl: idp.issuer, clientId: 'other-app', clientSecret: 'other-secret-0123456789' })).id
    lateProviderId = (await bench.addProvider({ ...oidc, name: 'Late IdP', serverUrl: lateIdp.issuer, clientId: 'console' })).id
    await bench.addPerson({ username: 'alice', email: 'alice@example.com' })
    await bench.addPerson({ username: 'bob', email: 'bob@example.com', status: '0' })
    await bench.setParameter('sso', '1')
  })
  afterAll(async () => {
    await idp?.close()
    await lateIdp?.close()
    await bench?.close()
  })

  /** /sso/authorize, then the browser at the provider as `account`: the code and state that came back. */
  async function codeFor(id: string, account: string, provider = idp) {
    const begun = await bench.send<{ url: string; state: string }>(ssoAuthorize, { providerId: id, redirectUri: REDIRECT }, { token: null })
    expect(begun.body.code, begun.body.message).toBe('2000')
    const callback = await provider.authorize(begun.body.data!.url, account)
    expect(callback.error).toBeNull()
    expect(callback.state).toBe(begun.body.data!.state)
    return { code: callback.code!, state: callback.state! }
  }
  const codeLogin = (input: { code: string; state: string; redirectUri?: string }) => bench.send(ssoCodeLogin, { redirectUri: REDIRECT, ...input }, { token: null })

  it('lists the enabled providers only while the parameter sso is on', async () => {
    const listed = await bench.send<{ id: string; name: string; kind: string }[]>(ssoProviders, undefined, { token: null })
    expect(listed.body.data).toContainEqual({ id: providerId, name: 'Corporate IdP', kind: 'oidc', available: true })
    await bench.setParameter('sso', '0')
    expect((await bench.send(ssoProviders, undefined, { token: null })).body.data).toEqual([])
    expect(refusal(await bench.send(ssoAuthorize, { providerId, redirectUri: REDIRECT }, { token: null }))).toEqual({ code: '4031', message: '未启用单点登录' })
    await bench.setParameter('sso', '1')
  })

  it('begins with an authorization URL of the code flow with PKCE S256, a nonce and the state it answers', async () => {
    const begun = await bench.send<{ url: string; state: string }>(ssoAuthorize, { providerId, redirectUri: REDIRECT }, { token: null })
    const url = new URL(begun.body.data!.url)
    expect(url.origin).toBe(idp.issuer)
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ client_id: 'console', response_type: 'code', redirect_uri: REDIRECT, code_challenge_method: 'S256', state: begun.body.data!.state })
    expect(url.searchParams.get('nonce')).toBeTruthy()
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/)
    expect(url.searchParams.get('code_verifier')).toBeNull()
  })

  it('refuses a redirect URI the administrator did not register (another path, host or scheme)', async () => {
    for (const redirectUri of ['http://127.0.0.1:53682/evil', 'http://localhost:53682/callback', 'https://attacker.example/callback']) {
      expect(refusal(await bench.send(ssoAuthorize, { providerId, redirectUri }, { token: null })), redirectUri).toEqual({ code: '4031', message: '回调地址未在该身份提供方登记' })
    }
  })

  it('signs in the mapped user with the code, and logs it', async () => {
    const { code, state } = await codeFor(providerId, 'u-alice')
    await expectSignedIn(bench, await codeLogin({ code, state }), 'alice')
    expect(await bench.loginLog()).toContainEqual({ method: 'oidc', username: 'alice', outcome: 'success', reason: '' })
  })

  it('refuses a wrong state, and the state is single use', async () => {
    const { code, state } = await codeFor(providerId, 'u-alice')
    expect(refusal(await codeLogin({ code, state: 'not-the-state' }))).toEqual({ code: '4010', message: '登录状态无效或已过期，请重新登录' })
    await expectSignedIn(bench, await codeLogin({ code, state }), 'alice')
    expect(refusal(await codeLogin({ code, state }))).toEqual({ code: '4010', message: '登录状态无效或已过期，请重新登录' })
  })

  it('refuses a replayed code under a fresh state (the provider will not redeem it twice)', async () => {
    const first = await codeFor(providerId, 'u-alice')
    await expectSignedIn(bench, await codeLogin(first), 'alice')
    const second = await codeFor(providerId, 'u-alice')
    const answer = await codeLogin({ code: first.code, state: second.state })
    expect(refusal(answer)).toEqual({ code: '4010', message: '授权码无效或身份令牌校验失败' })
    expect((await bench.loginLog()).at(-1)).toMatchObject({ method: 'oidc', outcome: 'refused', reason: expect.stringContaining('invalid_grant') })
  })

  it('refuses a code issued to another client (the ID token would not be for this audience)', async () => {
    const { code } = await codeFor(providerId, 'u-alice')
    const other = await bench.send<{ state: string }>(ssoAuthorize, { providerId: otherClientProviderId, redirectUri: REDIRECT }, { token: null })
    expect(refusal(await codeLogin({ code, state: other.body.data!.state }))).toEqual({ code: '4010', message: '授权码无效或身份令牌校验失败' })
  })

  it('refuses an ID token that has expired (a provider whose clock is 10 minutes behind, ID tokens of 60 s)', async () => {
    const { code, state } = await codeFor(lateProviderId, 'u-alice', lateIdp)
    expect(refusal(await codeLogin({ code, state }))).toEqual({ code: '4010', message: '授权码无效或身份令牌校验失败' })
    expect((await bench.loginLog()).at(-1)?.reason).toMatch(/exp/)
  })

  it('refuses a user the platform does not know, and one who is disabled, with one message', async () => {
    for (const account of ['u-mallory', 'u-bob']) {
      const { code, state } = await codeFor(providerId, account)
      expect(refusal(await codeLogin({ code, state })), account).toEqual({ code: '4010', message: '没有可登录的对应平台用户' })
    }
    const log = await bench.loginLog()
    expect(log).toContainEqual({ method: 'oidc', username: '', outcome: 'refused', reason: "no platform user with username 'mallory'" })
    expect(log).toContainEqual({ method: 'oidc', username: 'bob', outcome: 'refused', reason: 'user disabled or not allowed to sign in to the console' })
    expect(JSON.stringify(log)).not.toMatch(/[\w-]{40,}/)
  })

  it('creates an unknown user with the configured roles when automatic creation is on', async () => {
    const created = await bench.addProvider({ kind: 'oidc', name: 'Auto IdP', serverUrl: idp.issuer, clientId: 'console', clientSecret: 'console-secret-0123456789', scopes: 'openid email', redirectUris: [REGISTERED], matchBy: 'email', autoCreate: '1', roles: ['user'] })
    const { code, state } = await codeFor(created.id, 'u-carol')
    await expectSignedIn(bench, await codeLogin({ code, state }), 'carol@example.com')
    const roles = await bench.hub.store.db.selectFrom('users').innerJoin('user_roles', 'user_roles.user_id', 'users.id').innerJoin('roles', 'roles.id', 'user_roles.role_id').select('roles.role_code').where('users.username', '=', 'carol@example.com').execute()
    expect(roles.map((r) => r.role_code)).toEqual(['user'])
  })

  it('tests the connection by discovery', async () => {
    const answer = await bench.ok<{ detail: string }>(identityProviderTestConnection, { id: providerId })
    expect(answer.detail).toBe(`${idp.issuer} → ${idp.issuer}/auth`)
  })
})
