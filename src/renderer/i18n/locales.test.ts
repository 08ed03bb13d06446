// @vitest-environment jsdom
/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest'
import { bundledMessages } from '../../../locales'

type Tables = Record<string, Record<string, string>>
const zh = bundledMessages['zh-CN'] as unknown as Tables
const en = bundledMessages.en as unknown as Tables

// The renderer's sources as text (Vite's glob keeps Node's fs out of renderer code).
const sources = import.meta.glob(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], { query: '?raw', import: 'default', eager: true }) as Record<string, string>

/** t('ns:key') / i18n.t("ns:key") literals; template keys (t(`messages:${k}`)) are dynamic by design. */
const T_CALL = /\bt\(\s*(['"])([^'"]+)\1/g
const usedKeys = (): { file: string; key: string }[] =>
  Object.entries(sources).flatMap(([file, text]) => [...text.matchAll(T_CALL)].map((m) => ({ file, key: m[2]! })))
const vars = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort()

describe('bundled locales', () => {
  it('zh-CN and en have the same namespaces', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort())
  })

  it.each(Object.keys(zh))('namespace %s has the same keys in zh-CN and en', (ns) => {
    expect(Object.keys(en[ns] ?? {}).sort()).toEqual(Object.keys(zh[ns] ?? {}).sort())
  })

  it.each(Object.keys(zh))('namespace %s: no empty text, same {{placeholders}} in both languages', (ns) => {
    for (const [key, text] of Object.entries(zh[ns]!)) {
      expect(text.trim(), `zh-CN ${ns}:${key}`).not.toBe('')
      expect(en[ns]![key]?.trim(), `en ${ns}:${key}`).not.toBe('')
      expect(vars(en[ns]![key] ?? ''), `${ns}:${key}`).toEqual(vars(text))
    }
  })

  it('the source scan sees the renderer (sanity check of the glob)', () => {
    expect(Object.keys(sources).some((f) => f.endsWith('LoginForm.tsx'))).toBe(true)
    expect(usedKeys().length).toBeGreaterThan(50)
  })

  it("every t('ns:key') literal in src/renderer names a namespace and exists in both locales", () => {
    const problems = usedKeys().flatMap(({ file, key }) => {
      const at = key.indexOf(':')
      if (at < 0) return [`${file}: t('${key}') has no namespace`]
      const [ns, k] = [key.slice(0, at), key.slice(at + 1)]
      // t('messages:' + key): a dynamic key under a fixed namespace.
      if (k === '') return zh[ns] ? [] : [`${file}: unknown namespace ${ns}`]
      // A plural key is there as key_one / key_other (i18next picks the form by count).
      return [zh, en].flatMap((table, i) => (table[ns]?.[k] === undefined && table[ns]?.[`${k}_other`] === undefined ? [`${file}: ${key} missing in ${i ? 'en' : 'zh-CN'}`] : []))
    })
    expect(problems).toEqual([])
  })
})
