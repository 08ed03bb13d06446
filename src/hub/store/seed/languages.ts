import type { Kysely } from 'kysely'
import { bundledMessages, NAMESPACES } from '../../../../locales'
import { LOCALES, toWireLang, type WireLang } from '../../../shared/locale'
import { isoNow, newId, seedId } from '../ids'
import type { HubDatabase } from '../schema'

export const languageSeeds = [
  { code: 'cn', name: '中文', nameEn: 'Chinese', isDefault: '1' },
  { code: 'en', name: 'English', nameEn: 'English', isDefault: '0' },
]

/** Adds the two language types (used and active) when missing; true when anything was added. */
export async function seedLanguageTypes(db: Kysely<HubDatabase>): Promise<boolean> {
  const at = isoNow()
  const result = await db
    .insertInto('lang_types')
    .values(languageSeeds.map((l) => ({
      id: seedId('lang_type', l.code),
      code: l.code,
      name: l.name,
      name_en: l.nameEn,
      is_default: l.isDefault,
      used: '1',
      status: '1',
      created_at: at,
      updated_at: at,
    })))
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
}

/** Nested JSON texts as i18next addresses them: 'ns:key.sub'. */
export function flattenMessages(ns: string, tree: unknown, prefix = ''): [string, string][] {
  if (typeof tree === 'string') return [[`${ns}:${prefix}`, tree]]
  if (!tree || typeof tree !== 'object') return []
  return Object.entries(tree).flatMap(([k, v]) => flattenMessages(ns, v, prefix ? `${prefix}.${k}` : k))
}

export function bundledTexts(): Map<WireLang, Map<string, string>> {
  return new Map(
    LOCALES.map((locale) => [
      toWireLang(locale),
      new Map(NAMESPACES.flatMap((ns) => flattenMessages(ns, bundledMessages[locale][ns]))),
    ]),
  )
}

const CHUNK = 200

/**
 * Brings the i18n table in line with the bundled locales: missing keys are added, and rows still
 * marked 'seed' follow text changes of a new release; rows an administrator edited ('admin')
 * are kept. Returns true when anything changed, so the language data version moves.
 */
export async function seedI18nMessages(db: Kysely<HubDatabase>): Promise<boolean> {
  const at = isoNow()
  const existing = await db.selectFrom('i18n_messages').select(['id', 'lang_code', 'message_key', 'message_value', 'origin']).execute()
  const byKey = new Map(existing.map((r) => [`${r.lang_code}\u0000${r.message_key}`, r]))
  const inserts = []
  let changed = false
  for (const [lang, texts] of bundledTexts()) {
    for (const [key, value] of texts) {
      const row = byKey.get(`${lang}\u0000${key}`)
      if (!row) {
        inserts.push({ id: newId(), lang_code: lang, message_key: key, message_value: value, origin: 'seed' as const, created_at: at, updated_at: at })
      } else if (row.origin === 'seed' && row.message_value !== value) {
        await db.updateTable('i18n_messages').set({ message_value: value, updated_at: at }).where('id', '=', row.id).execute()
        changed = true
      }
    }
  }
  for (let i = 0; i < inserts.length; i += CHUNK) {
    const result = await db
      .insertInto('i18n_messages')
      .values(inserts.slice(i, i + CHUNK))
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst()
    if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) changed = true
  }
  return changed
}
