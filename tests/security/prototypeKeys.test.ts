import { afterAll, beforeAll, expect, it } from 'vitest'
import { parameterCreate, parameterQuery, type ParameterRow } from '../../src/shared/contract/platform/config/parameters'
import { promotionApply, promotionPlan, type PromotionPlan } from '../../src/shared/contract/promotion/endpoints'
import type { Paged } from '../../src/shared/contract/paging'
import { openCallBench, type CallBench } from '../support/bench'
import { describeEachStore, storeTargets } from '../support/stores'

/**
 * Issue 31, finding #10: a key named like what every object inherits (`constructor`,
 * `toString`, `hasOwnProperty`, `__proto__`) is a key like any other. A parameter of that key is
 * saved (letters only: the key rule takes it) or refused with 4001 (`__proto__`: the rule's
 * pattern), never a 5000; the same through promotion's plan and apply, and as the name of a
 * document's secret placeholder.
 */
const targets = await storeTargets()
const KEYS = ['constructor', 'toString', 'hasOwnProperty', '__proto__'] as const
const SAVED = new Set(['constructor', 'toString', 'hasOwnProperty'])

describeEachStore(targets, 'prototype-named keys are keys (issue 31 #10)', (target) => {
  let bench: CallBench

  beforeAll(async () => {
    bench = await openCallBench(target)
  })
  afterAll(async () => bench?.close())

  const stored = async (key: string) =>
    (await bench.ok<Paged<ParameterRow>>(parameterQuery, { parameterKey: key, pageNum: 1, pageSize: 50 })).content.filter((p) => p.parameterKey === key)

  it('parameter/create saves such a key, or refuses it with 4001', async () => {
    for (const key of KEYS) {
      const answer = await bench.send<ParameterRow>(parameterCreate, { parameterKey: key, parameterName: `name of ${key}`, parameterValue: 'v', appCode: 'common' })
      if (SAVED.has(key)) {
        expect(answer.body.code, `${key}: ${answer.body.message}`).toBe('2000')
        expect(answer.body.data).toMatchObject({ parameterKey: key, parameterValue: 'v' })
        expect(await stored(key)).toHaveLength(1)
      } else {
        expect(answer.body.code, `${key}: ${answer.body.message}`).toBe('4001')
        expect(await stored(key)).toEqual([])
      }
    }
  })

  it('promotion plans and applies such parameters as any others', async () => {
    const fresh = ['valueOf', 'isPrototypeOf', 'toLocaleString', '__proto__']
    const document = { formatVersion: 1, parameters: fresh.map((k) => ({ parameterKey: k, parameterName: 'p', parameterValue: 'w', appCode: 'common' })) }
    const plan = await bench.send<PromotionPlan>(promotionPlan, { document, values: {} })
    expect(plan.body.code, plan.body.message).toBe('2000')
    const items = new Map(plan.body.data!.items.map((i) => [i.code, i]))
    for (const key of fresh.slice(0, 3)) expect(items.get(key), key).toMatchObject({ action: 'create', problems: [] })
    expect(items.get('__proto__')!.problems).toEqual([expect.objectContaining({ code: '4001' })])

    const apply = await bench.send(promotionApply, { document: { ...document, parameters: document.parameters.slice(0, 3) }, values: {} })
    expect(apply.body.code, apply.body.message).toBe('2000')
    for (const key of fresh.slice(0, 3)) expect((await stored(key))[0], key).toMatchObject({ parameterValue: 'w' })
  })

  it('a placeholder named like an inherited key is a placeholder without a value', async () => {
    for (const name of KEYS) {
      const document = {
        formatVersion: 1,
        systemAuthentications: [{ appCode: `proto${KEYS.indexOf(name)}`, name: 'Proto', tokenType: '1', tokenValidity: 3600, status: '1', remark: '', secret: { $secret: name } }],
      }
      const plan = await bench.send<PromotionPlan>(promotionPlan, { document, values: {} })
      expect(plan.body.code, `${name}: ${plan.body.message}`).toBe('2000')
      expect(plan.body.data!.placeholders).toEqual([expect.objectContaining({ name, provided: false, required: true })])
      expect(plan.body.data!.items[0]!.problems).toEqual([expect.objectContaining({ code: '4001' })])
    }
    // A key `__proto__` in the body itself (own, as JSON carries it): refused as input, never a 5000.
    const values = JSON.parse('{"__proto__": "x"}') as Record<string, string>
    const document = { formatVersion: 1, systemAuthentications: [{ appCode: 'proto9', name: 'Proto', tokenType: '1', tokenValidity: 3600, status: '1', remark: '', secret: { $secret: '__proto__' } }] }
    expect((await bench.send(promotionApply, { document, values })).body.code).toBe('4001')
    expect((await bench.send(parameterCreate, JSON.parse('{"parameterKey": "p.q", "parameterName": "n", "parameterValue": "v", "appCode": "common", "__proto__": {"x": 1}}'))).body.code).toBe('4001')
  })
})
