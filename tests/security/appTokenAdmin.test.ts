import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as roles from '../../src/shared/contract/platform/admin/roles'
import * as users from '../../src/shared/contract/platform/admin/users'
import type { Role } from '../../src/shared/contract/platform/admin/roles'
import { identityProviderCreate } from '../../src/shared/contract/platform/identityProviders'
import { SYS_AUTH_PERMISSION } from '../../src/shared/contract/platform/messaging/permissions'
import { sysAuthCreate, sysAuthGet, sysAuthUpdate, sysAuthUpdateSecret, type SysAuth, type SysAuthWithSecret } from '../../src/shared/contract/platform/messaging/sysAuthentication'
import { ssoTokenLogin } from '../../src/shared/contract/platform/sso'
import { PROMOTION_PERMISSION, promotionApply, promotionExport, promotionPlan, type PromotionPlan } from '../../src/shared/contract/promotion/endpoints'
import { addUser, signIn } from '../support/hub'
import { describeEachStore, storeTargets } from '../support/stores'
import { freshLetters } from '../integration/admin/support'
import { expectSignedIn, openSsoBench, refusal, type SsoBench } from '../integration/sso/support'

/**
 * Issue 31, finding #5: `platform:sysAuthentication` alone made a new secret for an application
 * (/updateSecret answers it), then signed a /ssoTokenLogin token for `admin`. Application tokens
 * sign in an administrator only when an administrator allowed it for that application (and
 * trusted its provider); such an application's secret is made anew by an administrator only.
 */
const targets = await storeTargets()
const PASSWORD = 'Deleg#Pass1'
const adminOnly = { code: '4031', message: '只有系统管理员可以执行此操作' }
const noUser = { code: '4010', message: '没有可登录的对应平台用户' }
const sign = (secret: string, uid: string, timestamp: string) => createHmac('sha256', secret).update(`${uid}\n${timestamp}`).digest('hex')

let serial = 0
const username = () => `t${Date.now().toString(36)}${(serial++).toString(36)}`

describeEachStore(targets, 'application tokens never sign in an administrator unless an administrator allowed it (issue 31 #5)', (target) => {
  let bench: SsoBench
  let attacker: string

  beforeAll(async () => {
    bench = await openSsoBench(target)
    await bench.setParameter('appsso', '1')
    const role = await bench.ok<Role>(roles.roleCreate, { roleCode: freshLetters('t'), roleName: '委派' })
    await bench.ok(roles.roleResAuthSave, { roleId: role.id, permissions: [SYS_AUTH_PERMISSION] })
    const name = username()
    const id = await addUser(bench.hub.store, { username: name, password: PASSWORD, roles: [] })
    await bench.ok(users.userSetRoles, { userId: id, roleIds: [role.id] })
    attacker = await signIn(bench.hub.app, name, PASSWORD)
  })
  afterAll(async () => bench?.close())

  /** A system authentication and its app provider (matching by username), made by the administrator. */
  const application = async (flags: { adminSignIn?: '1' | '0'; adminTrusted?: '1' | '0' } = {}) => {
    const appCode = freshLetters('app')
    const auth = await bench.ok<SysAuthWithSecret>(sysAuthCreate, { appCode, name: 'Portal', ...(flags.adminSignIn ? { adminSignIn: flags.adminSignIn } : {}) })
    await bench.ok(identityProviderCreate, { kind: 'app', name: `Tokens ${appCode}`, appCode, matchBy: 'username', adminTrusted: flags.adminTrusted ?? '1' })
    return auth
  }
  const tokenLogin = (secret: string, uid: string) => {
    const timestamp = String(Date.now())
    return bench.send(ssoTokenLogin, { uid, timestamp, token: sign(secret, uid, timestamp) }, { token: null })
  }

  it('a new secret it made does not sign in the administrator', async () => {
    const auth = await application()
    const made = await bench.ok<SysAuthWithSecret>(sysAuthUpdateSecret, { id: auth.id }, attacker)
    const answer = await tokenLogin(made.secret, 'admin')
    expect(refusal(answer)).toEqual(noUser)
    expect((answer.body.data as { token?: string } | null)?.token).toBeUndefined()
    expect((await bench.loginLog()).at(-1)).toMatchObject({ method: 'app', username: 'admin', outcome: 'refused', reason: expect.stringContaining('may not sign in administrators') })
  })

  it('cannot allow an application to sign in administrators', async () => {
    expect(refusal(await bench.send(sysAuthCreate, { appCode: freshLetters('app'), name: 'Rogue', adminSignIn: '1' }, { token: attacker }))).toEqual(adminOnly)
    const auth = await application()
    expect(refusal(await bench.send(sysAuthUpdate, { id: auth.id, appCode: auth.appCode, name: 'Portal', adminSignIn: '1' }, { token: attacker }))).toEqual(adminOnly)
    expect((await bench.ok<SysAuth>(sysAuthGet, { id: auth.id })).adminSignIn).toBe('0')
  })

  it("cannot make anew, or change, the secret of an application an administrator allowed", async () => {
    const auth = await application({ adminSignIn: '1' })
    const made = await bench.send<SysAuthWithSecret>(sysAuthUpdateSecret, { id: auth.id }, { token: attacker })
    expect(refusal(made)).toEqual(adminOnly)
    expect(made.body.data).toBeNull()
    expect(refusal(await bench.send(sysAuthUpdate, { id: auth.id, appCode: auth.appCode, name: 'Renamed' }, { token: attacker }))).toEqual(adminOnly)
    // The administrator's secret is the one that still works.
    await expectSignedIn(bench, await tokenLogin(auth.secret, 'admin'), 'admin')
  })

  it("cannot give an allowed application a secret of its own through promotion", async () => {
    const auth = await application({ adminSignIn: '1' })
    const role = await bench.ok<Role>(roles.roleCreate, { roleCode: freshLetters('t'), roleName: '发布' })
    // It may edit system authentications (what promotion asks for that section), not administrators' ones.
    await bench.ok(roles.roleResAuthSave, { roleId: role.id, permissions: [PROMOTION_PERMISSION, SYS_AUTH_PERMISSION] })
    const name = username()
    const id = await addUser(bench.hub.store, { username: name, password: PASSWORD, roles: [] })
    await bench.ok(users.userSetRoles, { userId: id, roleIds: [role.id] })
    const promoter = await signIn(bench.hub.app, name, PASSWORD)
    const none: string[] = []
    const selection = { topics: none, dataSources: none, apiAuthentications: none, systemAuthentications: [auth.appCode], dictionaries: none, parameters: none, gatewayRoutes: none }
    const document = await bench.ok(promotionExport, selection, promoter)
    const values = { [`systemAuthentication.${auth.appCode}.secret`]: 'promoter-own-secret' }
    // The plan names the refusal on the system authentication; the apply imports nothing.
    const plan = await bench.ok<PromotionPlan>(promotionPlan, { document, values }, promoter)
    expect(plan.items.find((i) => i.kind === 'systemAuthentication')?.problems).toEqual([expect.objectContaining(adminOnly)])
    expect(refusal(await bench.send(promotionApply, { document, values }, { token: promoter }))).toEqual({ code: '4090', message: '有 1 处问题，未导入任何配置；请重新生成计划查看' })
    expect(refusal(await tokenLogin('promoter-own-secret', 'admin')).code).toBe('4010')
    await expectSignedIn(bench, await tokenLogin(auth.secret, 'admin'), 'admin')
  })

  describe('what stays possible', () => {
    it('an allowed application of a trusted provider signs the administrator in; only both flags do', async () => {
      const allowed = await application({ adminSignIn: '1', adminTrusted: '1' })
      await expectSignedIn(bench, await tokenLogin(allowed.secret, 'admin'), 'admin')
      const untrusted = await application({ adminSignIn: '1', adminTrusted: '0' })
      expect(refusal(await tokenLogin(untrusted.secret, 'admin'))).toEqual(noUser)
    })

    it('a sysAuthentication holder makes a new secret for an ordinary application, which signs ordinary users in', async () => {
      const auth = await application()
      const made = await bench.ok<SysAuthWithSecret>(sysAuthUpdateSecret, { id: auth.id }, attacker)
      const name = username()
      await addUser(bench.hub.store, { username: name, password: PASSWORD, roles: ['user'] })
      await expectSignedIn(bench, await tokenLogin(made.secret, name), name)
      await bench.ok(sysAuthUpdate, { id: auth.id, appCode: auth.appCode, name: 'Renamed' }, attacker)
    })
  })
})
