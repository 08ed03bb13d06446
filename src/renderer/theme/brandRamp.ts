import type { BrandVariants } from '@fluentui/react-components'

/** Spec: the default theme colour (class custom-4DA1FF). */
export const DEFAULT_THEME_COLOR = '#4DA1FF'

/** '#4da1ff', '4DA1FF' or '#4af' → '#4DA1FF'; anything else → null. */
export function normalizeHex(input: string | null | undefined): string | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec((input ?? '').trim())
  if (!m) return null
  const h = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!
  return `#${h.toUpperCase()}`
}

/** The spec's theme class for the body: custom-4DA1FF. */
export const themeClassName = (hex: string): string => `custom-${(normalizeHex(hex) ?? DEFAULT_THEME_COLOR).slice(1)}`

type Rgb = [number, number, number]
const toRgb = (hex: string): Rgb => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb
const toHex = (rgb: Rgb): string => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('').toUpperCase()}`
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [0, 1, 2].map((i) => a[i]! + (b[i]! - a[i]!) * t) as Rgb

const STEPS = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160] as const
/** How far the darkest and lightest shades move toward black and white. */
const DARKEST = 0.85
const LIGHTEST = 0.9

/**
 * A Fluent brand ramp (10 darkest … 160 lightest) around one colour. Fluent's light theme paints
 * its primary surfaces with shade 80, so the parameter's colour is exactly shade 80; the shades
 * below mix toward black and the shades above toward white in even steps. An invalid colour
 * falls back to the spec's default rather than breaking the theme.
 */
export function brandRamp(color: string | null | undefined): BrandVariants {
  const base = toRgb(normalizeHex(color) ?? DEFAULT_THEME_COLOR)
  const ramp = {} as Record<(typeof STEPS)[number], string>
  for (const step of STEPS) {
    const k = step / 10
    if (k < 8) ramp[step] = toHex(mix(base, [0, 0, 0], ((8 - k) / 7) * DARKEST))
    else if (k > 8) ramp[step] = toHex(mix(base, [255, 255, 255], ((k - 8) / 8) * LIGHTEST))
    else ramp[step] = toHex(base)
  }
  return ramp as BrandVariants
}
