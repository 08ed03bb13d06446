import { useEffect, useMemo, useSyncExternalStore } from 'react'
import { createDarkTheme, createLightTheme, type Theme } from '@fluentui/react-components'
import { brandRamp, DEFAULT_THEME_COLOR, themeClassName } from './brandRamp'

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
 * The Fluent theme from the `theme.color` parameter and the user's theme preference: dark mode
 * follows the system unless the preference forces light or dark. Also puts the spec's
 * custom-<COLOUR> class on the body, where the spec applies the theme colour.
 */
export function useConsoleTheme(color: string | undefined, preference: 'system' | 'light' | 'dark'): Theme {
  const systemDark = useSystemDark()
  const dark = preference === 'dark' || (preference === 'system' && systemDark)
  const hex = color || DEFAULT_THEME_COLOR
  const theme = useMemo(() => {
    const ramp = brandRamp(hex)
    return dark ? createDarkTheme(ramp) : createLightTheme(ramp)
  }, [hex, dark])
  useEffect(() => {
    const cls = themeClassName(hex)
    document.body.classList.add(cls)
    return () => document.body.classList.remove(cls)
  }, [hex])
  return theme
}
