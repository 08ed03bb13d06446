import { describe, expect, it } from 'vitest'
import { hashToken, tokenFromHeader } from './sessions'

describe('tokenFromHeader', () => {
  it('reads a Bearer token or a raw one, and nothing from an empty header', () => {
    expect(tokenFromHeader('Bearer abc')).toBe('abc')
    expect(tokenFromHeader('bearer   abc ')).toBe('abc')
    expect(tokenFromHeader('abc')).toBe('abc')
    expect(tokenFromHeader(undefined)).toBeNull()
    expect(tokenFromHeader('  ')).toBeNull()
  })

  it('stores tokens as sha256 hex', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
  })
})
