import { bundledMessages } from '../../../locales'
import { fillPlaceholders } from '../../../locales/placeholders'
import type { Locale } from '../../shared/locale'

export type DesktopKey = keyof (typeof bundledMessages)['zh-CN']['desktop']

/**
 * A text of the `desktop` namespace (menus, dialogs, notifications drawn by the main process),
 * with `{{name}}` parameters. Falls back to Chinese, the default language, then to the key.
 */
export function desktopText(locale: Locale, key: DesktopKey, params: Record<string, string | number> = {}): string {
  const table = bundledMessages[locale].desktop as Record<string, string>
  const text = table[key] ?? (bundledMessages['zh-CN'].desktop as Record<string, string>)[key] ?? key
  return fillPlaceholders(text, params)
}
