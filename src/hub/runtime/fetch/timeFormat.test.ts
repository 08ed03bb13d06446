import { describe, expect, it } from 'vitest'
import { formatTime, parseTime } from './timeFormat'

describe('task-time formats', () => {
  it('writes and reads back the pattern the form hints at, in the hub time zone', () => {
    const time = new Date(2026, 10, 5, 7, 3, 9, 42)
    expect(formatTime(time, 'yyyy-MM-dd HH:mm:ss')).toBe('2026-11-05 07:03:09')
    expect(formatTime(time, 'yyyyMMddHHmmssSSS')).toBe('20261105070309042')
    expect(parseTime('2026-11-05 07:03:09', 'yyyy-MM-dd HH:mm:ss')).toBe(new Date(2026, 10, 5, 7, 3, 9).getTime())
    expect(parseTime('2026/11/05', 'yyyy/MM/dd')).toBe(new Date(2026, 10, 5).getTime())
  })

  it('refuses text that does not match, and dates that do not exist', () => {
    expect(parseTime('2026-11-05T07:03:09', 'yyyy-MM-dd HH:mm:ss')).toBeNull()
    expect(parseTime('2026-02-30 00:00:00', 'yyyy-MM-dd HH:mm:ss')).toBeNull()
    expect(parseTime('2026-11-05 24:00:00', 'yyyy-MM-dd HH:mm:ss')).toBeNull()
    // Pattern text is literal, not a regular expression.
    expect(parseTime('2026x11', 'yyyy.MM')).toBeNull()
  })
})
