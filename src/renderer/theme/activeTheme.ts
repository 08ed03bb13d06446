import { createContext, useContext } from 'react'
import { webLightTheme, type Theme } from '@fluentui/react-components'

/**
 * The theme object the console's FluentProvider paints with, for the few parts that need its
 * colours as values rather than as CSS variables: the charts hand colours to SVG attributes and
 * to their own contrast arithmetic, where `var(--colorX)` means nothing (it drew black slices).
 */
const ActiveTheme = createContext<Theme>(webLightTheme)

export const ActiveThemeProvider = ActiveTheme.Provider

export const useActiveTheme = (): Theme => useContext(ActiveTheme)
