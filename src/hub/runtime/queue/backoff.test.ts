import { describe, expect, it } from 'vitest'
import { retryDelayMs, retryPlan } from './backoff'

describe('retry plan', () => {
  it('tries once when retry is off, whatever retryNum says', () => {
    expect(retryPlan({ retriable: '0', retryNum: '5', retryTimeInterval: '10' })).toEqual({ maxAttempts: 1, intervalMs: 0 })
  })

  it('tries 1 + retryNum times, retryTimeInterval seconds apart', () => {
    expect(retryPlan({ retriable: '1', retryNum: '3', retryTimeInterval: '10' })).toEqual({ maxAttempts: 4, intervalMs: 10_000 })
    expect(retryPlan({ retriable: '1', retryNum: '2', retryTimeInterval: '5' }, 10)).toEqual({ maxAttempts: 3, intervalMs: 50 })
  })

  it('spreads retries by ±20 % around the interval', () => {
    const plan = { maxAttempts: 3, intervalMs: 1000 }
    expect(retryDelayMs(plan, () => 0)).toBe(800)
    expect(retryDelayMs(plan, () => 0.5)).toBe(1000)
    expect(retryDelayMs(plan, () => 0.999999)).toBe(1200)
  })
})
