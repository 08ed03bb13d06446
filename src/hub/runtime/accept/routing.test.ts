import { describe, expect, it } from 'vitest'
import type { Payload } from '../engines/payload'
import { routingKeys } from './routing'

const limits = { timeoutMs: 300, memoryBytes: 16 * 1024 * 1024 }
const json = (v: unknown): Payload => ({ text: JSON.stringify(v), format: 'json' })

describe('routing keys (distributeType 2)', () => {
  const rows = [
    { syntax: 'JsonPath', expression: '$.vip', routingKey: 'vip' },
    { syntax: 'JsonPath', expression: '$.region.north', routingKey: 'north' },
    { syntax: 'JavaScript', expression: 'return data.amount > 100 ? "big" : null', routingKey: '' },
  ]

  it('collects the key of every matching row, once each, in row order', async () => {
    expect(await routingKeys(rows, json({ vip: true, amount: 500, region: { north: 1 } }), limits)).toEqual(['vip', 'north', 'big'])
    expect(await routingKeys([...rows, { syntax: 'JsonPath', expression: '$.vip', routingKey: 'vip' }], json({ vip: 1 }), limits)).toEqual(['vip'])
  })

  it('matches nothing when the path selects nothing, false or null', async () => {
    expect(await routingKeys(rows, json({ vip: false, amount: 5, region: { north: null } }), limits)).toEqual([])
  })

  it('lets a JavaScript row give its own key with true, or several keys', async () => {
    expect(await routingKeys([{ syntax: 'JavaScript', expression: 'data.ok', routingKey: 'ok-key' }], json({ ok: true }), limits)).toEqual(['ok-key'])
    expect(await routingKeys([{ syntax: 'JavaScript', expression: 'return ["a", "b"]', routingKey: '' }], json({}), limits)).toEqual(['a', 'b'])
  })

  it('routes XML with XPath rows and ignores JsonPath rows on XML', async () => {
    const xml: Payload = { text: '<order type="vip"><amount>5</amount></order>', format: 'xml' }
    const xmlRows = [
      { syntax: 'XPath', expression: "/order[@type='vip']", routingKey: 'vip' },
      { syntax: 'XPath', expression: '/order/amount > 100', routingKey: 'big' },
      { syntax: 'JsonPath', expression: '$.vip', routingKey: 'json' },
    ]
    expect(await routingKeys(xmlRows, xml, limits)).toEqual(['vip'])
  })

  it('refuses Java and Bean rows, which need a Java runtime', async () => {
    await expect(routingKeys([{ syntax: 'Java', expression: 'return "a";', routingKey: '' }], json({}), limits)).rejects.toThrow(/Java runtime/)
  })
})
