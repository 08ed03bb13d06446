import { describe, expect, it } from 'vitest'
import { parseExact } from '../runtime/json/exact'
import { auditText, MASK } from './redact'

describe('auditText: what an audit entry keeps of an input', () => {
  it('writes a sample’s exact numbers as the numbers they are, secrets still masked', () => {
    const input = parseExact('{"topicCode":"t","sample":{"id":9007199254740993,"amount":12345678901234567890.123456789},"password":"x"}') as Record<string, unknown>
    expect(auditText(input)).toBe(`{"topicCode":"t","sample":{"id":9007199254740993,"amount":12345678901234567890.123456789},"password":"${MASK}"}`)
  })
})
