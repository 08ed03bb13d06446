// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { resolvePage } from './registry'

describe('page registry', () => {
  it("resolves the hub's seeded home route under common, case-insensitively, always the same lazy component", () => {
    const home = resolvePage('common', 'Home')
    expect(home).not.toBeNull()
    expect(resolvePage('common', 'home')).toBe(home)
  })

  it('has nothing for pages not built yet (the shell shows "module not yet available")', () => {
    expect(resolvePage('datahub', 'TopicList')).toBeNull()
    expect(resolvePage('common', null)).toBeNull()
    expect(resolvePage('nosuchapp', 'Home')).toBeNull()
  })
})
