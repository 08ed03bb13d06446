import { afterAll, beforeAll, expect, it } from 'vitest'
import * as routers from '../../../src/shared/contract/platform/apps/clientRouters'
import type { ClientRouterRecord } from '../../../src/shared/contract/platform/apps/clientRouters'
import { clientRouterListAll } from '../../../src/shared/contract/platform/startup'
import { describeEachStore, storeTargets } from '../../support/stores'
import { fieldKeys, freshCode, openAppsBench, refusal, type AppsBench } from './support'

const targets = await storeTargets()

describeEachStore(targets, 'client routers', (target) => {
  let bench: AppsBench
  beforeAll(async () => {
    bench = await openAppsBench(target)
  })
  afterAll(async () => bench?.close())

  const fresh = () => `Page${freshCode('r')}`

  it('checks name, path, component, application code and metadata JSON', async () => {
    expect(fieldKeys(await bench.send(routers.clientRouterCreate, { name: '1page', path: 'page', component: 'a-b', appCode: 'a b', metaData: '{bad' }))).toEqual({
      name: 'msg_apps_router_name_rule',
      path: 'msg_apps_router_path_rule',
      component: 'msg_apps_router_component_rule',
      appCode: 'msg_apps_router_app_rule',
      metaData: 'msg_apps_router_meta_rule',
    })
    expect(fieldKeys(await bench.send(routers.clientRouterCreate, { name: '', path: '', metaData: '[1]' }))).toEqual({
      name: 'msg_apps_router_name_required',
      path: 'msg_apps_router_path_required',
      metaData: 'msg_apps_router_meta_rule',
    })
  })

  it('creates with the spec defaults, keeps names unique, updates, lists and deletes', async () => {
    const name = fresh()
    const r = await bench.ok<ClientRouterRecord>(routers.clientRouterCreate, { name, path: '/reports/daily' })
    expect(r).toMatchObject({ name, path: '/reports/daily', component: name, appCode: 'common', metaData: '{"keepAlive":false}', menuCount: 0 })
    expect(refusal(await bench.send(routers.clientRouterCreate, { name, path: '/x' }))).toEqual({ code: '4090', message: '路由名称已存在' })
    const updated = await bench.ok<ClientRouterRecord>(routers.clientRouterUpdate, { ...r, name: `${name}X`, metaData: '{"keepAlive":true}', appCode: 'datahub' })
    expect(updated).toMatchObject({ name: `${name}X`, metaData: '{"keepAlive":true}', appCode: 'datahub' })
    // The startup list the console routes with sees the change.
    expect((await bench.ok<{ name: string; metaData: string }[]>(clientRouterListAll)).find((x) => x.name === `${name}X`)?.metaData).toBe('{"keepAlive":true}')
    expect(refusal(await bench.send(routers.clientRouterUpdate, { ...updated, name: 'RoleList' }))).toEqual({ code: '4090', message: '路由名称已存在' })
    expect((await bench.ok<{ content: ClientRouterRecord[]; totalElements: number }>(routers.clientRouterList, { name })).content.map((x) => x.id)).toEqual([r.id])
    expect(await bench.ok(routers.clientRouterDetail, { id: r.id })).toEqual(updated)
    await bench.ok(routers.clientRouterDelete, { id: r.id })
    expect(refusal(await bench.send(routers.clientRouterDetail, { id: r.id }))).toEqual({ code: '4040', message: '客户端路由不存在' })
    expect(refusal(await bench.send(routers.clientRouterDelete, { id: r.id }, { locale: 'en' }))).toEqual({ code: '4040', message: 'The client router does not exist' })
  })

  it('refuses to delete or rename a router a menu opens', async () => {
    const page = await bench.ok<{ content: ClientRouterRecord[] }>(routers.clientRouterList, { name: 'RoleList' })
    const roleList = page.content.find((x) => x.name === 'RoleList')!
    expect(roleList.menuCount).toBe(1)
    expect(refusal(await bench.send(routers.clientRouterDelete, { id: roleList.id }))).toEqual({ code: '4090', message: '该路由正被菜单使用，不能删除' })
    expect(refusal(await bench.send(routers.clientRouterUpdate, { ...roleList, name: 'RoleListRenamed' }))).toEqual({ code: '4090', message: '该路由正被菜单使用，不能修改名称，请在菜单管理中修改' })
    // Its path and metadata may change.
    expect((await bench.ok<ClientRouterRecord>(routers.clientRouterUpdate, { ...roleList, metaData: '{"keepAlive":true}' })).metaData).toBe('{"keepAlive":true}')
    expect((await bench.ok<ClientRouterRecord>(routers.clientRouterDetail, { id: roleList.id })).menuCount).toBe(1)
  })
})
