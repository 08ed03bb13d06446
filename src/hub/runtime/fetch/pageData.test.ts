import { describe, expect, it } from 'vitest'
import { dataAt, messagesOf } from './pageData'

const answer = { code: 0, message: 'ok', data: { total: 2, rows: [{ id: 1 }, { id: 2 }] } }

describe('where a page keeps its data (paginationLevel)', () => {
  it('a number goes down that many levels through the first member holding data; a path names the members', () => {
    expect(dataAt(answer, '')).toBe(answer)
    expect(dataAt(answer, 0)).toBe(answer)
    expect(dataAt(answer, 1)).toBe(answer.data)
    expect(dataAt(answer, '2')).toBe(answer.data.rows)
    expect(dataAt(answer, 'data.rows')).toBe(answer.data.rows)
    expect(dataAt(answer, '$.data.rows')).toBe(answer.data.rows)
    expect(dataAt(answer, 'data.list')).toBeUndefined()
    expect(dataAt(answer, 3)).toBeUndefined()
  })

  it("'up' makes a message of each record, 'all' one of the page; nothing is no message", () => {
    expect(messagesOf(answer.data.rows, 'up')).toEqual([{ id: 1 }, { id: 2 }])
    expect(messagesOf(answer.data.rows, 'all')).toEqual([answer.data.rows])
    expect(messagesOf([], 'all')).toEqual([])
    expect(messagesOf(undefined, 'up')).toEqual([])
  })
})
