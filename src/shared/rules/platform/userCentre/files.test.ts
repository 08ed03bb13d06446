import { describe, expect, it } from 'vitest'
import { baseName, hasImageExtension, imageTypeOf } from './files'

const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])
const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])

describe('image check', () => {
  it('knows PNG and JPEG by their magic bytes, not by the name', () => {
    expect(imageTypeOf(png)).toBe('png')
    expect(imageTypeOf(jpeg)).toBe('jpeg')
    expect(imageTypeOf(Uint8Array.from('not an image, only text', (c) => c.charCodeAt(0)))).toBeUndefined()
    expect(imageTypeOf(png.subarray(0, 4))).toBeUndefined()
    expect(imageTypeOf(new Uint8Array())).toBeUndefined()
  })

  it('accepts the extensions jpg, jpeg, png in any case', () => {
    expect(['a.jpg', 'b.JPEG', 'c.Png'].every(hasImageExtension)).toBe(true)
    expect(['a.gif', 'png', 'a.png.exe'].some(hasImageExtension)).toBe(false)
  })

  it('keeps only the base name of a path', () => {
    expect(baseName('C:\\Users\\me\\face.png')).toBe('face.png')
    expect(baseName('../../etc/passwd')).toBe('passwd')
    expect(baseName('  ')).toBe('file')
  })
})
