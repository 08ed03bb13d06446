import { afterAll, beforeAll, expect, it } from 'vitest'
import { login, me } from '../../../src/shared/contract/platform/session'
import { ADMIN_PASSWORD, addUser, call, openTestHub, type TestHub } from '../../support/hub'
import { describeEachStore, storeTargets, type StoreLocation } from '../../support/stores'

const targets = await storeTargets()

describeEachStore(targets, 'sign-in', (target) => {
  let location: StoreLocation
  let hub: TestHub
  const signIn = (username: string, password: string, locale?: string) => call<Record<string, unknown>>(hub.app, login, { username, password }, { locale })

  beforeAll(async () => {
    location = await target.create()
    hub = await openTestHub(location)
  })
  afterAll(async () => {
    await hub?.close()
    await location?.cleanup()
  })

  it('returns the session user and a token that opens the session', async () => {
    const answer = await signIn('admin', ADMIN_PASSWORD)
    expect(answer.status).toBe(200)
    expect(answer.body.code).toBe('2000')
    expect(answer.body.message).toBe('操作成功')
    // A new user chose no theme: 'default' follows the platform's theme.mode (皮肤管理).
    expect(answer.body.data).toMatchObject({ username: 'admin', roles: ['admin'], preference: { theme: 'default', locale: 'cn' } })
    const token = answer.body.data!.token as string
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect((await call(hub.app, me, undefined, { token })).body.data).toMatchObject({ username: 'admin' })
  })

  it('trims the username and password as the login form does', async () => {
    expect((await signIn('  admin ', ` ${ADMIN_PASSWORD} `)).body.code).toBe('2000')
  })

  it('answers a wrong password, an unknown user and a disabled user alike', async () => {
    await addUser(hub.store, { username: 'dormant', password: 'Dormant#1', roles: ['user'], status: '0' })
    const answers = [await signIn('admin', 'Wrong#Pass1'), await signIn('nobody', 'Wrong#Pass1'), await signIn('dormant', 'Dormant#1')]
    for (const a of answers) expect(a.body).toEqual({ code: '4010', message: '用户名或密码错误', data: null })
    expect((await signIn('nobody', 'Wrong#Pass1', 'en')).body.message).toBe('Username or password error')
  })

  it('takes as long for an unknown user as for a wrong password', async () => {
    await addUser(hub.store, { username: 'frank', password: 'Frank#Pass1', roles: ['user'] })
    // Interleaved, and the fastest of each: other work on the machine only ever adds time.
    // Four rounds: a fifth failure would lock both names and skip the verification.
    const fastest = { known: Infinity, unknown: Infinity }
    for (let i = 0; i < 4; i++) {
      for (const [kind, username] of [['known', 'frank'], ['unknown', 'ghost']] as const) {
        const t0 = performance.now()
        await signIn(username, 'Wrong#Pass1')
        fastest[kind] = Math.min(fastest[kind], performance.now() - t0)
      }
    }
    // Both pay one argon2 verification; without the dummy hash, unknown would be many times faster.
    expect(fastest.unknown).toBeGreaterThan(fastest.known * 0.5)
  })

  it('locks a username after five failures in 15 minutes, even against the right password', async () => {
    await addUser(hub.store, { username: 'alice', password: 'Alice#Pass1', roles: ['user'] })
    const codes = []
    for (let i = 0; i < 5; i++) codes.push((await signIn('alice', `Wrong#${i}aaa`)).body.code)
    expect(codes).toEqual(['4010', '4010', '4010', '4010', '4011'])

    const locked = await signIn('alice', 'Alice#Pass1')
    expect(locked.body.code).toBe('4011')
    expect(locked.body.message).toBe('登录失败次数过多，账号已锁定 15 分钟，请稍后再试')
    // The lock holds the username, whatever its case, and no one else.
    expect((await signIn('ALICE', 'Alice#Pass1')).body.code).toBe('4011')
    expect((await signIn('admin', ADMIN_PASSWORD)).body.code).toBe('2000')
  })

  it('lets the user in again once the 15 minutes are over', async () => {
    await addUser(hub.store, { username: 'bob', password: 'Bob#Pass12', roles: ['user'] })
    for (let i = 0; i < 5; i++) await signIn('bob', `Wrong#${i}aaa`)
    expect((await signIn('bob', 'Bob#Pass12')).body.code).toBe('4011')

    // Move the failures 16 minutes into the past, as if the time had passed.
    const rows = await hub.store.db.selectFrom('login_failures').select(['id', 'at']).where('username', '=', 'bob').execute()
    for (const r of rows) {
      const at = new Date(Date.parse(r.at) - 16 * 60_000).toISOString()
      await hub.store.db.updateTable('login_failures').set({ at }).where('id', '=', r.id).execute()
    }
    expect((await signIn('bob', 'Bob#Pass12')).body.code).toBe('2000')
  })

  it('does not count failures spread over more than 15 minutes as a lock', async () => {
    await addUser(hub.store, { username: 'carol', password: 'Carol#Pass1', roles: ['user'] })
    for (let i = 0; i < 4; i++) await signIn('carol', `Wrong#${i}aaa`)
    const rows = await hub.store.db.selectFrom('login_failures').select(['id', 'at']).where('username', '=', 'carol').execute()
    for (const r of rows) {
      await hub.store.db.updateTable('login_failures').set({ at: new Date(Date.parse(r.at) - 20 * 60_000).toISOString() }).where('id', '=', r.id).execute()
    }
    expect((await signIn('carol', 'Wrong#5aaa')).body.code).toBe('4010')
    expect((await signIn('carol', 'Carol#Pass1')).body.code).toBe('2000')
  })

  it('refuses an empty form field by field, with the form rule keys', async () => {
    const answer = await call(hub.app, login, { username: ' ', password: '' })
    expect(answer.body.code).toBe('4001')
    expect(answer.body.data).toEqual({
      fields: [
        { path: 'username', key: 'msg_login_username', message: '请输入用户名' },
        { path: 'password', key: 'msg_login_password', message: '请输入密码' },
      ],
    })
  })
})
