import { describe, expect, it } from 'vitest'
import { i18n } from '../i18n'
import { formatDuration, formatInstant, sameZone } from './localTime'

describe('instants as the operator reads them', () => {
  it('in the given language and zone; the weekday where asked; unparsable text as it is', () => {
    const iso = '2026-11-26T08:05:09.000Z'
    expect(formatInstant(iso, 'zh-CN', { timeZone: 'Asia/Shanghai' })).toBe('2026/11/26 16:05:09')
    expect(formatInstant(iso, 'en', { timeZone: 'America/New_York', weekday: true })).toBe('Thu, Nov 26, 2026, 03:05')
    expect(formatInstant('soon', 'en')).toBe('soon')
  })

  it('two names of one clock are one zone; zones that part in summer are not', () => {
    expect(sameZone('UTC', 'Etc/UTC')).toBe(true)
    expect(sameZone('Asia/Shanghai', 'Asia/Hong_Kong')).toBe(true)
    // Both UTC+0 in January, an hour apart in July.
    expect(sameZone('Europe/London', 'UTC', new Date('2026-01-10T00:00:00Z'))).toBe(false)
    expect(sameZone('Mars/Olympus', 'UTC')).toBe(false)
  })

  it('durations in the console’s words', () => {
    const t = i18n.getFixedT('zh-CN')
    expect([850, 12_400, 185_000, 7_440_000].map((ms) => formatDuration(ms, t))).toEqual(['850 毫秒', '12 秒', '3 分 5 秒', '2 小时 4 分'])
  })
})
