import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import * as idp from '../../../src/shared/contract/platform/identityProviders'
import { ssoProviders } from '../../../src/shared/contract/platform/sso'
import type { IdentityProvider } from '../../../src/shared/contract/platform/identityProviders'
import { addUser, signIn } from '../../support/hub'
import { describeEachStore, storeTargets } from '../../support/stores'
import { fieldKeys } from '../../support/bench'
import { openSsoBench, refusal, type SsoBench } from './support'

const targets = await storeTargets()

describeEachStore(targets, 'identity providers (administration)', (target) => {
  let bench: SsoBench
  beforeAll(async () => {
    bench = await openSsoBench(target)
  })
  afterAll(async () => {
    await bench?.close()
  })
  const oidc = { kind: 'oidc', name: 'Corp', serverUrl: 'https://login.example.com/realms/corp', clientId: 'console', clientSecret: 'S3cret-value', redirectUris: 'http://127.0.0.1/callback\nhttps://console.example.com/sso' }

  it('keeps the client secret encrypted, never answers it, and keeps it when an update leaves it empty', async () => {
    const created = await bench.ok<IdentityProvider>(idp.identityProviderCreate, oidc)
    expect(created).toMatchObject({ kind: 'oidc', clientSecretSet: true, redirectUris: ['http://127.0.0.1/callback', 'https://console.example.com/sso'], matchBy: 'username', autoCreate: '0', enabled: '1' })
    expect(JSON.stringify(created)).not.toContain('S3cret-value')
    const stored = await bench.hub.store.db.withTables<{ sso_providers: { id: string; client_secret: string } }>().selectFrom('sso_providers').select('client_secret').where('id', '=', created.id).executeTakeFirstOrThrow()
    expect(stored.client_secret).toMatch(/^v1:/)
    expect(stored.client_secret).not.toContain('S3cret')
    const updated = await bench.ok<IdentityProvider>(idp.identityProviderUpdate, { ...oidc, id: created.id, name: 'Corp 2', clientSecret: '' })
    expect(updated).toMatchObject({ name: 'Corp 2', clientSecretSet: true })
    const after = await bench.hub.store.db.withTables<{ sso_providers: { id: string; client_secret: string } }>().selectFrom('sso_providers').select('client_secret').where('id', '=', created.id).executeTakeFirstOrThrow()
    expect(after.client_secret).toBe(stored.client_secret)
    expect((await bench.ok<{ content: IdentityProvider[] }>(idp.identityProviderList, { kind: 'oidc' })).content.map((p) => p.name)).toEqual(['Corp 2'])
    await bench.ok(idp.identityProviderDelete, { id: created.id })
  })

  it('checks what each kind needs', async () => {
    expect(fieldKeys(await bench.send(idp.identityProviderCreate, { kind: 'oidc', name: '' }))).toEqual({ name: 'msg_sso_name_required' })
    expect(fieldKeys(await bench.send(idp.identityProviderCreate, { kind: 'oidc', name: 'Bad', serverUrl: 'ftp://x', redirectUris: 'javascript:alert(1)' }))).toEqual({
      serverUrl: 'msg_sso_url_rule',
      redirectUris: 'msg_sso_redirect_uri_rule',
      clientId: 'msg_sso_client_id_required',
      clientSecret: 'msg_sso_client_secret_required',
    })
    expect(fieldKeys(await bench.send(idp.identityProviderCreate, { kind: 'app', name: 'Apps', autoCreate: '1' }))).toEqual({ appCode: 'msg_sso_app_code_required', roles: 'msg_sso_roles_required' })
    expect(fieldKeys(await bench.send(idp.identityProviderCreate, { kind: 'app', name: 'Apps', appCode: 'nosuchapp' }))).toEqual({ appCode: 'msg_sso_app_code_unknown' })
    expect(fieldKeys(await bench.send(idp.identityProviderCreate, { ...oidc, autoCreate: '1', roles: 'user,nosuchrole' }))).toEqual({ roles: 'msg_sso_role_unknown' })
    await bench.ok(idp.identityProviderCreate, { kind: 'cas', name: 'Dup', serverUrl: 'https://cas.example.com/cas' })
    expect(refusal(await bench.send(idp.identityProviderCreate, { kind: 'cas', name: 'Dup', serverUrl: 'https://cas.example.com/cas' }))).toEqual({ code: '4090', message: '身份提供方名称已存在' })
  })

  it('is refused to a user without the page\'s permission', async () => {
    await addUser(bench.hub.store, { username: 'plain', password: 'Plain!pass1', roles: ['user'] })
    const token = await signIn(bench.hub.app, 'plain', 'Plain!pass1')
    expect((await bench.send(idp.identityProviderList, {}, { token })).body.code).toBe('4031')
  })

  // Issue 33: a bare "IO exception" left the administrator guessing which address failed and how.
  it('answers "IO exception" naming the address called and what the network said, in both locales', async () => {
    const created = await bench.ok<IdentityProvider>(idp.identityProviderCreate, { ...oidc, name: 'Nowhere', serverUrl: 'http://127.0.0.1:9/realms/none' })
    const at = 'http://127.0.0.1:9/realms/none/.well-known/openid-configuration'
    expect(refusal(await bench.send(idp.identityProviderTestConnection, { id: created.id }))).toEqual({ code: '4050', message: `连接认证服务器 ${at} 失败：connect ECONNREFUSED 127.0.0.1:9（IO 异常）` })
    expect(refusal(await bench.send(idp.identityProviderTestConnection, { id: created.id }, { locale: 'en' }))).toEqual({ code: '4050', message: `Could not reach the identity provider at ${at}: connect ECONNREFUSED 127.0.0.1:9 (IO exception)` })
  })

  // Issue 33 item 11: an enabled provider whose discovery failed vanished from the sign-in page without a word.
  it('says per enabled provider whether it answers (address and cause), whether sso is on, and the sign-in page lists a failing one as unavailable', async () => {
    await bench.hub.store.db.deleteFrom('sso_providers' as never).execute()
    const down = await bench.ok<IdentityProvider>(idp.identityProviderCreate, { ...oidc, name: 'Refusing', serverUrl: 'http://127.0.0.1:9/realms/down' })
    await bench.ok<IdentityProvider>(idp.identityProviderCreate, { ...oidc, name: 'Switched off', enabled: '0', serverUrl: 'http://127.0.0.1:9/realms/off' })
    const at = 'http://127.0.0.1:9/realms/down/.well-known/openid-configuration'
    await bench.setParameter('sso', '0')
    const off = await bench.ok<{ ssoOn: boolean; providers: idp.ProviderHealth[] }>(idp.identityProviderHealth, {})
    expect(off.ssoOn).toBe(false)
    // Only the enabled one, and its cause in the caller's language.
    expect(off.providers).toEqual([{ id: down.id, name: 'Refusing', kind: 'oidc', ok: false, address: at, detail: `连接认证服务器 ${at} 失败：connect ECONNREFUSED 127.0.0.1:9（IO 异常）` }])
    const en = (await bench.send<{ providers: idp.ProviderHealth[] }>(idp.identityProviderHealth, {}, { locale: 'en' })).body.data!
    expect(en.providers[0]!.detail).toBe(`Could not reach the identity provider at ${at}: connect ECONNREFUSED 127.0.0.1:9 (IO exception)`)
    await bench.setParameter('sso', '1')
    expect((await bench.ok<{ ssoOn: boolean }>(idp.identityProviderHealth, {})).ssoOn).toBe(true)
    // The public list keeps it, unavailable, instead of dropping it.
    expect((await bench.send(ssoProviders, undefined, { token: null })).body.data).toEqual([{ id: down.id, name: 'Refusing', kind: 'oidc', available: false }])
    await bench.setParameter('sso', '0')
  })

  it('names the address of a discovery document the provider does not have (HTTP 404)', async () => {
    const server = createServer((_req, res) => res.writeHead(404, { 'content-type': 'text/plain' }).end('no such realm'))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = server.address() as AddressInfo
      const created = await bench.ok<IdentityProvider>(idp.identityProviderCreate, { ...oidc, name: 'No realm', serverUrl: `http://127.0.0.1:${port}/realms/gone` })
      const at = `http://127.0.0.1:${port}/realms/gone/.well-known/openid-configuration`
      expect(refusal(await bench.send(idp.identityProviderTestConnection, { id: created.id }, { locale: 'en' }))).toEqual({ code: '4050', message: `The identity provider answered status 404 at ${at}, not 200` })
    } finally {
      server.close()
    }
  })
})
