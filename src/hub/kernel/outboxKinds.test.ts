import { describe, expect, it } from 'vitest'
import { createOutboxKinds, personRetry, systemRetry } from './outboxKinds'

describe('the outbox kinds', () => {
  it('finds a registered kind and refuses to register one twice', () => {
    const kinds = createOutboxKinds<null, string>()
    const send = async () => {}
    kinds.register({ kind: 'callback', ...systemRetry, send })
    expect(kinds.of('callback')?.tries).toBe(3)
    expect(kinds.of('alarm')).toBeUndefined()
    expect(() => kinds.register({ kind: 'callback', ...personRetry, send })).toThrow('the outbox kind callback is registered twice')
  })

  it('waits steadily for a system and doubling, up to five minutes, for a person', () => {
    expect([1, 2, 3].map((n) => systemRetry.waitMs(n, 1000))).toEqual([10_000, 20_000, 30_000])
    expect([1, 2, 3, 4, 8].map((n) => personRetry.waitMs(n, 1000))).toEqual([5_000, 10_000, 20_000, 40_000, 300_000])
  })
})
