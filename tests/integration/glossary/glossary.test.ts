import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { termRules, typographyRules, type Rule } from './rules'
import { allTexts, type Text } from './texts'

/**
 * One voice in both languages (issue 43, docs/glossary.md): every locale key and seeded label
 * uses the glossary's terms and typography. A failure names the text and the rule; where a
 * variant is right, the rule's allow-list says so.
 */
const texts = allTexts()

/** A placeholder's name is code, not wording: {{picked}} is not the word "picked". */
const anonymous = (text: string) => text.replace(/\{\{\s*\w+\s*\}\}/g, '{{}}')

function breaches(rules: Rule[]): string[] {
  return rules.flatMap((rule) =>
    texts.flatMap((text) => {
      if (rule.allow?.[text.id]) return []
      const own = (rule.prepare ?? String)(anonymous(text[rule.lang]))
      if (!rule.forbid.test(own)) return []
      if (rule.when && !rule.when.matches.test(text[rule.when.lang])) return []
      return [`${text.id} (${rule.lang}) "${text[rule.lang]}": ${rule.name}`]
    }),
  )
}

/**
 * Sentence case: after a sentence's first word, a capitalised word is a name (a product, a
 * protocol) or the label of another screen a text points to. The macOS application menu keeps
 * Apple's title case.
 */
const NAMES = new Set(
  ('English Chinese Excel Bean Java JavaScript JsonPath XPath DataHub Console Chromium Phoenix Server Schema Body Connect ' +
    'OpenID DingTalk WeCom Feishu Bearer Base SOAP WebService Windows Linux Docker Enter Organisations Positions Edit ' +
    'Disabled Change Add Application Processes Data This Incidents').split(' '),
)
const TITLE_CASE_ALLOWED = /^desktop:menu_|^common:product_name$/

function titleCased(text: Text): string[] {
  if (TITLE_CASE_ALLOWED.test(text.id)) return []
  const plain = text.en.replace(/\{\{[^}]*\}\}|\$\{[^}]*\}|"[^"]*"|“[^”]*”|'[^']*'|「[^」]*」/g, 'x')
  return plain
    .split(/(?<=[.:;!?(—–\n])\s*/)
    .flatMap((sentence) => sentence.trim().split(/\s+/).slice(1))
    .filter((word) => /^[A-Z][a-z]+[,)]?$/.test(word) && !NAMES.has(word.replace(/[,)]$/, '')))
    .map((word) => `${text.id} (en) "${text.en}": "${word}" in sentence case is lower case`)
}

/** The console's buttons, menu items and tabs whose label is one t('ns:key') child. */
function buttonKeys(): Set<string> {
  const root = path.resolve(__dirname, '../../../src/renderer')
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name)
      if (statSync(file).isDirectory()) return walk(file)
      return name.endsWith('.tsx') && !name.endsWith('.test.tsx') ? [file] : []
    })
  const LABELLED = /<(Button|ToolbarButton|MenuItem|ToggleButton|MenuButton|SplitButton)\b((?:[^<>]|=>|<[A-Z]\w*\s*\/>)*)>\s*\{(?:i18n\.)?t\(([^)]*)\)\}\s*<\/\1>/g
  const keys = new Set<string>()
  for (const file of walk(root)) {
    for (const m of readFileSync(file, 'utf8').matchAll(LABELLED)) for (const k of m[3]!.matchAll(/'([A-Za-z.]+:[^']+)'/g)) keys.add(k[1]!)
  }
  return keys
}

describe('glossary (docs/glossary.md)', () => {
  it('reads every locale key and the seeded labels', () => {
    expect(texts.length).toBeGreaterThan(2700)
    expect(texts.some((t) => t.id === 'seed menu platform.licence')).toBe(true)
  })

  it('uses one term per concept in both languages', () => {
    expect(breaches(termRules)).toEqual([])
  })

  it('names each alarm rule and object the same on screen and in mail', () => {
    const byId = new Map(texts.map((t) => [t.id, t]))
    const differing = texts
      .filter((t) => /^alarms:(rule|object)_(?!entity$|of_topic$|alone$|approval$)/.test(t.id))
      .flatMap((t) => {
        const mail = byId.get(`messages.alarms:msg_alarm_${t.id.slice('alarms:'.length)}`)
        return mail && mail.zh === t.zh && mail.en === t.en ? [] : [`${t.id} "${t.zh}" / "${t.en}" vs mail "${mail?.zh}" / "${mail?.en}"`]
      })
    expect(differing).toEqual([])
  })

  it('follows the typography of both languages', () => {
    expect(breaches(typographyRules)).toEqual([])
  })

  it('writes English in sentence case', () => {
    expect(texts.flatMap(titleCased)).toEqual([])
  })

  it('keeps button labels to 24 characters in English', () => {
    const keys = buttonKeys()
    expect(keys.size).toBeGreaterThan(100)
    const long = texts.filter((t) => keys.has(t.id) && t.en.length > 24).map((t) => `${t.id} "${t.en}" (${t.en.length})`)
    expect(long).toEqual([])
  })
})
