/** Spec part 1 §9 / part 2 §9: the pagination bar offers 10/20/30/40 per page and 5 pager buttons. */
export const PAGE_SIZES = [10, 20, 30, 40] as const
export const PAGER_BUTTONS = 5
/** Spec §9: "page size default 20 from page 1". */
export const DEFAULT_PAGE = { pageNum: 1, pageSize: 20 } as const

export type PagerItem = number | 'prevMore' | 'nextMore'

export const pageCountOf = (total: number, pageSize: number): number => Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, pageSize)))

/**
 * The page buttons to show: first and last always, a window around the current page in between,
 * and a 'more' marker where pages are skipped — at most `buttons` numbers in all (the layout of
 * the pagination bar the spec's console used, which administrators already know).
 */
export function pagerItems(current: number, pageCount: number, buttons: number = PAGER_BUTTONS): PagerItem[] {
  if (pageCount <= 1) return [1]
  const page = Math.min(Math.max(1, current), pageCount)
  if (pageCount <= buttons) return Array.from({ length: pageCount }, (_, i) => i + 1)
  const half = Math.floor((buttons - 1) / 2)
  const showPrevMore = page > buttons - half
  const showNextMore = page < pageCount - half
  let middle: number[]
  if (showPrevMore && !showNextMore) {
    const start = pageCount - (buttons - 2)
    middle = range(start, pageCount - 1)
  } else if (!showPrevMore && showNextMore) {
    middle = range(2, buttons - 1)
  } else {
    const offset = Math.floor(buttons / 2) - 1
    middle = range(page - offset, page + offset)
  }
  return [1, ...(showPrevMore ? (['prevMore'] as const) : []), ...middle, ...(showNextMore ? (['nextMore'] as const) : []), pageCount]
}

const range = (from: number, to: number): number[] => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i)

/** Where a 'more' marker jumps: as many pages as the window spans, like the pager it copies. */
export const jumpFrom = (item: 'prevMore' | 'nextMore', current: number, pageCount: number, buttons: number = PAGER_BUTTONS): number =>
  item === 'prevMore' ? Math.max(1, current - (buttons - 2)) : Math.min(pageCount, current + (buttons - 2))
