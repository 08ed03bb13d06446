import { describe, expect, it } from 'vitest'
import { blankRow, changeRow, checkedRows, hasBody, removeRow, rowsForDisplay, submittedApi, urlWithParams, type ApiRow } from './apiModel'

const row = (key: string, checked = true, value = 'v'): ApiRow => ({ key, value, description: '', checked })

describe('API rows', () => {
  it('always shows exactly one blank row, at the end', () => {
    expect(rowsForDisplay(undefined)).toEqual([blankRow()])
    expect(rowsForDisplay([row('a'), { ...blankRow() }, row('b')])).toEqual([row('a'), row('b'), blankRow()])
  })

  it('typing into the blank row makes it a real row; a new blank row follows', () => {
    const rows = changeRow([row('a')], 1, { key: 'page' })
    expect(rows).toEqual([row('a'), { key: 'page', value: '', description: '', checked: true }])
    expect(rowsForDisplay(rows).at(-1)).toEqual(blankRow())
    expect(rowsForDisplay(rows)).toHaveLength(3)
  })

  it('a row emptied or removed disappears', () => {
    expect(changeRow([row('a', true, '')], 0, { key: '' })).toEqual([])
    expect(removeRow([row('a'), row('b')], 0)).toEqual([row('b')])
  })

  it('submits only checked rows with a key', () => {
    expect(checkedRows([row('a'), row('b', false), row(' ')])).toEqual([row('a')])
    const api = submittedApi({
      url: 'u', method: 'POST', params: [row('p'), row('q', false)], headers: [row('h', false)],
      body: { type: 'form-data', formData: [row('f'), row('g', false)], formUrlEncoded: [row('e', false)], raw: { rawType: 'JSON', content: '{}' } },
    })
    expect(api).toEqual({ url: 'u', method: 'POST', params: [row('p')], headers: [], body: { type: 'form-data', formData: [row('f')], formUrlEncoded: [], raw: { rawType: 'JSON', content: '{}' } } })
  })

  it('GET has no body; the address preview carries the checked params', () => {
    expect(hasBody('GET')).toBe(false)
    expect(hasBody('POST')).toBe(true)
    expect(urlWithParams({ url: 'https://a.example/x', params: [row('a b', true, '1&2'), row('z', false)] })).toBe('https://a.example/x?a%20b=1%262')
  })
})
