import { describe, expect, it } from 'vitest'
import { jsonDeeperThan, xmlDeeperThan } from './nesting'

const nested = (open: string, close: string, depth: number, inner = '') => open.repeat(depth) + inner + close.repeat(depth)

describe('nesting depth', () => {
  it('counts JSON arrays and objects, not scalars, without recursion', () => {
    expect(jsonDeeperThan({ a: [1] }, 2)).toBe(false)
    expect(jsonDeeperThan({ a: [[1]] }, 2)).toBe(true)
    expect(jsonDeeperThan('text', 0)).toBe(false)
    expect(jsonDeeperThan(JSON.parse(nested('[', ']', 100_000)), 256)).toBe(true)
    expect(jsonDeeperThan(JSON.parse(nested('{"a":', '}', 100_000, '1')), 256)).toBe(true)
    // Inherited members are not the data's: only own ones count.
    const inherited = Object.create({ deep: [[[1]]] }) as object
    expect(jsonDeeperThan({ a: inherited }, 2)).toBe(false)
    expect(jsonDeeperThan([{ b: 1 }, { c: { d: [] } }], 3)).toBe(true)
    expect(jsonDeeperThan([{ b: 1 }, { c: { d: [] } }], 4)).toBe(false)
  })

  it('counts open XML elements; self-closing ones, comments, CDATA, declarations and quoted ">" are no level', () => {
    expect(xmlDeeperThan(nested('<a>', '</a>', 3), 3)).toBe(false)
    expect(xmlDeeperThan(nested('<a>', '</a>', 4), 3)).toBe(true)
    const tricky = `<?xml version="1.0"?><!DOCTYPE r><r x="a>b" y='<c>'><!-- <d><d><d> --><e/><e /><![CDATA[<f><f><f>]]><g>t</g></r>`
    expect(xmlDeeperThan(tricky, 2)).toBe(false)
    expect(xmlDeeperThan(tricky, 1)).toBe(true)
    expect(xmlDeeperThan(nested('<item>', '</item>', 8000), 256)).toBe(true)
  })
})
