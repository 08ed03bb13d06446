import { describe, expect, it } from 'vitest'
import { parseFieldMappings, serialiseFieldMappings } from './mapping'

const pair = (sourceFieldName: string, targetFieldName: string) => ({ sourceFieldName, targetFieldName })

describe('mapping text', () => {
  it('round-trips the table as JSON text', () => {
    const rows = [pair('a', 'A'), pair('b', 'B')]
    expect(parseFieldMappings(serialiseFieldMappings(rows))).toEqual(rows)
    expect(serialiseFieldMappings([])).toBe('[]')
  })
})
