/**
 * Issue 43's "done when": no English sentence reaches a zh-CN reader. Set up for every node-project
 * test file (vitest.config.ts): it watches every text the hub renders for a reader — each
 * translated message and each plain text shown as it is (locales' observeReaderTexts) — and fails
 * the file when a zh-CN reader got a Latin-only sentence or a message key no locale has. So every
 * refusal, delivery error, run error, alarm and mail text the suite's runs produce is checked in
 * the language its reader has, not only the ones a test happens to assert.
 *
 * A peer's own words are expected inside a translated sentence (无法连接 …：ECONNREFUSED); shown
 * alone they are the finding. A file that means to show an English text to a zh-CN reader (an old
 * row written before texts were keyed) says so with `allowEnglishForReaders`.
 */
import { afterAll, expect } from 'vitest'
import { observeReaderTexts } from '../../locales'
import { englishForChinese } from './latinProse'

const allowed: { pattern: RegExp; why: string }[] = []
const found = new Map<string, string>()

/** This file shows `pattern` to zh-CN readers on purpose; `why` says why (kept for the reader of the test). */
export function allowEnglishForReaders(pattern: RegExp, why: string): void {
  allowed.push({ pattern, why })
}

observeReaderTexts((locale, text, key) => {
  if (locale !== 'zh-CN' || found.size >= 20) return
  const problem = englishForChinese(text, key)
  if (problem && !allowed.some((a) => a.pattern.test(text))) found.set(`${key ?? '(plain text)'}: ${text.slice(0, 200)}`, problem)
})

afterAll(() => {
  const list = [...found].map(([text, problem]) => `${problem} — ${text}`)
  expect(list, 'texts a zh-CN reader got in English (issue 43): key each one, or quote the peer inside a translated sentence').toEqual([])
})
