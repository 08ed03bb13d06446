import { createHash } from 'node:crypto'
import { paginationStopOf, type PaginationStop, type PagingStopReason } from '../../../shared/rules/datahub/pagingStop'
import { isExactNumber, numberText, parseExact, stringifyExact } from '../json/exact'
import { dataAt, recordsOf } from './pageData'

/**
 * Whether an http producer's paging ends at this page (issue 32 item 2; the rules and their
 * names in shared/rules/datahub/pagingStop.ts). Sources that never answer an empty page say
 * where the end is in the answer, next to the data list: the members read here are those of the
 * answer itself and of every object on the way down to the data list (paginationLevel), and of
 * their `meta`, `pagination`, `paging`, `page`, `pageInfo`, `links` and `_links` objects —
 * where Spring Data, JSON:API, HAL, Laravel, json-server, GitHub-style and Stripe-style APIs put
 * them. The nearest to the data list counts first.
 *
 * A page is compared with the one before by its records written back exactly (numbers digit for
 * digit, parseExact): identical records end the paging and are not committed a second time, even
 * when the answer around them changed (a request id, a timestamp). The hash of the last page's
 * records rides in the run's checkpoint, so a run resumed after a failure still knows it.
 */

/** What the judge keeps between the pages of one run (in the checkpoint as plain values). */
export interface PagingState {
  /** Records the run has read so far (before this page). */
  seen: number
  /** The first page's length: the page size when the answer states none ('short' rule). */
  firstCount: number | null
  /** sha-256 of the previous page's records; null on the first page. */
  lastPage: string | null
}

export const FRESH_PAGING: PagingState = { seen: 0, firstCount: null, lastPage: null }

/** The paging state a checkpoint carries (what an older checkpoint lacks starts fresh). */
export function pagingStateOf(checkpoint: { readonly [key: string]: unknown } | null): PagingState {
  const seen = checkpoint?.pagingSeen
  const first = checkpoint?.pagingFirst
  const last = checkpoint?.pagingLast
  return {
    seen: typeof seen === 'number' && Number.isInteger(seen) && seen >= 0 ? seen : 0,
    firstCount: typeof first === 'number' && Number.isInteger(first) && first > 0 ? first : null,
    lastPage: typeof last === 'string' && last !== '' ? last : null,
  }
}

export const pagingCheckpoint = (s: PagingState) => ({ pagingSeen: s.seen, pagingFirst: s.firstCount, pagingLast: s.lastPage })

export interface PageVerdict {
  /** Why paging ends here; null: ask for the next page. */
  stop: PagingStopReason | null
  /** The state for the next page. */
  next: PagingState
}

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v) && !isExactNumber(v)

const META_KEYS = ['meta', 'pagination', 'paging', 'page', 'pageInfo', 'links', '_links']
const NEXT_KEYS = ['next', 'nextPage', 'next_page', 'nextPageUrl', 'next_page_url', 'nextUrl', 'next_url']
const MORE_KEYS = ['hasMore', 'has_more', 'hasNext', 'has_next', 'hasNextPage', 'has_next_page', 'more']
const PAGES_KEYS = ['pages', 'totalPages', 'total_pages', 'pageCount', 'page_count', 'lastPage', 'last_page', 'last']
const TOTAL_KEYS = ['total', 'totalElements', 'total_elements', 'totalCount', 'total_count', 'totalItems', 'total_items', 'totalRecords', 'total_records', 'items']
const SIZE_KEYS = ['pageSize', 'page_size', 'per_page', 'perPage', 'size', 'limit']

/** The objects that may describe the paging, nearest to the data list first. */
function metaObjects(body: unknown, level: string | number | undefined): Obj[] {
  const text = String(level ?? '').trim()
  const path: unknown[] = [body]
  if (/^[1-9]\d*$/.test(text)) {
    for (let depth = 1; depth < Number(text); depth++) path.push(dataAt(body, depth))
  } else if (text !== '' && text !== '0') {
    const steps = text.replace(/^\$\.?/, '').split('.').filter(Boolean)
    for (let i = 1; i < steps.length; i++) path.push(dataAt(body, steps.slice(0, i).join('.')))
  }
  const out: Obj[] = []
  for (const at of path.reverse()) {
    if (!isObj(at)) continue
    out.push(at)
    for (const key of META_KEYS) if (isObj(at[key])) out.push(at[key])
  }
  return out
}

/** A whole non-negative number (a JSON number, or its text: some APIs quote them). */
function countOf(v: unknown): number | null {
  const text = isExactNumber(v) ? numberText(v) : typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : ''
  return /^\d{1,15}$/.test(text) ? Number(text) : null
}

/** The first member of these names, in the nearest object that has one. */
function member(objects: Obj[], keys: string[]): { value: unknown } | null {
  for (const o of objects) for (const k of keys) if (Object.hasOwn(o, k)) return { value: o[k] }
  return null
}

/** "No next page": next null or empty, hasMore false, or last true (Spring's). */
function saysNoNext(objects: Obj[]): boolean {
  const next = member(objects, NEXT_KEYS)
  if (next) {
    const v = next.value
    // next as a URL, a page number, a cursor or a link object means there is one; only nothing means none.
    if (v === null || v === '' || v === false) return true
    if (isObj(v) && Object.hasOwn(v, 'href') && (v.href === null || v.href === '')) return true
  }
  const more = member(objects, MORE_KEYS)
  if (more && (more.value === false || more.value === 'false' || more.value === 0)) return true
  const last = member(objects, ['last', 'isLast', 'is_last', 'lastPage', 'last_page'])
  return last !== null && (last.value === true || last.value === 'true')
}

/** sha-256 of the records written back exactly: equal only for the same records, digit for digit. */
const recordsKey = (records: unknown[]): string => createHash('sha256').update(stringifyExact(records)).digest('hex')

/**
 * The verdict on page `page` (1-based) whose answer text is `answer`. `json` says whether the
 * answer is JSON data (the topic's format): an XML or text answer is one record, compared as text.
 */
export function judgePage(answer: string, json: boolean, model: { paginationLevel?: string | number | undefined; paginationStop?: string | undefined }, page: number, state: PagingState): PageVerdict {
  const rule: PaginationStop = paginationStopOf(model.paginationStop)
  let body: unknown = null
  let records: unknown[]
  if (json) {
    body = answer.trim() === '' ? null : parseExact(answer)
    records = recordsOf(dataAt(body, model.paginationLevel))
  } else {
    records = answer.trim() === '' ? [] : [answer]
  }
  const key = recordsKey(records)
  const next: PagingState = { seen: state.seen + records.length, firstCount: state.firstCount ?? (records.length || null), lastPage: key }
  const verdict = (stop: PagingStopReason | null): PageVerdict => ({ stop, next })
  if (records.length === 0) return verdict('empty')
  if (state.lastPage === key) return verdict('repeat')
  const objects = json ? metaObjects(body, model.paginationLevel) : []
  if ((rule === 'auto' || rule === 'next') && saysNoNext(objects)) return verdict('next')
  if (rule === 'auto' || rule === 'total') {
    const pages = member(objects, PAGES_KEYS)
    const pageCount = pages ? countOf(pages.value) : null
    if (pageCount !== null && page >= pageCount) return verdict('pages')
    const total = member(objects, TOTAL_KEYS)
    const totalCount = total ? countOf(total.value) : null
    if (totalCount !== null && next.seen >= totalCount) return verdict('total')
  }
  if (rule === 'auto' || rule === 'short') {
    const stated = member(objects, SIZE_KEYS)
    const size = (stated ? countOf(stated.value) : null) ?? (rule === 'short' ? state.firstCount : null)
    if (size !== null && size > 0 && records.length < size) return verdict('short')
  }
  return verdict(null)
}
