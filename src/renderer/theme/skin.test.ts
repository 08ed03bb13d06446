import { describe, expect, it } from 'vitest'
import { resolveSkin } from './skin'

describe('the skin the console shows', () => {
  it("takes the user's own colour and mode over the platform's", () => {
    expect(resolveSkin({ color: '#4DA1FF', mode: 'light' }, { color: '#13a10e', theme: 'dark' })).toEqual({ color: '#13A10E', mode: 'dark' })
  })

  it("follows the platform where the user chose nothing ('default', no colour)", () => {
    expect(resolveSkin({ color: '#8764B8', mode: 'dark' }, { theme: 'default' })).toEqual({ color: '#8764B8', mode: 'dark' })
  })

  it('falls back to the spec defaults for values that cannot be read', () => {
    expect(resolveSkin({ color: 'red', mode: 'sepia' }, { color: 'blue', theme: 'default' })).toEqual({ color: '#4DA1FF', mode: 'system' })
  })
})
