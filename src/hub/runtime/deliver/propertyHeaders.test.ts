import { describe, expect, it } from 'vitest'
import { headerValue, propertyHeaders } from './propertyHeaders'

describe("a message's properties as an http consumer's headers", () => {
  it('names each property the message has, in the documented headers, and nothing for a message without', () => {
    expect(propertyHeaders(null)).toEqual([])
    expect(propertyHeaders({ messageId: 'm-1', timestamp: 0, headers: { city: 'Köln', n: 9007199254740991 } })).toEqual([
      ['X-Message-Id', 'm-1'],
      ['X-Message-Timestamp', '1970-01-01T00:00:00.000Z'],
      ['X-Message-Headers', '{"city":"K\\u00f6ln","n":9007199254740991}'],
    ])
  })

  it('sends a value outside printable ASCII as an RFC 8187 ext-value, which decodes back to it', () => {
    const id = '订单-1\r\nX: y'
    const sent = headerValue(id)
    expect(sent).toMatch(/^UTF-8''[\x20-\x7e]+$/)
    expect(decodeURIComponent(sent.slice("UTF-8''".length))).toBe(id)
    expect(headerValue('ord-1')).toBe('ord-1')
  })

  it('writes a timestamp no date can hold as its number', () => {
    expect(propertyHeaders({ timestamp: 1e300 })).toEqual([['X-Message-Timestamp', '1e+300']])
  })
})
