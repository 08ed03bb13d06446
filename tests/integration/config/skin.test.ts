import { afterAll, beforeAll, expect, it } from 'vitest'
import { skinSaveDefault } from '../../../src/shared/contract/platform/config/skin'
import { getPreference, me, updateMe, type SessionUser } from '../../../src/shared/contract/platform/session'
import { parameterListAll, type Parameter } from '../../../src/shared/contract/platform/startup'
import { addUser, signIn } from '../../support/hub'
import { describeEachStore, storeTargets } from '../../support/stores'
import { fieldKeys, freshLetters, openCallBench, refusal, versionsOf, type CallBench } from './support'

const targets = await storeTargets()

/**
 * 皮肤管理 on the hub: a user's own skin in the preference (/me/update), which every new session
 * carries, and the platform default (parameters theme.color and theme.mode) set by an
 * administrator through platform.skin.saveDefault.
 */
describeEachStore(targets, 'skin', (target) => {
  let bench: CallBench
  beforeAll(async () => {
    bench = await openCallBench(target)
  })
  afterAll(async () => bench?.close())

  const parameter = async (key: string) => (await bench.ok<Parameter[]>(parameterListAll)).find((p) => p.parameterKey === key)?.parameterValue

  it("a user's colour and mode are kept in the preference and come back with the next sign-in", async () => {
    const username = freshLetters('sk')
    await addUser(bench.hub.store, { username, password: 'Us3r!pass', roles: ['user'] })
    const token = await signIn(bench.hub.app, username, 'Us3r!pass')
    // Nothing chosen yet: the platform's look applies.
    expect((await bench.ok<SessionUser>(me, undefined, token)).preference).toEqual({ theme: 'default', locale: 'cn' })

    const saved = await bench.ok<SessionUser>(updateMe, { preference: { theme: 'dark', themeColor: '#13A10E' } }, token)
    expect(saved.preference).toMatchObject({ theme: 'dark', themeColor: '#13A10E' })
    // Another setting changes alone; the skin stays.
    await bench.ok(updateMe, { preference: { locale: 'en' } }, token)

    const again = await signIn(bench.hub.app, username, 'Us3r!pass')
    expect((await bench.ok<SessionUser>(me, undefined, again)).preference).toEqual({ theme: 'dark', themeColor: '#13A10E', locale: 'en' })
    expect(await bench.ok(getPreference, undefined, again)).toEqual({ theme: 'dark', themeColor: '#13A10E', locale: 'en' })

    // '' gives the colour back to the platform.
    const cleared = await bench.ok<SessionUser>(updateMe, { preference: { themeColor: '', theme: 'default' } }, again)
    expect(cleared.preference).toEqual({ theme: 'default', locale: 'en' })
  })

  it('refuses a colour or mode that is not one, field by field, and keeps what was stored', async () => {
    expect(fieldKeys(await bench.send(updateMe, { preference: { themeColor: 'green' } }))).toEqual({ 'preference.themeColor': 'msg_theme_color_invalid' })
    expect((await bench.send(updateMe, { preference: { theme: 'sepia' } })).body.code).toBe('4001')
    expect((await bench.ok<SessionUser>(me)).preference.themeColor).toBeUndefined()
  })

  it('the administrator sets the platform default; every console sees it with a new param version', async () => {
    const before = versionsOf(await bench.send(parameterListAll))
    const answer = await bench.send(skinSaveDefault, { themeColor: '#8764b8', themeMode: 'dark' })
    expect(answer.body).toMatchObject({ code: '2000', data: { themeColor: '#8764B8', themeMode: 'dark' } })
    expect(versionsOf(answer).param).not.toBe(before.param)
    expect(await parameter('theme.color')).toBe('#8764B8')
    expect(await parameter('theme.mode')).toBe('dark')

    expect(fieldKeys(await bench.send(skinSaveDefault, { themeColor: '#12345', themeMode: 'night' }))).toEqual({ themeColor: 'msg_theme_color_invalid', themeMode: 'msg_theme_mode_invalid' })
    expect(await parameter('theme.color')).toBe('#8764B8')
  })

  it('a user without the skin permission cannot change the platform default', async () => {
    const username = freshLetters('sn')
    await addUser(bench.hub.store, { username, password: 'Us3r!pass', roles: ['user'] })
    const token = await signIn(bench.hub.app, username, 'Us3r!pass')
    expect(refusal(await bench.send(skinSaveDefault, { themeColor: '#D13438', themeMode: 'light' }, { token })).code).toBe('4031')
    expect(await parameter('theme.mode')).not.toBe('light')
  })
})
