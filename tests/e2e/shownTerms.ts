import { termRules, typographyRules, type Rule } from '../integration/glossary/rules'
import { allTexts } from '../integration/glossary/texts'
import type { ShownText } from './shownTexts'

/**
 * Issue 43, "a walk of the main screens in both locales shows one term per concept": the
 * glossary's rules (tests/integration/glossary/rules.ts) applied to what a page shows. The
 * glossary test judges every locale text and seed label as written; the walk adds what only a
 * screen holds: texts put together from parts (`{{action}}{{objectType}}`), and the hub's own.
 * A text shown exactly as a locale or seed text is left to the glossary test (it knows the
 * exceptions by key); table cells are data and are not read.
 */
type Locale = 'zh-CN' | 'en'
const known = allTexts()
const written = { 'zh-CN': new Set(known.map((t) => t.zh)), en: new Set(known.map((t) => t.en)) }
const side = (locale: Locale) => (locale === 'en' ? 'en' : 'zh')

/** A text a rule allows by key, as a pattern its placeholders match anything in. */
const asPattern = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\\\{\w+\\\}\\\}/g, '.*?'), 'gu')
const allowedIn = (rule: Rule, locale: Locale): RegExp[] =>
  Object.keys(rule.allow ?? {}).flatMap((id) => known.filter((t) => t.id === id).map((t) => asPattern(t[side(locale)])))

/** The rules that judge one text alone: those whose `when` needs the other language's text cannot. */
const rulesFor = (locale: Locale) =>
  [...termRules, ...typographyRules].filter((r) => r.lang === side(locale) && !r.when).map((rule) => ({ rule, allowed: allowedIn(rule, locale) }))
const RULES = { 'zh-CN': rulesFor('zh-CN'), en: rulesFor('en') }

export function termFindings(texts: readonly ShownText[], locale: Locale): string[] {
  const found = new Set<string>()
  for (const { text, inCell } of texts) {
    if (inCell || written[locale].has(text)) continue
    for (const { rule, allowed } of RULES[locale]) {
      const rest = allowed.reduce((t, pattern) => t.replace(pattern, ' '), rule.prepare ? rule.prepare(text) : text)
      if (rule.forbid.test(rest)) found.add(`glossary (${rule.name}): ${text.slice(0, 120)}`)
    }
  }
  return [...found]
}
