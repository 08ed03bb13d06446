import { afterAll, beforeAll, expect, it } from 'vitest'
import * as gw from '../../src/shared/contract/platform/apps/gateways'
import type { GatewayRoute } from '../../src/shared/contract/platform/apps/gateways'
import type { PromotionDocument } from '../../src/shared/contract/promotion/document'
import { promotionApply, promotionExport, promotionPlan, type PromotionPlan } from '../../src/shared/contract/promotion/endpoints'
import { openCallBench, type CallBench } from '../support/bench'
import type { Answer } from '../support/hub'
import { describeEachStore, storeTargets } from '../support/stores'

/**
 * Finding 11: a gateway route could be saved with '.' or '..' segments ('/inner/a/../b/**'),
 * which reads as one path to the route table and another to every URL parser on the way. The
 * gateway already refuses such requests (gatewayPathEscape.test.ts); now a route is refused at
 * save, by the editors and by promotion, with 4001 on the field and a message in both languages.
 */
const targets = await storeTargets()
const target = 'http://127.0.0.1:9000/api'
const KEY = 'msg_apps_gateway_dot_segment_rule'
const MESSAGES = { 'zh-CN': '路由路径和前缀不能包含 . 或 .. 路径段', en: 'A route path or prefix cannot contain the segments . or ..' }

/** The refused fields as the console gets them: path, key and the message in the call's language. */
const refusedFields = (answer: Answer) => {
  expect(answer.body.code, answer.body.message).toBe('4001')
  return (answer.body.data as { fields: { path: string; key: string; message: string }[] }).fields
}
const dotsOn = (locale: keyof typeof MESSAGES, ...paths: string[]) => paths.map((path) => ({ path, key: KEY, message: MESSAGES[locale] }))

describeEachStore(targets, "gateway routes with '.' or '..' segments are refused at save (finding 11)", (store) => {
  let bench: CallBench
  beforeAll(async () => {
    bench = await openCallBench(store)
  })
  afterAll(async () => bench?.close())

  const routes = async () => [...(await bench.ok<GatewayRoute[]>(gw.internalListAll)), ...(await bench.ok<GatewayRoute[]>(gw.externalListAll))].map((r) => r.path)

  it('internal routes: create and update, in the path and in the prefix', async () => {
    expect(refusedFields(await bench.send(gw.internalCreate, { path: '/inner/a/../b/**', prefix: '/inner/a', targetService: target }))).toEqual(dotsOn('zh-CN', 'path'))
    expect(refusedFields(await bench.send(gw.internalCreate, { path: '/inner/a/./**', prefix: '/inner/a', targetService: target }, { locale: 'en' }))).toEqual(dotsOn('en', 'path'))
    expect(refusedFields(await bench.send(gw.internalCreate, { path: '/inner/../x/**', prefix: '/inner/..', targetService: target }))).toEqual(dotsOn('zh-CN', 'path', 'prefix'))

    const route = await bench.ok<GatewayRoute>(gw.internalCreate, { path: '/inner/dots/**', prefix: '/inner/dots', targetService: target })
    const update = await bench.send(gw.internalUpdate, { id: route.id, path: '/inner/dots/../private/**', prefix: '/inner/dots', targetService: target }, { locale: 'en' })
    expect(refusedFields(update)).toEqual(dotsOn('en', 'path'))
    expect(await bench.ok(gw.internalGet, { id: route.id })).toMatchObject({ path: '/inner/dots/**', prefix: '/inner/dots' })
  })

  it('external routes: create and update', async () => {
    expect(refusedFields(await bench.send(gw.externalCreate, { path: '/outer/a/..', targetService: target }))).toEqual(dotsOn('zh-CN', 'path'))
    const route = await bench.ok<GatewayRoute>(gw.externalCreate, { path: '/outer/dots/**', targetService: target })
    expect(refusedFields(await bench.send(gw.externalUpdate, { id: route.id, path: '/outer/./dots/**', targetService: target }, { locale: 'en' }))).toEqual(dotsOn('en', 'path'))
    expect(await bench.ok(gw.externalGet, { id: route.id })).toMatchObject({ path: '/outer/dots/**' })
    expect((await routes()).filter((p) => p.split('/').some((s) => s === '.' || s === '..'))).toEqual([])
  })

  it('promotion: a document bringing such a route plans a problem on the field and applies nothing', async () => {
    const empty = await bench.ok<PromotionDocument>(promotionExport, {})
    const doc: PromotionDocument = {
      ...empty,
      gatewayRoutes: [
        { kind: 'internal', path: '/inner/promo/../private/**', prefix: '/inner/promo', targetService: target, serviceType: 'http', authType: 'none', status: '1' },
        { kind: 'external', path: '/outer/promo/./x', prefix: '', targetService: target, serviceType: 'http', authType: 'none', status: '1' },
      ],
    }
    for (const locale of ['zh-CN', 'en'] as const) {
      const answer = await bench.send<PromotionPlan>(promotionPlan, { document: doc, values: {} }, { locale })
      expect(answer.body.code, answer.body.message).toBe('2000')
      const problems = answer.body.data!.items.map((i) => i.problems.map((p) => ({ code: p.code, field: p.field, dots: p.message.endsWith(`path — ${MESSAGES[locale]}`) })))
      expect(problems).toEqual([[{ code: '4001', field: 'path', dots: true }], [{ code: '4001', field: 'path', dots: true }]])
    }
    expect((await bench.send(promotionApply, { document: doc, values: {} })).body.code).toBe('4090')
    expect((await routes()).filter((p) => p.includes('promo'))).toEqual([])
  })
})
