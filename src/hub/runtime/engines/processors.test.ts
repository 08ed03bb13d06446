import { describe, expect, it } from 'vitest'
import { EngineError, type Payload } from './payload'
import { applyProcessor } from './processors'

const limits = { timeoutMs: 300, memoryBytes: 16 * 1024 * 1024 }
const json = (v: unknown): Payload => ({ text: JSON.stringify(v), format: 'json' })
const run = (type: string, expression: string, payload: Payload) => applyProcessor({ enabled: '1', type, expression }, payload, limits)

describe('processors', () => {
  it('leave the payload alone when disabled', async () => {
    const p = json({ a: 1 })
    expect(await applyProcessor({ enabled: '0', type: 'JavaScript', expression: 'return 1' }, p, limits)).toBe(p)
  })

  it('JsonPath keeps what the path selects', async () => {
    expect(await run('JsonPath', '$.order', json({ order: { id: 7 }, noise: true }))).toEqual({ text: '{"id":7}', format: 'json' })
    expect(JSON.parse((await run('JsonPath', '$.items[*].sku', json({ items: [{ sku: 'a' }, { sku: 'b' }] }))).text)).toEqual(['a', 'b'])
  })

  it('JsonPath never evaluates script in the path', async () => {
    await expect(run('JsonPath', '$[?(@.a == 1)]', json([{ a: 1 }]))).rejects.toThrow(EngineError)
  })

  it('XPath keeps the selected nodes or computes a value', async () => {
    const xml: Payload = { text: '<order><id>7</id><item>a</item></order>', format: 'xml' }
    expect(await run('XPath', '/order/id', xml)).toEqual({ text: '<id>7</id>', format: 'xml' })
    expect(await run('XPath', 'count(/order/item)', xml)).toEqual({ text: '1', format: 'text' })
  })

  it('XPath refuses a document that is not well-formed', async () => {
    await expect(run('XPath', '/a', { text: '<a><b></a>', format: 'xml' })).rejects.toThrow(/not well-formed/)
  })

  it('JavaScript returns the new payload, from a function body or a last expression', async () => {
    expect(JSON.parse((await run('JavaScript', 'return { id: data.id, big: data.amount > 100 }', json({ id: 1, amount: 500 }))).text)).toEqual({ id: 1, big: true })
    expect(JSON.parse((await run('JavaScript', 'data.amount * 2', json({ amount: 4 }))).text)).toBe(8)
  })

  it('JavaScript has no Node inside', async () => {
    await expect(run('JavaScript', 'return typeof process + typeof require', json({}))).resolves.toEqual({ text: 'undefinedundefined', format: 'text' })
  })

  it('JavaScript is stopped at its time limit (while(true))', async () => {
    // The message names the limit; a script that was not stopped would never answer at all.
    await expect(run('JavaScript', 'while (true) {}', json({}))).rejects.toThrow(/longer than 300 ms/)
  })

  it('JavaScript is stopped at its memory limit', async () => {
    const small = { timeoutMs: 5000, memoryBytes: 2 * 1024 * 1024 }
    // The memory limit, not the 5 s time limit, stopped it: the message says which.
    const stopped = applyProcessor({ enabled: '1', type: 'JavaScript', expression: 'const a = []; while (true) a.push({ n: [1, 2, 3] })' }, json({}), small)
    await expect(stopped).rejects.toThrow(EngineError)
    await expect(stopped).rejects.toThrow(/memory/)
  })

  it('Bean and Java cannot run here', async () => {
    await expect(run('Java', 'return 1;', json({}))).rejects.toThrow(/Java runtime/)
    await expect(run('Bean', 'router', json({}))).rejects.toThrow(/Java runtime/)
  })
})
