import { describe, expect, it } from 'vitest'
import { isExactNumber, numberText, numbersSurviveNative, parseExact, stringifyExact } from './exact'

describe('exact JSON: a message’s numbers keep their digits', () => {
  it('gives back a 64-bit id and a long amount digit for digit', () => {
    const text = '{"id":9007199254740993,"amount":12345678901234567890.123456789,"price":12.50,"tiny":0.0000001,"big":1e21}'
    expect(stringifyExact(parseExact(text))).toBe(text)
    expect(JSON.stringify(JSON.parse(text))).not.toBe(text)
  })

  it('keeps numbers that print back as written as plain numbers, so engines see what they saw', () => {
    const value = parseExact('{"qty":3,"rate":-0.25,"id":9007199254740993}') as Record<string, unknown>
    expect(value.qty).toBe(3)
    expect(value.rate).toBe(-0.25)
    expect(isExactNumber(value.id)).toBe(true)
    expect(numberText(value.id as never)).toBe('9007199254740993')
  })

  it('indents like JSON.stringify', () => {
    const text = '{"a":[1,9007199254740993]}'
    expect(stringifyExact(parseExact(text), 2)).toBe('{\n  "a": [\n    1,\n    9007199254740993\n  ]\n}')
    expect(stringifyExact({ a: [1, 2] }, 2)).toBe(JSON.stringify({ a: [1, 2] }, null, 2))
  })

  it('never takes the native parser for a number the native parser would change', () => {
    // Numbers of every shape: integers and fractions of 1–22 digits, signs, exponents, zeros.
    let seed = 7
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31)
    const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('')
    let checked = 0
    for (let i = 0; i < 20_000; i++) {
      const whole = random() < 0.3 ? '0' : String(1 + Math.floor(random() * 9)) + digits(Math.floor(random() * 21))
      const fraction = random() < 0.5 ? '' : `.${random() < 0.3 ? '0'.repeat(Math.floor(random() * 9)) : ''}${digits(1 + Math.floor(random() * 12))}`
      const exponent = random() < 0.1 ? `e${random() < 0.5 ? '-' : ''}${Math.floor(random() * 30)}` : ''
      const token = `${random() < 0.3 ? '-' : ''}${whole}${fraction}${exponent}`
      const native = JSON.stringify(JSON.parse(`[${token}]`))
      if (numbersSurviveNative(`{"n":${token}}`) && numbersSurviveNative(`[${token}]`)) {
        expect(native, token).toBe(`[${token}]`)
        checked++
      }
    }
    expect(checked).toBeGreaterThan(2_000)
  })

  it('refuses what JSON.parse refuses and takes what it takes, a key given twice included', () => {
    expect(() => parseExact('{"id":9007199254740993')).toThrow(SyntaxError)
    expect(parseExact('{"id":9007199254740993,"id":2}')).toEqual({ id: 2 })
  })
})
