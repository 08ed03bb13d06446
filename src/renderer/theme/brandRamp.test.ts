// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { brandRamp, DEFAULT_THEME_COLOR, normalizeHex, themeClassName } from './brandRamp'

const luminance = (hex: string): number => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16))
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
}
const steps = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160] as const

describe('brand ramp from theme.color', () => {
  it('puts the parameter colour itself at shade 80, where the light theme paints its primary surfaces', () => {
    expect(brandRamp('#4DA1FF')[80]).toBe('#4DA1FF')
    expect(brandRamp('#0f6cbd')[80]).toBe('#0F6CBD')
  })

  it('gives 16 valid colours from dark (10) to light (160)', () => {
    const ramp = brandRamp('#4DA1FF')
    for (const s of steps) expect(ramp[s]).toMatch(/^#[0-9A-F]{6}$/)
    for (let i = 1; i < steps.length; i++) expect(luminance(ramp[steps[i]!])).toBeGreaterThan(luminance(ramp[steps[i - 1]!]))
    expect(luminance(ramp[10])).toBeLessThan(40)
    expect(luminance(ramp[160])).toBeGreaterThan(230)
  })

  it('falls back to the spec default for an invalid colour instead of breaking the theme', () => {
    expect(brandRamp('not a colour')).toEqual(brandRamp(DEFAULT_THEME_COLOR))
    expect(brandRamp(undefined)[80]).toBe('#4DA1FF')
  })

  it('reads short and lower-case hex, and names the spec body class', () => {
    expect(normalizeHex('4af')).toBe('#44AAFF')
    expect(normalizeHex(' #4da1ff ')).toBe('#4DA1FF')
    expect(normalizeHex('#12345')).toBeNull()
    expect(themeClassName('#4da1ff')).toBe('custom-4DA1FF')
    expect(themeClassName('')).toBe('custom-4DA1FF')
  })
})
