import { afterAll, beforeAll, expect, it } from 'vitest'
import * as fav from '../../../src/shared/contract/platform/userCentre/favourites'
import type { Favourite } from '../../../src/shared/contract/platform/userCentre/favourites'
import { fieldKeys, openCallBench, refusal, type CallBench } from '../../support/bench'
import { addUser, signIn } from '../../support/hub'
import { describeEachStore, storeTargets } from '../../support/stores'

const targets = await storeTargets()

describeEachStore(targets, 'favourites', (target) => {
  let bench: CallBench
  let page: (component: string) => Promise<string>
  beforeAll(async () => {
    bench = await openCallBench(target)
    page = async (component) => (await bench.hub.store.db.selectFrom('menus').select('id').where('component', '=', component).executeTakeFirstOrThrow()).id
  })
  afterAll(async () => bench?.close())

  it('adds a menu page, lists it newest first with its names, and refuses the same page twice', async () => {
    const password = await page('ChangePassword')
    const settings = await page('PersonalSettings')
    const first = await bench.ok<Favourite>(fav.favouriteCreate, { menuId: password })
    expect(first).toMatchObject({ menuId: password, menuName: '修改密码', menuNameEn: 'Change password', component: 'ChangePassword' })
    await new Promise((r) => setTimeout(r, 5))
    await bench.ok(fav.favouriteCreate, { menuId: settings })
    expect((await bench.ok<Favourite[]>(fav.favouriteList)).map((f) => f.component)).toEqual(['PersonalSettings', 'ChangePassword'])
    expect(refusal(await bench.send(fav.favouriteCreate, { menuId: password }))).toEqual({ code: '4090', message: '该页面已收藏' })
    expect(refusal(await bench.send(fav.favouriteCreate, { menuId: password }, { locale: 'en' }))).toEqual({ code: '4090', message: 'This page is already a favourite' })
  })

  it('refuses a missing menu, a catalogue, and an empty id', async () => {
    expect(refusal(await bench.send(fav.favouriteCreate, { menuId: 'missing' }))).toEqual({ code: '4040', message: '菜单页面不存在' })
    const catalogue = await bench.hub.store.db.selectFrom('menus').select('id').where('type', '=', 'catalog').executeTakeFirstOrThrow()
    expect(refusal(await bench.send(fav.favouriteCreate, { menuId: catalogue.id }))).toEqual({ code: '4040', message: '菜单页面不存在' })
    expect(fieldKeys(await bench.send(fav.favouriteCreate, { menuId: ' ' }))).toEqual({ menuId: 'msg_field_required' })
  })

  it('keeps each user’s favourites apart: another user neither sees nor deletes them', async () => {
    await addUser(bench.hub.store, { username: 'favuser', password: 'Us3r!pass', roles: [] })
    const token = await signIn(bench.hub.app, 'favuser', 'Us3r!pass')
    expect(await bench.ok<Favourite[]>(fav.favouriteList, undefined, token)).toEqual([])
    const mine = await bench.ok<Favourite[]>(fav.favouriteList)
    // The same page is not a duplicate for someone else.
    const theirs = await bench.ok<Favourite>(fav.favouriteCreate, { menuId: mine[0]!.menuId }, token)
    expect(refusal(await bench.send(fav.favouriteDelete, { id: mine[0]!.id }, { token }))).toEqual({ code: '4040', message: '收藏不存在' })
    await bench.ok(fav.favouriteDelete, { id: theirs.id }, token)
    expect(await bench.ok<Favourite[]>(fav.favouriteList, undefined, token)).toEqual([])
    expect(await bench.ok<Favourite[]>(fav.favouriteList)).toHaveLength(mine.length)
    await bench.ok(fav.favouriteDelete, { id: mine[0]!.id })
    expect(refusal(await bench.send(fav.favouriteDelete, { id: mine[0]!.id }))).toEqual({ code: '4040', message: '收藏不存在' })
  })

  it('needs a session', async () => {
    expect(refusal(await bench.send(fav.favouriteList, undefined, { token: null }))).toMatchObject({ code: '4030' })
  })
})
