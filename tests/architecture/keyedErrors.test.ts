import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Issue 43 item 1: what the hub's exchange runtime records for a reader (a delivery's last error,
 * a run's error, an alarm's detail) is a message key with parameters (src/hub/text/keyedText.ts),
 * rendered in the reader's language. This fails when English text that reaches users is written
 * again as a literal, or when code forces English where a translation exists.
 */

const root = join(import.meta.dirname, '..', '..')
const hub = join(root, 'src', 'hub')

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path)
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : []
  })
}

const RUNTIME_AREAS = ['deliver', 'fetch', 'report', 'soap', 'httpApi', 'schedule', 'queue'].map((a) => join(hub, 'runtime', a))
const KEYED_AREAS = [...RUNTIME_AREAS, join(hub, 'alarms')]

/** A constructor whose first argument is a string literal or template: English written in place. */
const LITERAL_ERROR = /new (DeliveryError|FetchError|KeyedError)\(\s*['"`]/
/** `throw new Error('…')` in the areas whose failures reach users. */
const LITERAL_THROW = /throw new Error\(\s*['"`]/

/**
 * Errors that never reach a reader: a worker thread started outside its pool, a reader used
 * before it opened. They are programming faults, seen in the hub's log only.
 */
const INTERNAL_THROWS = new Set([
  'src/hub/runtime/deliver/dbLinkWorker.ts: dbLinkWorker runs in a worker thread',
  'src/hub/runtime/fetch/sqliteReadWorker.ts: sqliteReadWorker runs in a worker thread',
  'src/hub/runtime/fetch/sqliteReadWorker.ts: the SQLite source is not open',
])

/**
 * Where English is meant: the shared helper (English for logs and stack traces), a file beside a
 * failed workbook (no reader's language), and mails sent in both languages because their
 * recipients' language is not known.
 */
const ENGLISH_ALLOWED = new Set(['src/hub/text/keyedText.ts', 'src/hub/runtime/fetch/excel.ts', 'src/hub/approvals/mail/send.ts', 'src/hub/alarms/send/email.ts'])

const rel = (path: string) => relative(root, path).split('\\').join('/')

describe('hub texts for readers are message keys', () => {
  it('no DeliveryError, FetchError or KeyedError is made from a literal text', () => {
    const found = KEYED_AREAS.flatMap(sources).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (LITERAL_ERROR.test(line) ? [`${rel(file)}:${i + 1}: ${line.trim()}`] : [])),
    )
    expect(found).toEqual([])
  })

  it('no throw new Error with a literal text where failures reach users, but the internal ones named here', () => {
    const found = RUNTIME_AREAS.flatMap(sources).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => {
          if (!LITERAL_THROW.test(line)) return []
          const text = /throw new Error\(\s*['"`]([^'"`]*)/.exec(line)?.[1] ?? ''
          return INTERNAL_THROWS.has(`${rel(file)}: ${text}`) ? [] : [`${rel(file)}:${i + 1}: ${line.trim()}`]
        }),
    )
    expect(found).toEqual([])
  })

  it("translateMessage('en', …) only where English is meant", () => {
    const found = sources(hub)
      .filter((file) => !ENGLISH_ALLOWED.has(rel(file)))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, i) => (/translateMessage\(\s*'en'/.test(line) ? [`${rel(file)}:${i + 1}: ${line.trim()}`] : [])),
      )
    expect(found).toEqual([])
  })

  it('the checks see what they look for (a literal error in a line is found)', () => {
    expect(LITERAL_ERROR.test("throw new DeliveryError('the consumer is gone', true)")).toBe(true)
    expect(LITERAL_ERROR.test('throw new FetchError(`the source ${name} is gone`)')).toBe(true)
    expect(LITERAL_ERROR.test("throw new DeliveryError(keyed('msg_exchange_consumer_gone'), true)")).toBe(false)
    expect(LITERAL_THROW.test("throw new Error('the consumer is gone')")).toBe(true)
  })
})
