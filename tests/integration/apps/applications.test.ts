import { afterAll, beforeAll, expect, it } from 'vitest'
import * as apps from '../../../src/shared/contract/platform/apps/applications'
import * as modules from '../../../src/shared/contract/platform/apps/modules'
import * as apis from '../../../src/shared/contract/platform/apps/apis'
import type { Application } from '../../../src/shared/contract/platform/apps/applications'
import type { AppModule } from '../../../src/shared/contract/platform/apps/modules'
import { addUser, signIn } from '../../support/hub'
import { describeEachStore, storeTargets } from '../../support/stores'
import { fieldKeys, freshCode, newApp, openAppsBench, refusal, type AppsBench } from './support'

const targets = await storeTargets()

describeEachStore(targets, 'applications and modules', (target) => {
  let bench: AppsBench
  beforeAll(async () => {
    bench = await openAppsBench(target)
  })
  afterAll(async () => bench?.close())

  it('checks code, name, type, phone, email and route path', async () => {
    expect(fieldKeys(await bench.send(apps.applicationCreate, { code: 'ab', name: 'a-b', appType: '', stakeholderPhone: '12345', stakeholderEmail: 'x@', routePath: 'wms' }))).toEqual({
      code: 'msg_apps_app_code_rule',
      name: 'msg_apps_app_name_rule',
      appType: 'msg_apps_app_type_required',
      stakeholderPhone: 'msg_phone_rule',
      stakeholderEmail: 'msg_email_rule',
      routePath: 'msg_apps_route_path_rule',
    })
    expect(fieldKeys(await bench.send(apps.applicationCreate, { code: 'wms_01', name: '', appType: '0' }))).toEqual({ code: 'msg_apps_app_code_rule', name: 'msg_apps_app_name_required' })
    expect(fieldKeys(await bench.send(apps.applicationCreate, { code: 'a'.repeat(51), name: '仓储', appType: '0' }))).toEqual({ code: 'msg_apps_app_code_rule', name: 'msg_apps_app_name_rule' })
    const answer = await bench.send(apps.applicationCreate, { code: 'ab', name: '仓储系统', appType: '0' })
    expect((answer.body.data as { fields: { message: string }[] }).fields[0]!.message).toBe('应用编码须为 3-50 位英文字母或数字')
  })

  it('creates, reads, lists and updates an application; the code is unique and locked', async () => {
    const code = freshCode('Wms')
    const app = await newApp(bench, { code, name: 'WMS仓储1', stakeholder: '张三', stakeholderPhone: '13800138000', stakeholderEmail: 'zhang@example.com', routePath: '/wms' })
    expect(app).toMatchObject({ code, name: 'WMS仓储1', appType: '0', stakeholderPhone: '13800138000', routePath: '/wms', status: '1' })
    expect(await bench.ok<Application>(apps.applicationGet, { id: app.id })).toEqual(app)
    expect(refusal(await bench.send(apps.applicationCreate, { code, name: '重复应用', appType: '1' }))).toEqual({ code: '4090', message: '应用已存在' })
    expect(refusal(await bench.send(apps.applicationCreate, { code, name: '重复应用', appType: '1' }, { locale: 'en' }))).toEqual({ code: '4090', message: 'The application already exists' })
    const updated = await bench.ok<Application>(apps.applicationUpdate, { ...app, name: '新仓储系统', appType: '1', status: '0' })
    expect(updated).toMatchObject({ code, name: '新仓储系统', appType: '1', status: '0' })
    expect(refusal(await bench.send(apps.applicationUpdate, { ...app, code: freshCode() }))).toEqual({ code: '4090', message: '应用编码创建后不能修改' })
    expect(refusal(await bench.send(apps.applicationGet, { id: 'missing' }))).toEqual({ code: '4040', message: '应用不存在' })
    expect(refusal(await bench.send(apps.applicationUpdate, { ...app, id: 'missing' }))).toEqual({ code: '4040', message: '应用不存在' })

    const all = await bench.ok<Application[]>(apps.applicationListAll)
    expect(all.map((a) => a.code)).toContain(code)
    expect((await bench.ok<Application[]>(apps.applicationListAll, { appType: '0' })).map((a) => a.code)).not.toContain(code)
    const page = await bench.ok<{ content: Application[]; totalElements: number }>(apps.applicationList, { code, pageNum: 1, pageSize: 10 })
    expect(page).toEqual({ content: [updated], totalElements: 1 })
  })

  it('modules: unique code per application, listed by application, code and application locked', async () => {
    const app = await newApp(bench)
    const other = await newApp(bench)
    const mod = await bench.ok<AppModule>(modules.moduleCreate, { appCode: app.code, code: 'orders', name: '订单模块' })
    expect(mod).toMatchObject({ appCode: app.code, appName: '仓储系统', code: 'orders', name: '订单模块', status: '1' })
    expect(refusal(await bench.send(modules.moduleCreate, { appCode: app.code, code: 'orders', name: '另一个' }))).toEqual({ code: '4090', message: '模块已存在' })
    // The same code in another application is another module.
    await bench.ok(modules.moduleCreate, { appCode: other.code, code: 'orders', name: '订单模块' })
    await bench.ok(modules.moduleCreate, { appCode: app.code, code: 'stock', name: '库存模块' })
    expect(refusal(await bench.send(modules.moduleCreate, { appCode: 'nosuchapp', code: 'orders', name: '订单模块' }))).toEqual({ code: '4040', message: '应用不存在' })
    expect(fieldKeys(await bench.send(modules.moduleCreate, { appCode: '', code: 'o', name: 'x!' }))).toEqual({
      appCode: 'msg_apps_app_required',
      code: 'msg_apps_module_code_rule',
      name: 'msg_apps_module_name_rule',
    })

    expect((await bench.ok<AppModule[]>(modules.moduleListByApp, { code: app.code })).map((m) => m.code)).toEqual(['orders', 'stock'])
    expect(await bench.ok<AppModule[]>(modules.moduleListByApp, { code: 'nosuchapp' })).toEqual([])
    const page = await bench.ok<{ content: AppModule[]; totalElements: number }>(modules.moduleList, { appCode: app.code, pageNum: 2, pageSize: 1 })
    expect(page.totalElements).toBe(2)
    expect(page.content.map((m) => m.code)).toEqual(['stock'])
    expect(await bench.ok(modules.moduleDetail, { id: mod.id })).toEqual(mod)

    expect((await bench.ok<AppModule>(modules.moduleUpdate, { ...mod, name: '订单中心', status: '0' })).name).toBe('订单中心')
    expect(refusal(await bench.send(modules.moduleUpdate, { ...mod, code: 'orders2' }))).toEqual({ code: '4090', message: '模块编码和所属应用创建后不能修改' })
    expect(refusal(await bench.send(modules.moduleUpdate, { ...mod, appCode: other.code }))).toEqual({ code: '4090', message: '模块编码和所属应用创建后不能修改' })
    await bench.ok(modules.moduleDelete, { id: mod.id })
    expect(refusal(await bench.send(modules.moduleDetail, { id: mod.id }))).toEqual({ code: '4040', message: '模块不存在' })
    expect(refusal(await bench.send(modules.moduleDelete, { id: mod.id }))).toEqual({ code: '4040', message: '模块不存在' })
  })

  it('refuses to delete an application while modules or APIs belong to it', async () => {
    const app = await newApp(bench)
    const mod = await bench.ok<AppModule>(modules.moduleCreate, { appCode: app.code, code: 'billing', name: '计费模块' })
    expect(refusal(await bench.send(apps.applicationDelete, { id: app.id }))).toEqual({ code: '4090', message: '该应用下还有模块、接口或接口分组，请先删除它们' })
    await bench.ok(modules.moduleDelete, { id: mod.id })
    const api = await bench.ok<{ id: string }>(apis.apiCreate, { appCode: app.code, code: 'bill:list', name: '账单列表', method: 'GET', endpoint: '/bills' })
    expect(refusal(await bench.send(apps.applicationDelete, { id: app.id }))).toEqual({ code: '4090', message: '该应用下还有模块、接口或接口分组，请先删除它们' })
    await bench.ok(apis.apiDelete, { id: api.id })
    await bench.ok(apps.applicationDelete, { id: app.id })
    expect(refusal(await bench.send(apps.applicationGet, { id: app.id }))).toEqual({ code: '4040', message: '应用不存在' })
    expect(refusal(await bench.send(apps.applicationDelete, { id: app.id }))).toEqual({ code: '4040', message: '应用不存在' })
  })

  it('needs the page permission to change applications, a session only to list them', async () => {
    const username = `u${freshCode('x')}`.slice(0, 20)
    await addUser(bench.hub.store, { username, password: 'Us3r!pass', roles: [] })
    const token = await signIn(bench.hub.app, username, 'Us3r!pass')
    expect((await bench.send(apps.applicationListAll, undefined, { token })).body.code).toBe('2000')
    expect((await bench.send(apps.applicationCreate, { code: freshCode(), name: '无权限应用', appType: '0' }, { token })).body.code).toBe('4031')
    expect((await bench.send(modules.moduleList, {}, { token })).body.code).toBe('4031')
  })
})
