import { describe, expect, it } from 'vitest'
import { isStrongPassword } from '../../shared/rules/password'
import { generatePassword, hashPassword, verifyPassword } from './passwords'

describe('passwords', () => {
  it('generates passwords that meet the password rule and do not repeat', () => {
    const many = Array.from({ length: 500 }, () => generatePassword())
    expect(many.every(isStrongPassword)).toBe(true)
    expect(new Set(many).size).toBe(many.length)
  })

  it('hashes with argon2id and verifies only the right password', async () => {
    const hash = await hashPassword('Right#Pass1')
    expect(hash.startsWith('$argon2id$')).toBe(true)
    expect(await verifyPassword(hash, 'Right#Pass1')).toBe(true)
    expect(await verifyPassword(hash, 'Wrong#Pass1')).toBe(false)
    expect(await verifyPassword('not a hash', 'Right#Pass1')).toBe(false)
  })
})
