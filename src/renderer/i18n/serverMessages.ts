import type { i18n as I18n } from 'i18next'
import { fromWireLang, LOCALES, toWireLang } from '../../shared/locale'

/**
 * Merge the hub's texts (`platform.i18n` → data.messages: wire language 'cn' | 'en' → flat
 * 'ns:key' → text) over the bundled ones. A key without a namespace belongs to `messages`, the
 * hub's own namespace. Returns how many texts were merged (for logs and tests).
 */
export function mergeServerMessages(i18n: I18n, messages: Record<string, Record<string, string>>): number {
  let merged = 0
  for (const [wire, table] of Object.entries(messages)) {
    // Only languages the console has bundled texts for: another wire code ('ja-JP', activated by
    // an administrator) would otherwise fall back to Chinese and overwrite its texts.
    if (!LOCALES.some((l) => toWireLang(l) === wire)) continue
    const locale = fromWireLang(wire)
    const byNs = new Map<string, Record<string, string>>()
    for (const [fullKey, text] of Object.entries(table)) {
      const at = fullKey.indexOf(':')
      const ns = at > 0 ? fullKey.slice(0, at) : 'messages'
      const key = at > 0 ? fullKey.slice(at + 1) : fullKey
      if (!key || typeof text !== 'string') continue
      const bucket = byNs.get(ns) ?? {}
      bucket[key] = text
      byNs.set(ns, bucket)
    }
    for (const [ns, bucket] of byNs) {
      // deep + overwrite: the hub's text wins over the bundled one for the same key.
      i18n.addResourceBundle(locale, ns, bucket, true, true)
      merged += Object.keys(bucket).length
    }
  }
  return merged
}
