import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as roles from '../../src/shared/contract/platform/admin/roles'
import * as users from '../../src/shared/contract/platform/admin/users'
import type { Role } from '../../src/shared/contract/platform/admin/roles'
import { ORG_PERMISSION } from '../../src/shared/contract/platform/admin/permissions'
import { IDENTITY_PROVIDER_PERMISSION, identityProviderCreate, identityProviderList, identityProviderUpdate, type IdentityProvider } from '../../src/shared/contract/platform/identityProviders'
import { ssoLogin } from '../../src/shared/contract/platform/sso'
import { ADMIN_ROLE } from '../../src/hub/store/seed/roles'
import { startCasServer, type CasServer } from '../support/casServer'
import { describeEachStore, storeTargets } from '../support/stores'
import { holdersOn } from './holders'
import { expectSignedIn, openSsoBench, refusal, type SsoBench } from '../integration/sso/support'

/**
 * Issue 31, finding #4: `platform:identityProvider` alone made a CAS provider with automatic
 * creation and `roles: ['admin']`, then signed in anyone, the administrator too, through a CAS
 * server it controlled. The roles a provider gives are its editor's to give (checked at save and
 * again at each automatic creation), and an administrator is signed in only through a provider
 * an administrator trusted for that.
 */
const targets = await storeTargets()
const PASSWORD = 'Deleg#Pass1'
const SERVICE = 'http://127.0.0.1:53682/callback'
const beyondOwn = { code: '4031', message: '不能授予或移除超出自己权限的角色或权限' }
const adminOnly = { code: '4031', message: '只有系统管理员可以执行此操作' }
const noUser = { code: '4010', message: '没有可登录的对应平台用户' }

let serial = 0
const username = () => `p${Date.now().toString(36)}${(serial++).toString(36)}`

describeEachStore(targets, 'identity providers give only what their editor holds (issue 31 #4)', (target) => {
  let bench: SsoBench
  const servers: CasServer[] = []

  beforeAll(async () => {
    bench = await openSsoBench(target)
    await bench.setParameter('sso', '1')
  })
  afterAll(async () => {
    for (const s of servers) await s.close()
    await bench?.close()
  })

  const cas = async () => {
    const server = await startCasServer()
    servers.push(server)
    return server
  }
  const { roleWith, delegate } = holdersOn(() => bench, PASSWORD, 'p')
  const casProvider = (server: CasServer, extra: Record<string, unknown> = {}) => ({ kind: 'cas', name: `CAS ${username()}`, serverUrl: server.url, redirectUris: ['http://127.0.0.1/callback'], matchBy: 'username', ...extra })
  const casLogin = (server: CasServer, user: string) => bench.send(ssoLogin, { ticket: server.issue(user, SERVICE), service: SERVICE, validateUrl: server.url }, { token: null })
  const providerNames = async () => (await bench.ok<{ content: IdentityProvider[] }>(identityProviderList, { pageNum: 1, pageSize: 100 })).content.map((p) => p.name)
  const userExists = async (name: string) => !!(await bench.hub.store.db.selectFrom('users').select('id').where('username', '=', name).executeTakeFirst())

  it('cannot save a provider that gives the administrator role, or any role carrying codes it lacks', async () => {
    const d = await delegate([IDENTITY_PROVIDER_PERMISSION])
    const server = await cas()
    const asAdmin = casProvider(server, { autoCreate: '1', roles: [ADMIN_ROLE] })
    expect(refusal(await bench.send(identityProviderCreate, asAdmin, { token: d.token }))).toEqual(beyondOwn)
    const richer = await roleWith([ORG_PERMISSION])
    expect(refusal(await bench.send(identityProviderCreate, casProvider(server, { autoCreate: '1', roles: [richer.roleCode] }), { token: d.token }))).toEqual(beyondOwn)
    expect(await providerNames()).not.toContain(asAdmin.name)
    // Nor add them to a provider it may edit.
    const own = await bench.ok<IdentityProvider>(identityProviderCreate, casProvider(server), d.token)
    expect(refusal(await bench.send(identityProviderUpdate, { ...casProvider(server), name: own.name, id: own.id, autoCreate: '1', roles: [ADMIN_ROLE] }, { token: d.token }))).toEqual(beyondOwn)
  })

  it('cannot sign in the administrator through a CAS server it controls, nor mark its provider trusted', async () => {
    const d = await delegate([IDENTITY_PROVIDER_PERMISSION])
    const server = await cas()
    expect(refusal(await bench.send(identityProviderCreate, casProvider(server, { adminTrusted: '1' }), { token: d.token }))).toEqual(adminOnly)
    const own = await bench.ok<IdentityProvider>(identityProviderCreate, casProvider(server), d.token)
    expect(own.adminTrusted).toBe('0')
    const answer = await casLogin(server, 'admin')
    expect(refusal(answer)).toEqual(noUser)
    expect((answer.body.data as { token?: string } | null)?.token).toBeUndefined()
    expect((await bench.loginLog()).at(-1)).toMatchObject({ method: 'cas', username: 'admin', outcome: 'refused', reason: expect.stringContaining('not trusted for administrators') })
    expect(refusal(await bench.send(identityProviderUpdate, { ...casProvider(server), name: own.name, id: own.id, adminTrusted: '1' }, { token: d.token }))).toEqual(adminOnly)
  })

  it('cannot point a provider an administrator trusted at its own server', async () => {
    const d = await delegate([IDENTITY_PROVIDER_PERMISSION])
    const [real, rogue] = [await cas(), await cas()]
    const trusted = await bench.ok<IdentityProvider>(identityProviderCreate, casProvider(real, { adminTrusted: '1' }))
    expect(refusal(await bench.send(identityProviderUpdate, { ...casProvider(rogue), name: trusted.name, id: trusted.id }, { token: d.token }))).toEqual(adminOnly)
    // The trusted provider still names the real server; the rogue one signs nobody in.
    expect(refusal(await casLogin(rogue, 'admin')).code).toBe('4031')
    await expectSignedIn(bench, await casLogin(real, 'admin'), 'admin')
  })

  it('automatic creation gives the roles only while whoever saved the provider could give them', async () => {
    const d = await delegate([IDENTITY_PROVIDER_PERMISSION, ORG_PERMISSION])
    const server = await cas()
    const within = await roleWith([ORG_PERMISSION])
    const provider = await bench.ok<IdentityProvider>(identityProviderCreate, casProvider(server, { autoCreate: '1', roles: [within.roleCode] }), d.token)
    // The delegate loses platform:org: the provider's role is no longer the delegate's to give.
    await bench.ok(roles.roleResAuthSave, { roleId: d.role.id, permissions: [IDENTITY_PROVIDER_PERMISSION] })
    const first = username()
    expect(refusal(await casLogin(server, first))).toEqual(noUser)
    expect(await userExists(first)).toBe(false)
    expect((await bench.loginLog()).at(-1)).toMatchObject({ outcome: 'refused', reason: expect.stringContaining('no longer holds') })
    // Saved again by an administrator, it creates the user with the role.
    await bench.ok(identityProviderUpdate, { ...casProvider(server, { autoCreate: '1', roles: [within.roleCode] }), name: provider.name, id: provider.id })
    await expectSignedIn(bench, await casLogin(server, first), first)
  })

  describe('what stays possible', () => {
    it('a provider an administrator trusted signs the administrator in', async () => {
      const server = await cas()
      await bench.ok(identityProviderCreate, casProvider(server, { adminTrusted: '1' }))
      await expectSignedIn(bench, await casLogin(server, 'admin'), 'admin')
    })

    it('a delegate saves a provider giving a role within its codes, and it creates users with it', async () => {
      const d = await delegate([IDENTITY_PROVIDER_PERMISSION, ORG_PERMISSION])
      const server = await cas()
      const within = await roleWith([ORG_PERMISSION])
      await bench.ok(identityProviderCreate, casProvider(server, { autoCreate: '1', roles: [within.roleCode] }), d.token)
      const name = username()
      const token = await expectSignedIn(bench, await casLogin(server, name), name)
      expect(token).toBeTruthy()
      const id = (await bench.hub.store.db.selectFrom('users').select('id').where('username', '=', name).executeTakeFirstOrThrow()).id
      expect((await bench.ok<Role[]>(users.userListRoles, { userId: id })).map((r) => r.roleCode)).toEqual([within.roleCode])
    })
  })
})
