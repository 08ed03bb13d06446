import type { Page } from '@playwright/test'
import { bundledMessages } from '../../locales'
import { menuTree, type MenuNode } from '../../src/hub/store/seed/menuTree'
import { englishForChinese } from '../support/latinProse'

/** One text a user sees on the page, and whether it is a table cell's value (data) or the console's own. */
export interface ShownText {
  text: string
  inCell: boolean
}

/**
 * Every text painted on the page now: text nodes with a box (not hidden, not in a code editor or
 * a field the user types in), the option a native select shows and the placeholders of empty
 * fields. Values inside table cells, and texts the console marks translate="no" (records' names), are
 * marked: they are data, which may be in any language.
 */
export async function shownTexts(page: Page): Promise<ShownText[]> {
  return page.evaluate(() => {
    const out: { text: string; inCell: boolean }[] = []
    const skip = 'script, style, textarea, [contenteditable], .monaco-editor, select, option, [hidden]'
    // Data: a table's cells, and what the console marks as a record's own words (translate="no": names of records).
    const inCell = (el: Element) => el.closest('td, [role="cell"], [role="gridcell"], [translate="no"]') !== null
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.trim()
      const parent = n.parentElement
      if (!text || !parent || parent.closest(skip)) continue
      if (getComputedStyle(parent).visibility === 'hidden') continue
      const range = document.createRange()
      range.selectNodeContents(n)
      const r = range.getBoundingClientRect()
      if (r.width === 0 || r.height === 0) continue
      out.push({ text, inCell: inCell(parent) })
    }
    for (const select of Array.from(document.querySelectorAll('select'))) {
      const chosen = select.selectedOptions[0]?.textContent?.trim()
      if (chosen && select.getClientRects().length) out.push({ text: chosen, inCell: inCell(select) })
    }
    for (const field of Array.from(document.querySelectorAll<HTMLInputElement>('input[placeholder], textarea[placeholder]'))) {
      if (!field.value && field.placeholder.trim() && field.getClientRects().length) out.push({ text: field.placeholder.trim(), inCell: inCell(field) })
    }
    return out
  })
}

type Locale = 'zh-CN' | 'en'
const tables = (locale: Locale) => Object.entries(bundledMessages[locale]) as [string, Record<string, string>][]

/** Keys that look like identifiers (a word with `_` or `.`), bare and with their namespace. */
const KEYS = new Set(tables('zh-CN').flatMap(([ns, table]) => Object.keys(table).filter((k) => /[_.]/.test(k)).flatMap((k) => [k, `${ns}:${k}`])))
const ZH_TEXTS = new Set(tables('zh-CN').flatMap(([, table]) => Object.values(table)))
const seedEnglish = (nodes: readonly MenuNode[]): string[] => nodes.flatMap((n) => [n.en, ...seedEnglish(n.children ?? [])])
/** What only the English console says: its locale's texts and the seed's English labels. */
const EN_TEXTS = new Set([...tables('en').flatMap(([, table]) => Object.values(table)), ...seedEnglish(menuTree)].filter((t) => !ZH_TEXTS.has(t)))

/** What is never data: a namespaced key (`alarms:channel_sms`), or a `{{placeholder}}` left in. */
const NS_KEY = /^[a-z][a-zA-Z.]*:[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/
const PLACEHOLDER = /\{\{\s*\w+\s*\}\}/
/** Four Latin words: a sentence, longer than the names records are given ("Order sink"). */
const SENTENCE = /(?:[A-Za-z]{2,}[^A-Za-z\p{Script=Han}]+){3}[A-Za-z]{2,}/u

/**
 * What a reader notices among the texts of one page: a message key shown as it is (one the
 * locales have, such as `channel_sms`, or a namespaced one) or a `{{placeholder}}` left in a
 * text, and in zh-CN English: a text of the English console, or a sentence of four words or more
 * outside a table (tests/support/latinProse.ts says what a Latin-only text is).
 *
 * Records are data in any language and may look like keys (`walk_x1`, "Order sink"): their codes
 * and names fill table cells, flow boxes and pickers. Hence a key-looking text counts only when
 * the locales have that key (a literal one missing fails src/renderer/i18n/locales.test.ts), and
 * inside a table only a key, a placeholder and a text of the English console count.
 */
export function textFindings(texts: readonly ShownText[], locale: Locale): string[] {
  const found = new Set<string>()
  for (const { text, inCell } of texts) {
    if (NS_KEY.test(text) || KEYS.has(text) || (!inCell && PLACEHOLDER.test(text))) found.add(`raw key: ${text}`)
    else if (locale === 'zh-CN' && englishForChinese(text, null) !== null && (EN_TEXTS.has(text) || (!inCell && SENTENCE.test(text))))
      found.add(`English in zh-CN: ${text.slice(0, 120)}`)
  }
  return [...found]
}
