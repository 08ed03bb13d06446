import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { dictionarySeeds } from '../../../src/hub/store/seed/dictionaries'
import { languageSeeds } from '../../../src/hub/store/seed/languages'
import { menuTree, type MenuNode } from '../../../src/hub/store/seed/menuTree'
import { parameterSeeds } from '../../../src/hub/store/seed/parameters'
import { roleSeeds } from '../../../src/hub/store/seed/roles'

/** One text a user reads, in both languages: a locale key ('ns:key') or a seed label ('seed …'). */
export interface Text {
  id: string
  zh: string
  en: string
}

const localesDir = path.resolve(__dirname, '../../../locales')

function flatten(tree: unknown, prefix: string, into: Map<string, string>): void {
  if (typeof tree === 'string') into.set(prefix, tree)
  else if (tree && typeof tree === 'object') for (const [k, v] of Object.entries(tree)) flatten(v, prefix.endsWith(':') ? `${prefix}${k}` : `${prefix}.${k}`, into)
}

/** Every key of every JSON file under locales/ (read from disk, so a new file is never missed). */
function localeTexts(): Text[] {
  const read = (locale: string) => {
    const texts = new Map<string, string>()
    for (const file of readdirSync(path.join(localesDir, locale)).filter((f) => f.endsWith('.json'))) {
      flatten(JSON.parse(readFileSync(path.join(localesDir, locale, file), 'utf8')), `${file.replace(/\.json$/, '')}:`, texts)
    }
    return texts
  }
  const zh = read('zh-CN')
  const en = read('en')
  return [...zh].map(([id, text]) => ({ id, zh: text, en: en.get(id) ?? '' }))
}

function menuTexts(nodes: readonly MenuNode[]): Text[] {
  return nodes.flatMap((n) => [{ id: `seed menu ${n.key}`, zh: n.zh, en: n.en }, ...menuTexts(n.children ?? [])])
}

/** The seeded rows a user reads in the console: menus, dictionaries, parameters, roles, languages. */
function seedTexts(): Text[] {
  return [
    ...menuTexts(menuTree),
    ...dictionarySeeds.flatMap((d) => [
      { id: `seed dictionary ${d.dictType}`, zh: d.name, en: d.nameEn },
      ...d.values.map(([value, zh, en]) => ({ id: `seed dictionary ${d.dictType}:${value}`, zh, en })),
    ]),
    ...parameterSeeds.map((p) => ({ id: `seed parameter ${p.key}`, zh: p.name, en: p.nameEn })),
    ...roleSeeds.map((r) => ({ id: `seed role ${r.code}`, zh: r.name, en: r.nameEn })),
    ...languageSeeds.map((l) => ({ id: `seed language ${l.code}`, zh: l.name, en: l.nameEn })),
  ]
}

export const allTexts = (): Text[] => [...localeTexts(), ...seedTexts()]
