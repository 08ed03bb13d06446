import { afterAll, beforeAll, expect, it } from 'vitest'
import * as gw from '../../../src/shared/contract/platform/apps/gateways'
import type { GatewayRoute } from '../../../src/shared/contract/platform/apps/gateways'
import { describeEachStore, storeTargets } from '../../support/stores'
import { fieldKeys, openAppsBench, refusal, type AppsBench } from './support'

const targets = await storeTargets()
const target = 'http://127.0.0.1:9000/api'

describeEachStore(targets, 'gateway routes', (store) => {
  let bench: AppsBench
  beforeAll(async () => {
    bench = await openAppsBench(store)
  })
  afterAll(async () => bench?.close())

  it('internal: the prefix starts with /inner and the path with the prefix, segment by segment', async () => {
    expect(fieldKeys(await bench.send(gw.internalCreate, { path: '/api/user', prefix: '/api', targetService: target }))).toEqual({ prefix: 'msg_apps_gateway_inner_rule' })
    expect(fieldKeys(await bench.send(gw.internalCreate, { path: '/inner/order/**', prefix: '/inner/user', targetService: target }))).toEqual({ path: 'msg_apps_gateway_path_prefix_rule' })
    expect(fieldKeys(await bench.send(gw.internalCreate, { path: '/inner/username', prefix: '/inner/user', targetService: target }))).toEqual({ path: 'msg_apps_gateway_path_prefix_rule' })
    expect(fieldKeys(await bench.send(gw.internalCreate, { path: '/innerx/a', prefix: '/innerx', targetService: target }))).toEqual({ prefix: 'msg_apps_gateway_inner_rule' })
    expect(fieldKeys(await bench.send(gw.internalCreate, { path: '', prefix: '', targetService: 'ftp://x', serviceType: 'soap', authType: 'magic' }))).toEqual({
      path: 'msg_apps_gateway_path_required',
      prefix: 'msg_apps_gateway_prefix_required',
      targetService: 'msg_apps_gateway_target_rule',
      serviceType: 'msg_apps_gateway_service_type_required',
      authType: 'msg_apps_gateway_auth_type_required',
    })
    expect(fieldKeys(await bench.send(gw.internalCreate, { path: '/inner/a b', prefix: '/inner', targetService: 'http://user:pw@host/' }))).toEqual({
      path: 'msg_apps_gateway_path_rule',
      targetService: 'msg_apps_gateway_target_rule',
    })
    const answer = await bench.send(gw.internalCreate, { path: '/api/user', prefix: '/api', targetService: target })
    expect((answer.body.data as { fields: { message: string }[] }).fields[0]!.message).toBe('路由前缀须以 /inner 开头')
  })

  it('internal: create, read, list, update, status, delete; a path is unique across kinds', async () => {
    const route = await bench.ok<GatewayRoute>(gw.internalCreate, { path: '/inner/user/**', prefix: '/inner/user', targetService: target, authType: 'staticToken' })
    expect(route).toMatchObject({ path: '/inner/user/**', prefix: '/inner/user', targetService: target, serviceType: 'http', authType: 'staticToken', status: '1' })
    expect(await bench.ok(gw.internalGet, { id: route.id })).toEqual(route)
    expect(refusal(await bench.send(gw.internalCreate, { path: '/inner/user/**', prefix: '/inner', targetService: target }))).toEqual({ code: '4090', message: '该路由路径已存在' })
    const updated = await bench.ok<GatewayRoute>(gw.internalUpdate, { ...route, targetService: 'https://users.example.com', serviceType: 'webservice' })
    expect(updated).toMatchObject({ targetService: 'https://users.example.com', serviceType: 'webservice' })
    expect((await bench.ok<GatewayRoute>(gw.internalStatus, { id: route.id, status: '0' })).status).toBe('0')
    expect((await bench.send(gw.internalStatus, { id: route.id, status: '2' })).body.code).toBe('4001')
    expect(refusal(await bench.send(gw.internalStatus, { id: 'missing', status: '1' }))).toEqual({ code: '4040', message: '网关路由不存在' })
    const page = await bench.ok<{ content: GatewayRoute[]; totalElements: number }>(gw.internalList, { path: 'user' })
    expect(page.totalElements).toBe(1)
    expect((await bench.ok<GatewayRoute[]>(gw.internalListAll)).map((r) => r.id)).toContain(route.id)
    // An internal route is not an external one.
    expect(refusal(await bench.send(gw.externalGet, { id: route.id }))).toEqual({ code: '4040', message: '网关路由不存在' })
    expect(refusal(await bench.send(gw.externalDelete, { id: route.id }))).toEqual({ code: '4040', message: '网关路由不存在' })
    await bench.ok(gw.internalDelete, { id: route.id })
    expect(refusal(await bench.send(gw.internalGet, { id: route.id }, { locale: 'en' }))).toEqual({ code: '4040', message: 'The gateway route does not exist' })
  })

  it('external: the path starts with /outer', async () => {
    expect(fieldKeys(await bench.send(gw.externalCreate, { path: '/inner/partner', targetService: target }))).toEqual({ path: 'msg_apps_gateway_outer_rule' })
    expect(fieldKeys(await bench.send(gw.externalCreate, { path: '/outerpartner', targetService: target }))).toEqual({ path: 'msg_apps_gateway_outer_rule' })
    const route = await bench.ok<GatewayRoute>(gw.externalCreate, { path: '/outer/partner/**', targetService: target, authType: 'parsedToken' })
    expect(route).toMatchObject({ path: '/outer/partner/**', prefix: '', authType: 'parsedToken' })
    expect(refusal(await bench.send(gw.externalCreate, { path: '/outer/partner/**', targetService: target }))).toEqual({ code: '4090', message: '该路由路径已存在' })
    expect((await bench.ok<GatewayRoute>(gw.externalUpdate, { ...route, status: '0' })).status).toBe('0')
    expect((await bench.ok<GatewayRoute[]>(gw.externalListAll)).map((r) => r.path)).toContain('/outer/partner/**')
    expect((await bench.ok<{ totalElements: number }>(gw.externalList, { path: 'partner' })).totalElements).toBe(1)
    await bench.ok(gw.externalDelete, { id: route.id })
    expect(refusal(await bench.send(gw.externalUpdate, { ...route }))).toEqual({ code: '4040', message: '网关路由不存在' })
  })

  it('refreshRoute loads the enabled routes only, and only when asked', async () => {
    const before = await bench.ok<{ count: number }>(gw.refreshRoute)
    const a = await bench.ok<GatewayRoute>(gw.internalCreate, { path: '/inner/stock/**', prefix: '/inner/stock', targetService: target })
    const b = await bench.ok<GatewayRoute>(gw.externalCreate, { path: '/outer/stock/**', targetService: target })
    await bench.ok<GatewayRoute>(gw.externalCreate, { path: '/outer/off/**', targetService: target, status: '0' })
    const live = await bench.ok<{ count: number; routes: { kind: string; path: string }[] }>(gw.refreshRoute)
    expect(live.count).toBe(before.count + 2)
    expect(live.routes).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'internal', path: a.path }), expect.objectContaining({ kind: 'external', path: b.path })]))
    expect(live.routes.map((r) => r.path)).not.toContain('/outer/off/**')
    await bench.ok(gw.internalStatus, { id: a.id, status: '0' })
    expect((await bench.ok<{ count: number }>(gw.refreshRoute)).count).toBe(before.count + 1)
  })
})
