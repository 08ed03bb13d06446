import { describe, expect, it } from 'vitest'
import { FRESH_PAGING, judgePage, pagingCheckpoint, pagingStateOf } from './pageStop'

const model = { paginationLevel: 'data', paginationStop: 'auto' }

describe('the paging judge', () => {
  it('a page repeats the one before only when its records are the same digit for digit', () => {
    const first = judgePage('{"data":[{"id":9007199254740993,"amount":12.50}]}', true, model, 1, FRESH_PAGING)
    expect(first.stop).toBeNull()
    // JSON.parse would read both ids as 9007199254740992 and 12.5: these are other records.
    expect(judgePage('{"data":[{"id":9007199254740992,"amount":12.50}]}', true, model, 2, first.next).stop).toBeNull()
    expect(judgePage('{"data":[{"id":9007199254740993,"amount":12.5}]}', true, model, 2, first.next).stop).toBeNull()
    // The same records in another envelope are a repeat.
    expect(judgePage('{"requestId":"x-2","data":[{"id":9007199254740993,"amount":12.50}]}', true, model, 2, first.next).stop).toBe('repeat')
  })

  it('its state rides in the checkpoint, so a resumed run still sees the repeat and the total', () => {
    const first = judgePage('{"total":3,"data":[{"id":1},{"id":2}]}', true, model, 1, FRESH_PAGING)
    const resumed = pagingStateOf(JSON.parse(JSON.stringify(pagingCheckpoint(first.next))) as Record<string, unknown>)
    expect(resumed).toEqual(first.next)
    expect(judgePage('{"total":3,"data":[{"id":1},{"id":2}]}', true, model, 2, resumed).stop).toBe('repeat')
    expect(judgePage('{"total":3,"data":[{"id":3}]}', true, model, 2, resumed).stop).toBe('total')
    // A checkpoint from before paging state existed starts fresh.
    expect(pagingStateOf({ taskTime: null, page: 2 })).toEqual(FRESH_PAGING)
  })

  it('a rule takes only its own signal; empty and repeated pages end paging under every rule', () => {
    const body = '{"next":null,"pages":1,"data":[{"id":1}]}'
    expect(judgePage(body, true, { ...model, paginationStop: 'empty' }, 1, FRESH_PAGING).stop).toBeNull()
    expect(judgePage(body, true, { ...model, paginationStop: 'total' }, 1, FRESH_PAGING).stop).toBe('pages')
    expect(judgePage(body, true, { ...model, paginationStop: 'next' }, 1, FRESH_PAGING).stop).toBe('next')
    expect(judgePage('{"data":[]}', true, { ...model, paginationStop: 'next' }, 1, FRESH_PAGING).stop).toBe('empty')
    // An XML page is compared as its text.
    const xml = judgePage('<rows><r>1</r></rows>', false, model, 1, FRESH_PAGING)
    expect(judgePage('<rows><r>1</r></rows>', false, model, 2, xml.next).stop).toBe('repeat')
  })
})
