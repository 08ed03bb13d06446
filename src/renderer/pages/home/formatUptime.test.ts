// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { i18n } from '../../i18n'
import { formatUptime, splitDuration } from './formatUptime'

describe('hub uptime', () => {
  it('splits seconds into days, hours, minutes, seconds', () => {
    expect(splitDuration(93784)).toEqual({ d: 1, h: 2, m: 3, s: 4 })
    expect(splitDuration(-5)).toEqual({ d: 0, h: 0, m: 0, s: 0 })
  })

  it('starts at the largest unit that is not zero', () => {
    const t = i18n.getFixedT('zh-CN')
    expect(formatUptime(93784, t)).toBe('1 天 2 小时 3 分 4 秒')
    expect(formatUptime(65, t)).toBe('1 分 5 秒')
    expect(formatUptime(0, t)).toBe('0 秒')
    expect(formatUptime(3600, i18n.getFixedT('en'))).toBe('1 h 0 min 0 s')
  })
})
