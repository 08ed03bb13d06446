import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Issue 37 item 13: ip, url, domain, integer, phone, email, positive integer, ip with port and the
 * length-bounded character classes are defined once, in src/shared/rules/patterns.ts, and every
 * form and the hub use them. This fails when one of them is written again elsewhere: each entry
 * is a fragment such a copy cannot do without.
 */

const root = join(import.meta.dirname, '..', '..')
const LIBRARY = 'src/shared/rules/patterns.ts'

const COPIES: [pattern: string, fragment: string][] = [
  ['Chinese characters (chars / CHARS.chinese)', '\\u4e00'],
  ['positive integer (POSITIVE_INTEGER / positiveInteger)', '/^[1-9]\\d{0,'],
  ['optional positive integer (orEmpty(positiveInteger(n)))', '|[1-9]\\d{0,'],
  ['integer (INTEGER / integer)', '/^-?\\d{1,'],
  ['email (EMAIL / isEmail)', '[^\\s@]'],
  ['email (EMAIL / isEmail)', 'z.email('],
  ['phone (PHONE)', '\\d{7,'],
  ['ip (IP / isIp)', 'z.ipv4('],
  ['ip (IP / isIp)', '25[0-5]'],
  ['domain (DOMAIN / isHost)', '{0,61}'],
  ['url (URL_PATTERN / isHttpUrl)', 'https?:\\/\\/\\S'],
  ['url (URL_PATTERN / isHttpUrl)', 'https?:\\/\\/[^\\s'],
  ['url (isHttpUrl)', 'protocol: /^https?$/'],
  ['letters and digits (chars)', '/^[A-Za-z0-9]+$/'],
  ['letters (chars)', '/^[A-Za-z]+$/'],
]

/** The forms (renderer), the contract and rules (shared) and the hub: main's own settings are not forms. */
const AREAS = ['src/shared', 'src/renderer', 'src/hub']

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : []
  })
}

const rel = (path: string) => relative(root, path).split('\\').join('/')

/** Where a fragment of a library pattern appears outside the library. */
export function copiesIn(files: { path: string; text: string }[]): string[] {
  return files
    .filter((f) => f.path !== LIBRARY)
    .flatMap((f) =>
      f.text.split('\n').flatMap((line, i) => COPIES.filter(([, fragment]) => line.includes(fragment)).map(([pattern]) => `${f.path}:${i + 1}: ${pattern}: ${line.trim()}`)),
    )
}

describe('one pattern library', () => {
  it('no form, contract or hub file writes its own copy of a library pattern', () => {
    const files = AREAS.flatMap((a) => sources(join(root, a))).map((path) => ({ path: rel(path), text: readFileSync(path, 'utf8') }))
    expect(files.some((f) => f.path === LIBRARY)).toBe(true)
    expect(copiesIn(files)).toEqual([])
  })

  it('finds a copy when one is written (the check itself works)', () => {
    const copy = "export const MOBILE = /^\\d{7,20}$/\nconst n = z.string().regex(/^[1-9]\\d{0,10}$/)"
    expect(copiesIn([{ path: 'src/renderer/pages/x.ts', text: copy }])).toHaveLength(2)
    expect(copiesIn([{ path: LIBRARY, text: copy }])).toEqual([])
  })
})
