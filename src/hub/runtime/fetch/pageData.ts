import { FetchError } from './fetcher'
import { isExactNumber, parseExact } from '../json/exact'
import { type TextParam, keyed } from '../../text/keyedText'

/**
 * Where a page's data list is in a JSON answer (paginationLevel, "depth of the data list in the
 * response"): empty or 0 is the answer itself; a number n goes n levels down, each time into the
 * first member (in the answer's order) that holds an object or a list — {"code":0,"data":
 * {"total":9,"rows":[…]}} with 2 is rows; anything else is a path of member names, dotted
 * ("data.rows", a leading "$." allowed). A level that is not there is an empty page.
 */
export function dataAt(answer: unknown, level: string | number | undefined): unknown {
  const text = String(level ?? '').trim()
  if (text === '' || text === '0') return answer
  if (/^\d+$/.test(text)) {
    let at = answer
    for (let depth = Number(text); depth > 0; depth--) {
      if (Array.isArray(at) || at === null || typeof at !== 'object') return undefined
      at = Object.values(at as Record<string, unknown>).find((v) => v !== null && typeof v === 'object' && !isExactNumber(v))
    }
    return at
  }
  let at = answer
  for (const key of text.replace(/^\$\.?/, '').split('.').filter(Boolean)) {
    if (Array.isArray(at) || at === null || typeof at !== 'object') return undefined
    at = (at as Record<string, unknown>)[key]
  }
  return at
}

/** The records a page's data holds: a list's elements, one record for anything else, none for nothing. */
export const recordsOf = (data: unknown): unknown[] => (Array.isArray(data) ? data : data === undefined || data === null ? [] : [data])

/**
 * The messages of a page (dataStrategy): 'up' (增量, item by item) makes each record of a list
 * its own message; 'all' (全量, the default) keeps the page's data whole, one message. A page
 * with no record gives no message either way.
 */
export function messagesOf(data: unknown, dataStrategy: string | undefined): unknown[] {
  const records = recordsOf(data)
  if (records.length === 0) return []
  return dataStrategy === 'up' ? records : [data]
}

/** A JSON answer read (its numbers digit for digit, json/exact.ts), or a FetchError quoting its start. */
export function parseJsonAnswer(text: string, where: TextParam): unknown {
  try {
    return parseExact(text)
  } catch {
    const excerpt = text.length > 100 ? `${text.slice(0, 100)}…` : text
    throw new FetchError(keyed('msg_exchange_fetch_not_json', { where, answer: excerpt }))
  }
}
