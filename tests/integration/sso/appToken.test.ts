import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { identityProviderTestConnection } from '../../../src/shared/contract/platform/identityProviders'
import { employeeCreate, employeeUpdate, type Employee } from '../../../src/shared/contract/platform/admin/users'
import { sysAuthCreate, sysAuthUpdateSecret } from '../../../src/shared/contract/platform/messaging/sysAuthentication'
import { ssoProviders, ssoTokenLogin } from '../../../src/shared/contract/platform/sso'
import { getPreference, login } from '../../../src/shared/contract/platform/session'
import { describeEachStore, storeTargets } from '../../support/stores'
import { createUser } from '../../../src/hub/auth/sso/userMatch'
import { sql } from 'kysely'
import { expectSignedIn, openSsoBench, refusal, type SsoBench } from './support'

const targets = await storeTargets()

/** What a trusted application does, as README documents it: hex HMAC-SHA256 of "uid\ntimestamp". */
const sign = (secret: string, uid: string, timestamp: string) => createHmac('sha256', secret).update(`${uid}\n${timestamp}`).digest('hex')

describeEachStore(targets, 'single sign-on with signed application tokens', (target) => {
  let bench: SsoBench
  let secret: string
  let sysAuthId: string

  beforeAll(async () => {
    bench = await openSsoBench(target)
    const auth = await bench.ok<{ id: string; secret: string }>(sysAuthCreate, { appCode: 'portal', name: 'Portal' })
    secret = auth.secret
    sysAuthId = auth.id
    await bench.addProvider({ kind: 'app', name: 'Portal tokens', appCode: 'portal', matchBy: 'email' })
    await bench.addPerson({ username: 'erin', email: 'erin@example.com' })
    await bench.setParameter('appsso', '1')
  })
  afterAll(async () => {
    await bench?.close()
  })

  const tokenLogin = (uid: string, timestamp: string, token: string, locale?: string) => bench.send(ssoTokenLogin, { uid, timestamp, token }, { token: null, ...(locale ? { locale } : {}) })

  it('signs in the user a valid token names, once', async () => {
    const timestamp = String(Date.now())
    const token = sign(secret, 'erin@example.com', timestamp)
    await expectSignedIn(bench, await tokenLogin('erin@example.com', timestamp, token), 'erin')
    expect(refusal(await tokenLogin('erin@example.com', timestamp, token))).toEqual({ code: '4010', message: '令牌无效' })
    const log = await bench.loginLog()
    expect(log).toContainEqual({ method: 'app', username: 'erin', outcome: 'success', reason: '' })
    expect(log.at(-1)).toMatchObject({ method: 'app', outcome: 'refused', reason: 'the token was presented before' })
    expect(JSON.stringify(log)).not.toContain(token)
  })

  it('is not held by a forced password change: the user never used the password an administrator set', async () => {
    const id = await bench.addPerson({ username: 'fay', email: 'fay@example.com' })
    await bench.hub.store.db.withTables<{ users: { id: string; must_change_password: string } }>().updateTable('users').set({ must_change_password: '1' }).where('id', '=', id).execute()
    const timestamp = String(Date.now())
    const answer = await tokenLogin('fay@example.com', timestamp, sign(secret, 'fay@example.com', timestamp))
    const token = await expectSignedIn(bench, answer, 'fay')
    expect(answer.body.data).not.toHaveProperty('mustChangePassword')
    // A call beyond /me and the change itself: open to the SSO session.
    expect((await bench.send(getPreference, undefined, { token })).body.code).toBe('2000')
    // The same user signing in with that password is still held to change it first.
    const byPassword = await bench.send(login, { username: 'fay', password: 'Unused!pass1' }, { token: null })
    expect(byPassword.body.data).toMatchObject({ mustChangePassword: true })
    const held = await bench.send(getPreference, undefined, { token: (byPassword.body.data as { token: string }).token })
    expect(refusal(held)).toEqual({ code: '4031', message: expect.stringMatching(/密码/) })
  })

  it('signs in by the employee number an administrator set in the user editor, and by the new one after a change', async () => {
    // A second application whose provider maps its uid to the employee number.
    const hr = await bench.ok<{ secret: string }>(sysAuthCreate, { appCode: 'hrportal', name: 'HR portal' })
    await bench.addProvider({ kind: 'app', name: 'HR tokens', appCode: 'hrportal', matchBy: 'employeeNo' })
    const user = await bench.ok<Employee>(employeeCreate, { username: 'gwen2024', nickName: 'Gwen', password: 'Emp#Pass12', employeeNo: 'HR-0042' })
    const byNumber = (uid: string) => {
      const timestamp = String(Date.now())
      return tokenLogin(uid, timestamp, sign(hr.secret, uid, timestamp))
    }
    await expectSignedIn(bench, await byNumber('HR-0042'), 'gwen2024')
    await bench.ok(employeeUpdate, { ...user, employeeNo: 'HR-0043' })
    expect(refusal(await byNumber('HR-0042'))).toEqual({ code: '4010', message: '没有可登录的对应平台用户' })
    await expectSignedIn(bench, await byNumber('HR-0043'), 'gwen2024')
  })

  it('never creates a second user with an employee number an administrator gave meanwhile: the new sign-in finds that user', async () => {
    // Between a first sign-in's lookup (nobody) and its creation, an administrator numbers a user.
    await bench.ok<Employee>(employeeCreate, { username: 'hana2024', nickName: 'Hana', password: 'Emp#Pass12', employeeNo: 'HR-0077' })
    const found = await createUser(bench.hub.store.db, bench.hub.store.kind, { matchBy: 'employeeNo', value: 'HR-0077', name: 'Hana', email: '', roles: [] })
    expect(found?.username).toBe('hana2024')
    const numbered = await bench.hub.store.db.selectFrom('users').select('username').where(sql.ref('employee_no'), '=', 'HR-0077').execute()
    expect(numbered.map((u) => u.username)).toEqual(['hana2024'])
  })

  it('refuses a token older or newer than 5 minutes', async () => {
    for (const offset of [-6 * 60_000, 6 * 60_000]) {
      const timestamp = String(Date.now() + offset)
      expect(refusal(await tokenLogin('erin@example.com', timestamp, sign(secret, 'erin@example.com', timestamp))), String(offset)).toEqual({ code: '4010', message: '令牌已过期' })
    }
  })

  it('refuses a token signed with another secret, for another uid, or not hex', async () => {
    const timestamp = String(Date.now())
    expect(refusal(await tokenLogin('erin@example.com', timestamp, sign('not-the-secret', 'erin@example.com', timestamp)))).toEqual({ code: '4010', message: '令牌无效' })
    expect(refusal(await tokenLogin('admin', timestamp, sign(secret, 'erin@example.com', timestamp)))).toEqual({ code: '4010', message: '令牌无效' })
    expect(refusal(await tokenLogin('erin@example.com', timestamp, 'zz', 'en'))).toEqual({ code: '4010', message: 'The token is invalid' })
  })

  it('takes the new secret after "new secret", and the old one no more', async () => {
    const renewed = await bench.ok<{ secret: string }>(sysAuthUpdateSecret, { id: sysAuthId })
    const timestamp = String(Date.now())
    expect(refusal(await tokenLogin('erin@example.com', timestamp, sign(secret, 'erin@example.com', timestamp)))).toEqual({ code: '4010', message: '令牌无效' })
    await expectSignedIn(bench, await tokenLogin('erin@example.com', timestamp, sign(renewed.secret, 'erin@example.com', timestamp)), 'erin')
    secret = renewed.secret
  })

  it('refuses every token while appsso is off, and lists no app provider as a sign-in button', async () => {
    await bench.setParameter('appsso', '0')
    const timestamp = String(Date.now())
    expect(refusal(await tokenLogin('erin@example.com', timestamp, sign(secret, 'erin@example.com', timestamp)))).toEqual({ code: '4031', message: '未启用应用单点登录' })
    await bench.setParameter('appsso', '1')
    await bench.setParameter('sso', '1')
    expect((await bench.send<unknown[]>(ssoProviders, undefined, { token: null })).body.data).toEqual([])
  })

  it('tests the connection by checking the system authentication can sign', async () => {
    const provider = (await bench.hub.store.db.withTables<{ sso_providers: { id: string; kind: string; app_code: string } }>().selectFrom('sso_providers').select('id').where('kind', '=', 'app').where('app_code', '=', 'portal').executeTakeFirstOrThrow()).id
    expect((await bench.ok<{ detail: string }>(identityProviderTestConnection, { id: provider })).detail).toBe('portal')
  })
})
