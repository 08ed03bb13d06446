import { describe, expect, it } from 'vitest'
import { chartTimeLabel } from './chartTime'

describe('the home chart time axis', () => {
  it('within a day: the 24-hour time, never 下午06:50', () => {
    expect(chartTimeLabel(new Date(2026, 11, 4, 18, 50), 3_600_000)).toBe('18:50')
    expect(chartTimeLabel(new Date(2026, 11, 4, 6, 5), 86_400_000)).toBe('06:05')
  })
  it('over a week: the day, and its time when not at midnight', () => {
    expect(chartTimeLabel(new Date(2026, 11, 4), 7 * 86_400_000)).toBe('12-04')
    expect(chartTimeLabel(new Date(2026, 11, 4, 12, 0), 7 * 86_400_000)).toBe('12-04 12:00')
  })
})
