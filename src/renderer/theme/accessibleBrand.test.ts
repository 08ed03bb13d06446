import { describe, expect, it } from 'vitest'
import { createDarkTheme, createLightTheme } from '@fluentui/react-components'
import { pickBrandShades, pickShade, withAccessibleBrand } from './accessibleBrand'
import { brandRamp } from './brandRamp'
import { contrastRatio } from './contrast'

// The spec's default, Fluent's own blue, a green (skin.spec), a light yellow and a dark navy.
const COLOURS = ['#4DA1FF', '#0F6CBD', '#13A10E', '#FFD400', '#1B2A4A']

describe('brand shades picked by measured contrast (issue 44)', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#FFFFFF', '#000000')).toBeCloseTo(21, 5)
    // The audit's figure: white on the default colour.
    expect(contrastRatio('#FFFFFF', '#4DA1FF')).toBeCloseTo(2.67, 2)
  })

  it('darkens the default colour for white text on filled buttons and the title bar', () => {
    const ramp = brandRamp('#4DA1FF')
    const theme = withAccessibleBrand(createLightTheme(ramp), ramp, false)
    expect(theme.colorBrandBackground).not.toBe('#4DA1FF')
    expect(contrastRatio(theme.colorBrandBackground, theme.colorNeutralForegroundOnBrand)).toBeGreaterThanOrEqual(4.5)
    // As close to the brand as passes: the next lighter shade would fail.
    const { fill } = pickBrandShades(ramp, createLightTheme(ramp), false)
    expect(contrastRatio(ramp[(fill + 10) as typeof fill], '#FFFFFF')).toBeLessThan(4.5)
  })

  it('keeps a colour that already passes (Fluent blue) at shade 80 for fills', () => {
    const ramp = brandRamp('#0F6CBD')
    expect(pickBrandShades(ramp, createLightTheme(ramp), false).fill).toBe(80)
    expect(withAccessibleBrand(createLightTheme(ramp), ramp, false).colorBrandBackground).toBe('#0F6CBD')
  })

  for (const colour of COLOURS) {
    it(`${colour}: fills, links and the selected navigation text pass 4.5:1 in light and dark`, () => {
      const ramp = brandRamp(colour)
      for (const dark of [false, true]) {
        const theme = withAccessibleBrand(dark ? createDarkTheme(ramp) : createLightTheme(ramp), ramp, dark)
        expect(contrastRatio(theme.colorBrandBackground, theme.colorNeutralForegroundOnBrand)).toBeGreaterThanOrEqual(4.5)
        for (const surface of [theme.colorNeutralBackground1, theme.colorNeutralBackground2, theme.colorNeutralBackground3, theme.colorBrandBackground2]) {
          expect(contrastRatio(theme.colorBrandForegroundLink, surface)).toBeGreaterThanOrEqual(4.5)
          expect(contrastRatio(theme.colorBrandForeground1, surface)).toBeGreaterThanOrEqual(4.5)
          // NavTree's selected item: colorBrandForeground2 on colorBrandBackground2.
          expect(contrastRatio(theme.colorBrandForeground2, surface)).toBeGreaterThanOrEqual(4.5)
        }
      }
    })
  }

  it('falls back to the most extreme shade when none passes', () => {
    const grey = brandRamp('#808080')
    expect(pickShade(grey, [80, 90], ['#808080'])).toBe(90)
  })
})
