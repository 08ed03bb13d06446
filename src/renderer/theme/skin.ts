import { isThemeMode, type ThemeMode, type UserThemeChoice } from '../../shared/rules/theme'
import { DEFAULT_THEME_COLOR, normalizeHex } from './brandRamp'

export interface Skin {
  color: string
  mode: ThemeMode
}

/**
 * The look the console shows: the user's own colour and mode where they chose one, else the
 * platform's (parameters theme.color and theme.mode), else the spec's defaults. A stored value
 * that cannot be read counts as not chosen.
 */
export function resolveSkin(platform: { color?: string; mode?: string }, user: { color?: string; theme: UserThemeChoice }): Skin {
  const platformMode: ThemeMode = isThemeMode(platform.mode) ? platform.mode : 'system'
  return {
    color: normalizeHex(user.color) ?? normalizeHex(platform.color) ?? DEFAULT_THEME_COLOR,
    mode: user.theme === 'default' ? platformMode : user.theme,
  }
}

/**
 * Colours offered on 皮肤管理 besides a hex of one's own: data the user picks from (each becomes
 * a brand ramp), not colours a component paints with.
 */
export const SKIN_PRESETS = ['#4DA1FF', '#0F6CBD', '#13A10E', '#8764B8', '#C239B3', '#D13438', '#CA5010', '#038387'] as const
