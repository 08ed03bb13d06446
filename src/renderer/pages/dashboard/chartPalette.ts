import type { Theme } from '@fluentui/react-components'

/**
 * The tokens a chart's series (or a pie's slices) take in turn: the brand colour first, then
 * Fluent palette colours of clearly different hues. `BorderActive` is each palette's strong
 * shade, which the dark theme lightens, so both themes get colours made for their background.
 */
export const CHART_PALETTE_TOKENS = [
  'colorBrandBackground',
  'colorPaletteBerryBorderActive',
  'colorPaletteTealBorderActive',
  'colorPaletteMarigoldBorderActive',
  'colorPaletteGreenBorderActive',
  'colorPaletteDarkOrangeBorderActive',
  'colorPalettePurpleBorderActive',
  'colorPalettePinkBorderActive',
  'colorPaletteSteelBorderActive',
  'colorPaletteLavenderBorderActive',
  'colorPaletteCranberryBorderActive',
  'colorPaletteForestBorderActive',
] as const satisfies readonly (keyof Theme)[]

/** The colour of the i-th series or slice, as the theme's concrete value (the charts cannot read CSS variables). */
export const chartColor = (theme: Theme, i: number): string => theme[CHART_PALETTE_TOKENS[i % CHART_PALETTE_TOKENS.length]!]
