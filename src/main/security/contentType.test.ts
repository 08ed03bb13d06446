import { describe, expect, it } from 'vitest'
import { contentTypeOf } from './contentType'

describe('content types of the renderer files', () => {
  it('serves scripts as JavaScript so module scripts load under nosniff', () => {
    expect(contentTypeOf('/r/assets/index-1.js')).toBe('text/javascript; charset=utf-8')
    expect(contentTypeOf('/r/index.html')).toBe('text/html; charset=utf-8')
    expect(contentTypeOf('/r/assets/a.CSS')).toBe('text/css; charset=utf-8')
    expect(contentTypeOf('/r/fonts/x.woff2')).toBe('font/woff2')
  })

  it('serves unknown files as bytes, never as something executable', () => {
    expect(contentTypeOf('/r/x.bin')).toBe('application/octet-stream')
    expect(contentTypeOf('/r/README')).toBe('application/octet-stream')
  })
})
