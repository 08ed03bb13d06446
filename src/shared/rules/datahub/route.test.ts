import { describe, expect, it } from 'vitest'
import { routeRowRuleSchema } from './route'

const keys = (value: unknown) => routeRowRuleSchema.safeParse(value).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? []

describe('route rows', () => {
  it('default to JsonPath and need a routing key then', () => {
    expect(keys({ expression: '$.a' })).toEqual([['routingKey', 'msg_route_routing_key_required']])
    expect(routeRowRuleSchema.parse({ expression: '$.a', routingKey: ' k ' })).toEqual({ syntax: 'JsonPath', expression: '$.a', routingKey: 'k' })
  })

  it('need no routing key for Java, JavaScript and Bean', () => {
    for (const syntax of ['Java', 'JavaScript', 'Bean']) expect(keys({ syntax, expression: 'x' }), syntax).toEqual([])
    expect(keys({ syntax: 'XPath', expression: '/a' })).toEqual([['routingKey', 'msg_route_routing_key_required']])
  })

  it('always need syntax and expression', () => {
    expect(keys({ syntax: '', expression: ' ', routingKey: 'k' })).toEqual([
      ['syntax', 'msg_route_syntax_required'],
      ['expression', 'msg_route_expression_required'],
    ])
    expect(keys({ syntax: 'Java' })).toEqual([['expression', 'msg_route_expression_required']])
  })

  it('report every missing field of a row at once, so the user sees them together', () => {
    expect(keys({ syntax: 'JsonPath', expression: '', routingKey: '' })).toEqual([
      ['expression', 'msg_route_expression_required'],
      ['routingKey', 'msg_route_routing_key_required'],
    ])
  })
})
