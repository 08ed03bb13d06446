import { describe, expect, it } from 'vitest'
import { stringifyExact, withDoubles, parseExact } from './exact'
import { restoreDigits } from './restoreDigits'

const ORDER = '{"id":9007199254740993,"amount":12345678901234567890.123456789,"status":"new"}'

describe('a JavaScript processor’s result keeps the digits of the numbers it did not change', () => {
  it('gives untouched numbers their text back, at their place or moved', () => {
    // What QuickJS answers for `data.status = "paid"; data.copy = data.id; return data`.
    const script = JSON.parse('{"id":9007199254740992,"amount":12345678901234567000,"status":"paid","copy":9007199254740992}')
    expect(stringifyExact(restoreDigits(script, ORDER))).toBe('{"id":9007199254740993,"amount":12345678901234567890.123456789,"status":"paid","copy":9007199254740993}')
  })

  it('leaves a number the script computed anew as the script made it', () => {
    const script = JSON.parse('{"id":9007199254740994,"amount":1,"status":"new"}')
    expect(stringifyExact(restoreDigits(script, ORDER))).toBe('{"id":9007199254740994,"amount":1,"status":"new"}')
  })

  it('does not guess between two inputs that one double stands for', () => {
    const input = '{"a":12.50,"b":12.500}'
    expect(stringifyExact(restoreDigits({ a: 12.5, c: 12.5 }, input))).toBe('{"a":12.50,"c":12.5}')
  })

  it('answers the result as it is when the input has no such number', () => {
    const result = { n: 1 }
    expect(restoreDigits(result, '{"n":2}')).toBe(result)
  })
})

describe('withDoubles: a kept number judged by its value', () => {
  it('copies with doubles, leaving the parsed value as it was', () => {
    const value = parseExact(ORDER)
    expect(withDoubles(value)).toEqual({ id: 9007199254740992, amount: 12345678901234567000, status: 'new' })
    expect(stringifyExact(value)).toBe(ORDER)
  })
})
