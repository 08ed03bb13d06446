/**
 * When an http producer's paging ends (issue 32 item 2). Sources rarely answer an empty page past
 * the end: many answer the last page again and say where the end is (`next: null`, `hasMore:
 * false`, `last: true`, `pages`, a total), so the hub reads every signal an answer carries.
 *
 * paginationStop, the operator's choice in the HTTP producer form:
 * - 'auto' (the default, also '' and a producer saved before the field): any signal the answer
 *   carries — a next/hasMore that says none, the page count or total reached, a page shorter
 *   than the page size the answer states;
 * - 'next': only the answer's next / hasMore / last;
 * - 'total': only the page count or total;
 * - 'short': only a page shorter than the page size (the one the answer states, else the
 *   first page's length);
 * - 'empty': only an empty page.
 * Whatever the choice, an empty page ends the paging, and so does a page that repeats the one
 * before it (its records are not committed again).
 */
export const PAGINATION_STOPS = ['auto', 'next', 'total', 'short', 'empty'] as const
export type PaginationStop = (typeof PAGINATION_STOPS)[number]
export const DEFAULT_PAGINATION_STOP: PaginationStop = 'auto'

/**
 * Why a run's paging stopped, as the run history says it: an empty page; a short page; the
 * answer's next/hasMore/last said there is none; its page count reached; its total reached; a
 * page identical to the one before.
 */
export const PAGING_STOP_REASONS = ['empty', 'short', 'next', 'pages', 'total', 'repeat'] as const
export type PagingStopReason = (typeof PAGING_STOP_REASONS)[number]

/** The rule a saved value means: anything unknown or empty is 'auto'. */
export const paginationStopOf = (value: string | undefined | null): PaginationStop =>
  (PAGINATION_STOPS as readonly string[]).includes(value ?? '') ? (value as PaginationStop) : DEFAULT_PAGINATION_STOP
