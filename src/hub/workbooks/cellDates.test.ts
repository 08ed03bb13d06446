import { describe, expect, it } from 'vitest'
import { dateKindOf, serialText } from './cellDates'

const shanghai = { date1904: false, timeZone: 'Asia/Shanghai' }

describe('dates in workbooks', () => {
  it('tells date, date-time, time and elapsed formats from number formats, as Excel and LibreOffice write them', () => {
    expect(['yyyy\\-mm\\-dd', 'm/d/yy', 'dd/mm/yyyy', 'mmm yyyy', '[$-804]yyyy"年"m"月"d"日"', 'YYYY-MM-DD'].map(dateKindOf)).toEqual(Array(6).fill('date'))
    expect(['yyyy\\-mm\\-dd\\ hh:mm:ss.000', 'm/d/yy h:mm', 'yyyy-mm-dd h:mm AM/PM'].map(dateKindOf)).toEqual(Array(3).fill('datetime'))
    expect(['hh:mm:ss', 'h:mm', 'mm:ss', 'h:mm AM/PM', '上午/下午h"时"mm"分"'].map(dateKindOf)).toEqual(Array(5).fill('time'))
    expect(['[h]:mm:ss', '[mm]:ss'].map(dateKindOf)).toEqual(['duration', 'duration'])
    // Numbers, text, and letters inside quotes, escapes or colours are no date.
    expect(['General', '0.00', '#,##0.00E+00', '@', '"day "0', '[Red]0.00', '0\\d', undefined].map(dateKindOf)).toEqual(Array(8).fill(null))
  })

  it('reads serials of the 1900 and 1904 systems as the same dates, rounding .xlsx’s 15 digits and .xls’s double alike', () => {
    expect(serialText(46356, 'date', shanghai)).toBe('2026-11-30')
    expect(serialText(44894, 'date', { ...shanghai, date1904: true })).toBe('2026-11-30')
    expect(serialText(46356.5208333333, 'datetime', shanghai)).toBe('2026-11-30T12:30:00+08:00')
    expect(serialText(46356.520833333336, 'datetime', shanghai)).toBe('2026-11-30T12:30:00+08:00')
    expect(serialText(61, 'date', shanghai)).toBe('1900-03-01')
    expect(serialText(-1401, 'date', { ...shanghai, date1904: true })).toBe('1900-03-01')
    // Excel's day 1 is 1900-01-01, a day later than counting from its day 61.
    expect(serialText(1, 'date', shanghai)).toBe('1900-01-01')
  })

  it('writes a date-time in the hub’s zone with its offset, a time of day without either, a date with a time as a date-time', () => {
    expect(serialText(46357.9999913195, 'datetime', { ...shanghai, timeZone: 'UTC' })).toBe('2026-12-01T23:59:59.250+00:00')
    expect(serialText(46203, 'datetime', { ...shanghai, timeZone: 'Europe/Berlin' })).toBe('2026-06-30T00:00:00+02:00')
    expect(serialText(46356, 'datetime', { ...shanghai, timeZone: 'America/New_York' })).toBe('2026-11-30T00:00:00-05:00')
    expect(serialText(0.344097222222222, 'time', shanghai)).toBe('08:15:30')
    expect(serialText(0, 'time', shanghai)).toBe('00:00:00')
    expect(serialText(46356.75, 'date', shanghai)).toBe('2026-11-30T18:00:00+08:00')
    expect(serialText(46356.75, 'time', shanghai)).toBe('2026-11-30T18:00:00+08:00')
    expect(serialText(1.0625, 'duration', shanghai)).toBe('PT25H30M')
    expect(serialText(0, 'duration', shanghai)).toBe('PT0S')
  })

  it('takes the earlier instant where clocks go back, and moves a time the clocks skipped forward', () => {
    // Europe/Berlin: 2026-10-25 02:30 happens twice; 2026-03-29 02:30 never.
    const berlin = { date1904: false, timeZone: 'Europe/Berlin' }
    expect(serialText(46320 + 2.5 / 24, 'datetime', berlin)).toBe('2026-10-25T02:30:00+02:00')
    expect(serialText(46110 + 2.5 / 24, 'datetime', berlin)).toBe('2026-03-29T03:30:00+02:00')
  })

  it('leaves a serial that is no date of years 1000–9999 alone', () => {
    expect(serialText(3_000_000, 'date', shanghai)).toBeNull()
    expect(serialText(Number.NaN, 'date', shanghai)).toBeNull()
  })
})
