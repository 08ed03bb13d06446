import { describe, expect, it } from 'vitest'
import { targetRows } from './dbLinkRows'
import { DeliveryError } from '../../kernel/deliveryError'

const mappings = [
  { sourceFieldName: 'id', targetFieldName: 'order_id' },
  { sourceFieldName: 'customer.name', targetFieldName: 'customer' },
  { sourceFieldName: 'tags', targetFieldName: 'tags' },
]

describe('dblink rows', () => {
  it('maps an object to one row and a list to one row each, reading dotted paths', () => {
    expect(targetRows(JSON.stringify({ id: 1, customer: { name: 'Ann' }, tags: ['a'] }), mappings)).toEqual([
      [['order_id', 1], ['customer', 'Ann'], ['tags', '["a"]']],
    ])
    expect(targetRows(JSON.stringify([{ id: 1 }, { id: 2, customer: {} }]), mappings)).toEqual([
      [['order_id', 1], ['customer', null], ['tags', null]],
      [['order_id', 2], ['customer', null], ['tags', null]],
    ])
  })

  it('prefers a top-level field whose name contains a dot', () => {
    expect(targetRows(JSON.stringify({ 'customer.name': 'flat', customer: { name: 'nested' } }), [mappings[1]!])).toEqual([[['customer', 'flat']]])
  })

  it('refuses, for good, data that is no record and a consumer without mappings', () => {
    for (const bad of ['"text"', '[1]', 'not json']) expect(() => targetRows(bad, mappings)).toThrow(DeliveryError)
    expect(() => targetRows('{}', [])).toThrow(/no field mappings/)
    try {
      targetRows('[1]', mappings)
    } catch (err) {
      expect((err as DeliveryError).permanent).toBe(true)
    }
  })
})
