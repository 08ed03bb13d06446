import { createDarkTheme, createLightTheme, type BrandVariants, type Theme } from '@fluentui/react-components'
import { brandRamp } from './brandRamp'
import { contrastRatio, TEXT_CONTRAST } from './contrast'

type Step = keyof BrandVariants
const DARKER: Step[] = [80, 70, 60, 50, 40, 30, 20, 10]
const LIGHTER: Step[] = [100, 110, 120, 130, 140, 150, 160]

/**
 * The first shade, in the order given, that reaches `min` against every surface; if none does,
 * the last (the most extreme) one. Shades are tried from the brand colour outward, so the
 * console stays as close to the administrator's colour as the contrast allows.
 */
export function pickShade(ramp: BrandVariants, order: readonly Step[], surfaces: readonly string[], min = TEXT_CONTRAST): Step {
  for (const step of order) if (surfaces.every((s) => contrastRatio(ramp[step], s) >= min)) return step
  return order[order.length - 1]!
}

/** `step` moved `by` places along `order`, held at its ends (hover and pressed shades). */
const along = (order: readonly Step[], step: Step, by: number): Step => order[Math.min(order.length - 1, Math.max(0, order.indexOf(step) + by))]!

/** The shades issue 44 picks for a theme: the filled surfaces (white text on them) and brand text. */
export interface BrandPicks {
  fill: Step
  text: Step
}

/**
 * The surfaces the console's text and focus rings sit on: pages, cards and dialogs, hovered and
 * selected rows, the selected navigation item's brand tint (only the solid #RRGGBB ones).
 */
export function consoleSurfaces(theme: Theme): string[] {
  return [
    theme.colorNeutralBackground1,
    theme.colorNeutralBackground1Hover,
    theme.colorNeutralBackground2,
    theme.colorNeutralBackground3,
    theme.colorSubtleBackgroundHover,
    theme.colorSubtleBackgroundSelected,
    theme.colorBrandBackground2,
  ].filter((c) => /^#[0-9a-f]{6}$/i.test(c))
}

/**
 * Picks by measured contrast (WCAG 1.4.3, 4.5:1), for any theme colour and either mode: the fill
 * of primary buttons and the title bar against their white text; brand text (links, the login
 * heading, the selected navigation item) against every neutral surface it sits on and the
 * selected item's own brand tint. Light themes darken from shade 80, dark themes lighten from 100
 * for text; fills always darken (the text on them is white).
 */
export function pickBrandShades(ramp: BrandVariants, theme: Theme, dark: boolean): BrandPicks {
  const surfaces = consoleSurfaces(theme)
  const fill = pickShade(ramp, dark ? DARKER.slice(1) : DARKER, [theme.colorNeutralForegroundOnBrand])
  const text = pickShade(ramp, dark ? LIGHTER : DARKER, surfaces)
  return { fill, text }
}

/**
 * A Fluent theme whose brand tokens use the picked shades: the ramp itself stays the
 * administrator's colour (its shade 80 is the colour), only where text meets colour changes.
 */
export function withAccessibleBrand(theme: Theme, ramp: BrandVariants, dark: boolean): Theme {
  const { fill, text } = pickBrandShades(ramp, theme, dark)
  const textOrder = dark ? LIGHTER : DARKER
  const fillShade = (by: number) => ramp[along(DARKER, fill, by)]
  const textShade = (by: number) => ramp[along(textOrder, text, by)]
  return {
    ...theme,
    colorBrandBackground: fillShade(0),
    colorBrandBackgroundHover: fillShade(1),
    colorBrandBackgroundPressed: fillShade(3),
    colorBrandBackgroundSelected: fillShade(2),
    colorBrandBackgroundStatic: fillShade(0),
    colorCompoundBrandBackground: fillShade(0),
    colorCompoundBrandBackgroundHover: fillShade(1),
    colorCompoundBrandBackgroundPressed: fillShade(2),
    colorBrandForeground1: textShade(0),
    colorBrandForeground2: textShade(0),
    colorBrandForeground2Hover: textShade(1),
    colorBrandForeground2Pressed: textShade(2),
    colorBrandForegroundLink: textShade(0),
    colorBrandForegroundLinkHover: textShade(1),
    colorBrandForegroundLinkPressed: textShade(2),
    colorBrandForegroundLinkSelected: textShade(0),
    colorCompoundBrandForeground1: textShade(0),
    colorCompoundBrandForeground1Hover: textShade(1),
    colorCompoundBrandForeground1Pressed: textShade(2),
    colorNeutralForeground2BrandHover: textShade(0),
    colorNeutralForeground2BrandPressed: textShade(1),
    colorNeutralForeground2BrandSelected: textShade(0),
    colorNeutralForeground3BrandHover: textShade(0),
    colorNeutralForeground3BrandPressed: textShade(1),
    colorNeutralForeground3BrandSelected: textShade(0),
  }
}

/** The console's Fluent theme for a theme colour and mode: its ramp, with the picked shades. */
export function accessibleTheme(color: string | null | undefined, dark: boolean): Theme {
  const ramp = brandRamp(color)
  return withAccessibleBrand(dark ? createDarkTheme(ramp) : createLightTheme(ramp), ramp, dark)
}
