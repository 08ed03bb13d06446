import { describe, expect, it } from 'vitest'
import { accessibleTheme, consoleSurfaces } from './accessibleBrand'
import { contrastRatio, NON_TEXT_CONTRAST } from './contrast'
import { RING_COLOUR } from './FocusRings'

// The spec's default, Fluent's own blue, a green (skin.spec), a light yellow and a dark navy.
const COLOURS = ['#4DA1FF', '#0F6CBD', '#13A10E', '#FFD400', '#1B2A4A']

describe('the focus ring passes 3:1 against what it sits on (issue 44 item 7, WCAG 1.4.11)', () => {
  for (const colour of COLOURS) {
    for (const dark of [false, true]) {
      it(`${colour}, ${dark ? 'dark' : 'light'}: 2 px, and 3:1 on pages, cards, dialogs, hovered and selected rows`, () => {
        const theme = accessibleTheme(colour, dark)
        expect(theme.strokeWidthThick).toBe('2px')
        const surfaces = consoleSurfaces(theme)
        // Every surface kind is a solid colour in both modes: none is skipped unmeasured.
        expect(surfaces).toHaveLength(7)
        for (const surface of surfaces) expect(contrastRatio(theme[RING_COLOUR] as string, surface), `ring on ${surface}`).toBeGreaterThanOrEqual(NON_TEXT_CONTRAST)
      })
    }
  }
})
