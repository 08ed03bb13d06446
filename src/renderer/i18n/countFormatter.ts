import type { FormatterModule } from 'i18next'
import { placeholderText } from '../../../locales/placeholders'

/**
 * i18next's formatter, replaced so the console writes a placeholder's value as the hub and the
 * desktop menus do (locales/placeholders.ts): `{{count}}` and `{{total}}` with ',' groups. No
 * template names a format (`{{x, number}}`), so nothing of the built-in formatter is lost.
 */
export const countFormatter: FormatterModule = {
  type: 'formatter',
  init: () => undefined,
  add: () => undefined,
  addCached: () => undefined,
  // i18next passes the placeholder's name as `interpolationkey` (not in its option types).
  format: (value, _format, _lng, options) => {
    const name = (options as { interpolationkey?: unknown } | undefined)?.interpolationkey
    return typeof value === 'number' && typeof name === 'string' ? placeholderText(name, value) : value
  },
}
