import { useEffect, useMemo, useSyncExternalStore } from 'react'
import type { Theme } from '@fluentui/react-components'
import type { ThemeMode } from '../../shared/rules/theme'
import { accessibleTheme } from './accessibleBrand'
import { DEFAULT_THEME_COLOR, themeClassName } from './brandRamp'

const DARK_QUERY = '(prefers-color-scheme: dark)'

const subscribeScheme = (onChange: () => void): (() => void) => {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {}
  const mq = window.matchMedia(DARK_QUERY)
  mq.addEventListener('change', onChange)
  return () => mq.removeEventListener('change', onChange)
}
const systemIsDark = (): boolean => typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(DARK_QUERY).matches

/** Whether the OS prefers dark, live (follows the system switch while the app runs). */
export const useSystemDark = (): boolean => useSyncExternalStore(subscribeScheme, systemIsDark, () => false)

/**
 * A Fluent theme from a colour (its brand ramp) and a mode: 'system' follows the OS, live.
 * The console's own theme and 皮肤管理's preview are both made here, so the preview shows
 * exactly what applying will. Brand text and fills use shades picked by contrast (accessibleBrand.ts).
 */
export function useSkinTheme(color: string | undefined, mode: ThemeMode): Theme {
  const systemDark = useSystemDark()
  const dark = mode === 'dark' || (mode === 'system' && systemDark)
  const hex = color || DEFAULT_THEME_COLOR
  // Issue 44: Fluent's fixed shades fail 4.5:1 for light colours like the default; picked by contrast.
  return useMemo(() => accessibleTheme(hex, dark), [hex, dark])
}

/**
 * The console's Fluent theme (resolved by theme/skin.ts from the parameters and the user's
 * preference). Also puts the spec's custom-<COLOUR> class on the body, where the spec applies
 * the theme colour.
 */
export function useConsoleTheme(color: string | undefined, mode: ThemeMode): Theme {
  const theme = useSkinTheme(color, mode)
  const hex = color || DEFAULT_THEME_COLOR
  useEffect(() => {
    const cls = themeClassName(hex)
    document.body.classList.add(cls)
    return () => document.body.classList.remove(cls)
  }, [hex])
  return theme
}
