import { describe, expect, it } from 'vitest'
import { jumpFrom, pageCountOf, pagerItems } from './pager'

describe('pager items (5 pager buttons)', () => {
  it('shows every page when there are 5 or fewer', () => {
    expect(pagerItems(1, 1)).toEqual([1])
    expect(pagerItems(2, 5)).toEqual([1, 2, 3, 4, 5])
  })

  it('keeps first and last and a window of three around the current page', () => {
    expect(pagerItems(1, 10)).toEqual([1, 2, 3, 4, 'nextMore', 10])
    expect(pagerItems(5, 10)).toEqual([1, 'prevMore', 4, 5, 6, 'nextMore', 10])
    expect(pagerItems(10, 10)).toEqual([1, 'prevMore', 7, 8, 9, 10])
  })

  it('counts pages and jumps over skipped ones', () => {
    expect(pageCountOf(0, 20)).toBe(1)
    expect(pageCountOf(41, 20)).toBe(3)
    expect(jumpFrom('nextMore', 1, 10)).toBe(4)
    expect(jumpFrom('prevMore', 2, 10)).toBe(1)
  })
})
