import { describe, expect, it } from 'vitest'
import { cleanMappingRows, mergeMappingRows } from './mappingRows'

const row = (sourceFieldName: string, targetFieldName: string) => ({ sourceFieldName, targetFieldName })

describe('mapping merge rule (part 2 §4)', () => {
  it('appends new pairs after the existing rows, keeping both orders', () => {
    expect(mergeMappingRows([row('b', 'B'), row('a', 'A')], [row('c', 'C'), row('d', 'D')])).toEqual([row('b', 'B'), row('a', 'A'), row('c', 'C'), row('d', 'D')])
  })

  it('trims names before comparing and storing them', () => {
    expect(mergeMappingRows([row('a', 'A')], [row('  a ', ' A'), row(' x\t', '\ny ')])).toEqual([row('a', 'A'), row('x', 'y')])
  })

  it('drops pairs with an empty (or blank) name on either side', () => {
    expect(mergeMappingRows([], [row('', 'A'), row('a', ''), row('   ', 'B'), row('c', ' \t '), {}, { sourceFieldName: 'd' }])).toEqual([])
  })

  it('drops a pair already in the table or earlier in the batch, but keeps the same source with another target', () => {
    const merged = mergeMappingRows([row('a', 'A')], [row('a', 'A'), row('a', 'B'), row('a', 'B'), row('A', 'a'), row('a', 'A ')])
    expect(merged).toEqual([row('a', 'A'), row('a', 'B'), row('A', 'a')])
  })

  it('does not mix up names that contain what a naive key would join on', () => {
    expect(cleanMappingRows([row('a|b', 'c'), row('a', 'b|c'), row('a,b', 'c'), row('a', 'b,c')])).toHaveLength(4)
  })

  it('reads numbers as text (a spreadsheet cell may hold one) and ignores null names', () => {
    expect(cleanMappingRows([{ sourceFieldName: 12, targetFieldName: 'F12' }, { sourceFieldName: null, targetFieldName: 'x' }])).toEqual([row('12', 'F12')])
  })

  it('leaves the table it was given untouched', () => {
    const existing = [row('a', 'A')]
    mergeMappingRows(existing, [row('b', 'B')])
    expect(existing).toEqual([row('a', 'A')])
  })
})
