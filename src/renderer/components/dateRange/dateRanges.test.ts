import { describe, expect, it } from 'vitest'
import { DATE_RANGE_PRESETS, DEFAULT_DATE_RANGE_PRESET, datesIn, daysRange, formatDay, parseDay, rangeOf } from './dateRanges'

// Wednesday 2026-11-18 14:30 local time.
const wednesday = new Date(2026, 10, 18, 14, 30)
const days = (r: { start: Date; end: Date }) => [formatDay(r.start), formatDay(r.end)]

describe('date range presets', () => {
  it('offers the spec presets in order, this week by default', () => {
    expect(DATE_RANGE_PRESETS).toEqual(['today', 'yesterday', 'thisWeek', 'lastWeek', 'thisMonth', 'lastMonth', 'custom'])
    expect(DEFAULT_DATE_RANGE_PRESET).toBe('thisWeek')
  })

  it('covers whole local days, from 00:00:00.000 to 23:59:59.999', () => {
    const r = rangeOf('today', wednesday)
    expect(r.start).toEqual(new Date(2026, 10, 18, 0, 0, 0, 0))
    expect(r.end).toEqual(new Date(2026, 10, 18, 23, 59, 59, 999))
  })

  it('computes today and yesterday, across a month and a year boundary', () => {
    expect(days(rangeOf('today', wednesday))).toEqual(['2026-11-18', '2026-11-18'])
    expect(days(rangeOf('yesterday', wednesday))).toEqual(['2026-11-17', '2026-11-17'])
    expect(days(rangeOf('yesterday', new Date(2027, 0, 1, 8)))).toEqual(['2026-12-31', '2026-12-31'])
  })

  it('starts weeks on Monday, also when today is Sunday or Monday', () => {
    expect(days(rangeOf('thisWeek', wednesday))).toEqual(['2026-11-16', '2026-11-22'])
    expect(days(rangeOf('lastWeek', wednesday))).toEqual(['2026-11-09', '2026-11-15'])
    const sunday = new Date(2026, 10, 22, 23, 59, 30)
    expect(days(rangeOf('thisWeek', sunday))).toEqual(['2026-11-16', '2026-11-22'])
    const monday = new Date(2026, 10, 16, 0, 0, 30)
    expect(days(rangeOf('thisWeek', monday))).toEqual(['2026-11-16', '2026-11-22'])
    expect(days(rangeOf('lastWeek', monday))).toEqual(['2026-11-09', '2026-11-15'])
  })

  it('computes this and last month, with February and January of the next year', () => {
    expect(days(rangeOf('thisMonth', wednesday))).toEqual(['2026-11-01', '2026-11-30'])
    expect(days(rangeOf('lastMonth', wednesday))).toEqual(['2026-10-01', '2026-10-31'])
    expect(days(rangeOf('thisMonth', new Date(2028, 1, 10)))).toEqual(['2028-02-01', '2028-02-29'])
    expect(days(rangeOf('lastMonth', new Date(2027, 0, 10)))).toEqual(['2026-12-01', '2026-12-31'])
  })
})

describe('datesIn', () => {
  it('is empty for a single day', () => {
    expect(datesIn(rangeOf('today', wednesday))).toEqual([])
  })

  it('lists every yyyy-MM-dd of a longer range, across a month boundary', () => {
    expect(datesIn(rangeOf('thisWeek', wednesday))).toEqual(['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22'])
    expect(datesIn(daysRange(new Date(2026, 9, 30), new Date(2026, 10, 2)))).toEqual(['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02'])
    expect(datesIn(rangeOf('lastMonth', wednesday))).toHaveLength(31)
  })

  it('is empty when the end is before the start', () => {
    expect(datesIn({ start: new Date(2026, 10, 18), end: new Date(2026, 10, 10) })).toEqual([])
  })
})

describe('day text', () => {
  it('parses real calendar days only', () => {
    expect(parseDay('2026-02-28')).toEqual(new Date(2026, 1, 28))
    expect(parseDay('2026-02-30')).toBeUndefined()
    expect(parseDay('26-2-3')).toBeUndefined()
  })
})
