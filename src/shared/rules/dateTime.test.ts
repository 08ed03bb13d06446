import { describe, expect, it } from 'vitest'
import { instantFilterRule, instantOf, localDateTimeOf, localDateTimeRule } from './dateTime'

describe("date-time fields: the spec's form and ISO's, one form kept", () => {
  it('local date-times become yyyy-MM-ddTHH:mm:ss', () => {
    expect(localDateTimeOf('2026-12-01 10:00:00')).toBe('2026-12-01T10:00:00')
    expect(localDateTimeOf('2026-12-01T10:00')).toBe('2026-12-01T10:00:00')
    expect(localDateTimeOf(' 2026-12-01 10:00 ')).toBe('2026-12-01T10:00:00')
    expect(localDateTimeOf('2026-12-01T10:00:05.250')).toBe('2026-12-01T10:00:05')
    expect(localDateTimeOf('2028-02-29 23:59:59')).toBe('2028-02-29T23:59:59')
    for (const bad of ['2026-02-29 10:00', '2026-12-01 24:00', '2026-12-01 10:60', '2026-12-01', '2026/12/01 10:00', '2026-12-01T10:00Z']) expect(localDateTimeOf(bad)).toBeNull()
  })

  it('instants become the stored UTC form; a zone-less time is UTC', () => {
    expect(instantOf('2026-12-01 10:00:00')).toBe('2026-12-01T10:00:00.000Z')
    expect(instantOf('2026-12-01T10:00:00.000Z')).toBe('2026-12-01T10:00:00.000Z')
    expect(instantOf('2026-12-01T18:00:00+08:00')).toBe('2026-12-01T10:00:00.000Z')
    expect(instantOf('2026-12-01 18:00+0800')).toBe('2026-12-01T10:00:00.000Z')
    expect(instantOf('2026-12-01T10:00:00.123z')).toBe('2026-12-01T10:00:00.123Z')
    for (const bad of ['2026-12-32T10:00Z', 'yesterday', '1764583200000']) expect(instantOf(bad)).toBeNull()
  })

  it("as zod rules: '' stays empty, anything else is normalised or refused with msg_field_invalid", () => {
    expect(localDateTimeRule().parse('')).toBe('')
    expect(localDateTimeRule().parse('2026-12-01 10:00:00')).toBe('2026-12-01T10:00:00')
    expect(localDateTimeRule().safeParse('2026-12-01 10').error?.issues[0]?.message).toBe('msg_field_invalid')
    expect(instantFilterRule().parse(undefined)).toBeUndefined()
    expect(instantFilterRule().safeParse('x').error?.issues[0]?.message).toBe('msg_field_invalid')
  })
})
