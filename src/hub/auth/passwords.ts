import { randomBytes, randomInt } from 'node:crypto'
import { hash, verify } from '@node-rs/argon2'
import { PASSWORD_MAX, PASSWORD_MIN } from '../../shared/rules/password'

/** argon2id (the library's default algorithm) with the library's default cost. */
export const hashPassword = (password: string): Promise<string> => hash(password)

/** False for a wrong password and for a hash it cannot read (never throws). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

let dummy: Promise<string> | null = null
/**
 * A hash of a random secret, verified against when the username is unknown, so an unknown user
 * costs the same time as a wrong password and the answer time does not tell them apart.
 */
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(18).toString('base64url'))
  return dummy
}

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ'
const LOWER = 'abcdefghijkmnopqrstuvwxyz'
const DIGITS = '23456789'
// Symbols that survive copying from a terminal and pasting into a shell or a form.
const SYMBOLS = '!#%+-=@^_'
const GENERATED_LENGTH = 16

/**
 * A random password that meets the password rule: one character of each class, the rest from
 * all of them, shuffled; look-alike characters (0/O, 1/l/I) left out since it is read off a
 * screen.
 */
export function generatePassword(length: number = GENERATED_LENGTH): string {
  const n = Math.min(Math.max(length, PASSWORD_MIN), PASSWORD_MAX)
  const all = UPPER + LOWER + DIGITS + SYMBOLS
  const pick = (set: string) => set[randomInt(set.length)]!
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS), pick(SYMBOLS)]
  while (chars.length < n) chars.push(pick(all))
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1)
    ;[chars[i], chars[j]] = [chars[j]!, chars[i]!]
  }
  return chars.join('')
}
