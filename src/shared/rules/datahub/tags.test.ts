import { describe, expect, it } from 'vitest'
import { joinTags, normaliseTags, splitTags, tagsRule } from './tags'

describe('topic tags', () => {
  it('drops empty and repeated tags, keeping the first of each', () => {
    expect(normaliseTags([' a ', '', 'b', 'a', '  ', 'c'])).toEqual(['a', 'b', 'c'])
  })

  it('splits and joins on the full-width comma only', () => {
    expect(splitTags('a，b,c，，a')).toEqual(['a', 'b,c'])
    expect(joinTags(['x', 'y', 'x'])).toBe('x，y')
    expect(splitTags('')).toEqual([])
  })

  it('normalises the wire string and defaults to none', () => {
    expect(tagsRule.parse(' sales，，finance，sales ')).toBe('sales，finance')
    expect(tagsRule.parse(undefined)).toBe('')
    expect(tagsRule.safeParse('t'.repeat(1001)).error?.issues[0]?.message).toBe('msg_tags_length')
  })
})
