import { z } from 'zod'

/**
 * The console's look (皮肤管理): a theme colour and a mode. The platform default lives in the
 * parameters theme.color and theme.mode (administrator); a user's own choice, kept in the user's
 * preference, overrides it ('default' there means "as the platform says").
 */
export const THEME_COLOR_PARAMETER = 'theme.color'
export const THEME_MODE_PARAMETER = 'theme.mode'

/** 'system' follows the OS; 'light' / 'dark' force one. */
export const THEME_MODES = ['system', 'light', 'dark'] as const
export type ThemeMode = (typeof THEME_MODES)[number]
export const themeModeSchema = z.enum(THEME_MODES, { error: 'msg_theme_mode_invalid' })
export const isThemeMode = (v: unknown): v is ThemeMode => (THEME_MODES as readonly unknown[]).includes(v)

/** A user's choice of mode: one of the modes, or the platform's default. */
export const USER_THEME_CHOICES = ['default', ...THEME_MODES] as const
export type UserThemeChoice = (typeof USER_THEME_CHOICES)[number]

/** '#RRGGBB', the form theme.color has always had. */
export const THEME_COLOR_PATTERN = /^#[0-9A-Fa-f]{6}$/
export const themeColorSchema = z.string({ error: 'msg_theme_color_invalid' }).regex(THEME_COLOR_PATTERN, 'msg_theme_color_invalid')
