import { afterAll, beforeAll, expect, it } from 'vitest'
import * as users from '../../src/shared/contract/platform/admin/users'
import type { Employee } from '../../src/shared/contract/platform/admin/users'
import { changePassword, getPreference, login, me } from '../../src/shared/contract/platform/session'
import type { SessionUser } from '../../src/shared/contract/platform/session'
import { myPermissions } from '../../src/shared/contract/platform/startup'
import { openCallBench, refusal, type CallBench } from '../support/bench'
import { signIn } from '../support/hub'
import { describeEachStore, storeTargets } from '../support/stores'

/**
 * Issue 21 #1 (a reset password reached a third party) and issue 23 item 6: a password someone
 * else chose — an administrator's reset, a created user's initial password — signs in, but
 * serves nothing until its owner has replaced it; the console learns it from the login answer.
 */
const targets = await storeTargets()
const INITIAL = 'Init#Pass12'
const OWN = 'Mine#Pass34'
const mustChange = { code: '4031', message: '当前密码由他人设置，请先修改密码' }

describeEachStore(targets, 'forced password change after a reset and at a created user\'s first sign-in', (target) => {
  let bench: CallBench
  beforeAll(async () => {
    bench = await openCallBench(target)
  })
  afterAll(async () => bench?.close())

  const loginAnswer = async (username: string, password: string) => bench.send<SessionUser & { token: string }>(login, { username, password }, { token: null })
  const change = (token: string, oldPassword: string, newPassword: string) => bench.send(changePassword, { oldPassword, newPassword, confirmPassword: newPassword }, { token })

  it('a created user signs in with the initial password, must change it first, then works normally', async () => {
    const user = await bench.ok<Employee>(users.employeeCreate, { username: 'newbie01', nickName: '新人', password: INITIAL })
    const first = await loginAnswer(user.username, INITIAL)
    expect(first.body).toMatchObject({ code: '2000', data: { username: 'newbie01', mustChangePassword: true } })
    const token = first.body.data!.token
    // Nothing but me, the change and sign-out is served meanwhile.
    expect(refusal(await bench.send(getPreference, undefined, { token }))).toEqual(mustChange)
    expect(refusal(await bench.send(myPermissions, undefined, { token }))).toEqual(mustChange)
    expect((await bench.send<SessionUser>(me, undefined, { token })).body.data).toMatchObject({ mustChangePassword: true })
    // Keeping the chosen password is no change.
    expect((await change(token, INITIAL, INITIAL)).body.data).toMatchObject({ fields: [{ path: 'newPassword', key: 'msg_password_same' }] })
    expect((await change(token, INITIAL, OWN)).body.code).toBe('2000')
    expect((await bench.send(me, undefined, { token })).body.code).toBe('4030')
    const again = await loginAnswer(user.username, OWN)
    expect(again.body.data).not.toHaveProperty('mustChangePassword')
    expect((await bench.send(getPreference, undefined, { token: again.body.data!.token })).body.code).toBe('2000')
  })

  it('after a reset the operator gets the password once, and it only opens the change', async () => {
    const user = await bench.ok<Employee>(users.employeeCreate, { username: 'resetme01', nickName: '重置', password: INITIAL })
    await change(await signIn(bench.hub.app, user.username, INITIAL), INITIAL, OWN)
    const mine = await signIn(bench.hub.app, user.username, OWN)
    expect((await bench.send(getPreference, undefined, { token: mine })).body.code).toBe('2000')

    const { password } = await bench.ok<{ password: string }>(users.employeeResetPassword, { id: user.id })
    expect(password).toEqual(expect.any(String))
    // The user's sessions ended; whoever signs in with the answered password can only change it.
    expect((await bench.send(me, undefined, { token: mine })).body.code).toBe('4030')
    const held = await loginAnswer(user.username, password)
    expect(held.body.data).toMatchObject({ mustChangePassword: true })
    expect(refusal(await bench.send(getPreference, undefined, { token: held.body.data!.token }))).toEqual(mustChange)
    // Once the user chose a new one, the password the operator saw opens nothing.
    expect((await change(held.body.data!.token, password, 'Next#Pass56')).body.code).toBe('2000')
    expect((await loginAnswer(user.username, password)).body.code).toBe('4010')
    expect((await bench.send(getPreference, undefined, { token: await signIn(bench.hub.app, user.username, 'Next#Pass56') })).body.code).toBe('2000')

    // A password the operator typed (not answered) is someone else's choice too.
    expect(await bench.ok(users.employeeResetPassword, { id: user.id, password: 'Typed#Pass78' })).toEqual({ password: null })
    expect((await loginAnswer(user.username, 'Typed#Pass78')).body.data).toMatchObject({ mustChangePassword: true })
  })

  it("the administrator's own sessions are not affected", async () => {
    expect((await bench.send<SessionUser>(me)).body.data).not.toHaveProperty('mustChangePassword')
  })
})
