import { afterAll, beforeAll, expect, it } from 'vitest'
import * as apis from '../../../src/shared/contract/platform/apps/apis'
import type { ApiGroup, AppApi } from '../../../src/shared/contract/platform/apps/apis'
import { describeEachStore, storeTargets } from '../../support/stores'
import { fieldKeys, newApp, openAppsBench, refusal, type AppsBench } from './support'

const targets = await storeTargets()

describeEachStore(targets, 'application APIs and API groups', (target) => {
  let bench: AppsBench
  beforeAll(async () => {
    bench = await openAppsBench(target)
  })
  afterAll(async () => bench?.close())

  it('checks API code (letters, digits, colon), name, method and endpoint', async () => {
    expect(fieldKeys(await bench.send(apis.apiCreate, { appCode: 'x', code: 'user-list', name: '', method: 'PATCH', endpoint: 'users' }))).toEqual({
      code: 'msg_apps_api_code_rule',
      name: 'msg_apps_api_name_required',
      method: 'msg_apps_api_method_required',
      endpoint: 'msg_apps_api_endpoint_rule',
    })
    expect(fieldKeys(await bench.send(apis.apiCreate, { appCode: 'x', code: 'ab', name: 'n'.repeat(51), method: 'GET', endpoint: '/' + 'e'.repeat(500) }))).toEqual({
      code: 'msg_apps_api_code_rule',
      name: 'msg_apps_api_name_rule',
      endpoint: 'msg_apps_api_endpoint_rule',
    })
    expect(fieldKeys(await bench.send(apis.apiGroupCreate, { appCode: 'x', code: 'g:1', name: '' }))).toEqual({ code: 'msg_apps_group_code_rule', name: 'msg_apps_group_name_required' })
  })

  it('groups: unique code per application, locked code, listed per application', async () => {
    const app = await newApp(bench)
    const group = await bench.ok<ApiGroup>(apis.apiGroupCreate, { appCode: app.code, code: 'users', name: '用户接口' })
    expect(group).toMatchObject({ appCode: app.code, appName: '仓储系统', code: 'users', name: '用户接口', apiCount: 0 })
    expect(refusal(await bench.send(apis.apiGroupCreate, { appCode: app.code, code: 'users', name: '又一个' }))).toEqual({ code: '4090', message: '接口分组已存在' })
    expect(refusal(await bench.send(apis.apiGroupCreate, { appCode: 'nosuchapp', code: 'users', name: '用户接口' }))).toEqual({ code: '4040', message: '应用不存在' })
    await bench.ok(apis.apiGroupCreate, { appCode: app.code, code: 'orders', name: '订单接口' })
    expect((await bench.ok<ApiGroup[]>(apis.apiGroupListAll, { appCode: app.code })).map((g) => g.code)).toEqual(['orders', 'users'])
    const page = await bench.ok<{ content: ApiGroup[]; totalElements: number }>(apis.apiGroupList, { appCode: app.code, code: 'user' })
    expect(page).toEqual({ content: [group], totalElements: 1 })
    expect((await bench.ok<ApiGroup>(apis.apiGroupUpdate, { ...group, name: '用户与权限' })).name).toBe('用户与权限')
    expect(refusal(await bench.send(apis.apiGroupUpdate, { ...group, code: 'people' }))).toEqual({ code: '4090', message: '分组编码和所属应用创建后不能修改' })
    expect(refusal(await bench.send(apis.apiGroupDetail, { id: 'missing' }, { locale: 'en' }))).toEqual({ code: '4040', message: 'The API group does not exist' })
  })

  it('APIs: duplicate code or method+endpoint refused, group must be of the same application', async () => {
    const app = await newApp(bench)
    const other = await newApp(bench)
    const group = await bench.ok<ApiGroup>(apis.apiGroupCreate, { appCode: app.code, code: 'users', name: '用户接口' })
    const foreign = await bench.ok<ApiGroup>(apis.apiGroupCreate, { appCode: other.code, code: 'users', name: '用户接口' })
    const api = await bench.ok<AppApi>(apis.apiCreate, { appCode: app.code, code: 'user:list', name: '用户列表', method: 'GET', endpoint: '/users', groupId: group.id })
    expect(api).toMatchObject({ appCode: app.code, code: 'user:list', method: 'GET', endpoint: '/users', groupId: group.id, groupName: '用户接口', status: '1' })
    expect(refusal(await bench.send(apis.apiCreate, { appCode: app.code, code: 'user:list', name: '另一个', method: 'POST', endpoint: '/users/x' }))).toEqual({ code: '4090', message: '接口已存在' })
    expect(refusal(await bench.send(apis.apiCreate, { appCode: app.code, code: 'user:all', name: '同一地址', method: 'GET', endpoint: '/users' }))).toEqual({ code: '4090', message: '接口已存在' })
    // Another method on the same endpoint is another API.
    const create = await bench.ok<AppApi>(apis.apiCreate, { appCode: app.code, code: 'user:create', name: '新增用户', method: 'POST', endpoint: '/users' })
    expect(create.groupId).toBe('')
    expect(refusal(await bench.send(apis.apiCreate, { appCode: app.code, code: 'user:get', name: '用户', method: 'GET', endpoint: '/users/{id}', groupId: foreign.id }))).toEqual({ code: '4040', message: '接口分组不存在' })
    expect(refusal(await bench.send(apis.apiCreate, { appCode: 'nosuchapp', code: 'user:get', name: '用户', method: 'GET', endpoint: '/users/{id}' }))).toEqual({ code: '4040', message: '应用不存在' })

    const moved = await bench.ok<AppApi>(apis.apiUpdate, { ...api, name: '用户分页', method: 'PUT', groupId: '' })
    expect(moved).toMatchObject({ name: '用户分页', method: 'PUT', groupId: '', groupName: '' })
    expect(refusal(await bench.send(apis.apiUpdate, { ...moved, method: 'POST' }))).toEqual({ code: '4090', message: '接口已存在' })
    expect(refusal(await bench.send(apis.apiUpdate, { ...moved, code: 'user:page' }))).toEqual({ code: '4090', message: '接口编码和所属应用创建后不能修改' })
    const page = await bench.ok<{ content: AppApi[]; totalElements: number }>(apis.apiList, { appCode: app.code })
    expect(page.content.map((a) => a.code)).toEqual(['user:create', 'user:list'])
    expect(await bench.ok(apis.apiDetail, { id: api.id })).toEqual(moved)
  })

  it('refuses to delete a group that still has APIs', async () => {
    const app = await newApp(bench)
    const group = await bench.ok<ApiGroup>(apis.apiGroupCreate, { appCode: app.code, code: 'reports', name: '报表接口' })
    const api = await bench.ok<AppApi>(apis.apiCreate, { appCode: app.code, code: 'report:get', name: '报表', method: 'GET', endpoint: '/reports', groupId: group.id })
    expect((await bench.ok<ApiGroup>(apis.apiGroupDetail, { id: group.id })).apiCount).toBe(1)
    expect(refusal(await bench.send(apis.apiGroupDelete, { id: group.id }))).toEqual({ code: '4090', message: '该分组下还有接口，请先移出或删除它们' })
    await bench.ok(apis.apiDelete, { id: api.id })
    expect(refusal(await bench.send(apis.apiDetail, { id: api.id }))).toEqual({ code: '4040', message: '接口不存在' })
    await bench.ok(apis.apiGroupDelete, { id: group.id })
    expect(refusal(await bench.send(apis.apiGroupDelete, { id: group.id }))).toEqual({ code: '4040', message: '接口分组不存在' })
  })
})
