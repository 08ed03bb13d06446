import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy } from './csp'

const parse = (csp: string): Record<string, string[]> => Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]))

describe('content security policy', () => {
  const csp = parse(contentSecurityPolicy())

  it('runs only the app\'s own scripts: no inline, no eval, no remote', () => {
    expect(csp['script-src']).toEqual(["'self'"])
    expect(csp['default-src']).toEqual(["'self'"])
  })

  it('lets the page connect to nothing but itself (hub calls go through IPC)', () => {
    expect(csp['connect-src']).toEqual(["'self'"])
  })

  it('allows inline styles (Griffel), data/blob images, data fonts and blob workers (Monaco)', () => {
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"])
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:'])
    expect(csp['font-src']).toEqual(["'self'", 'data:'])
    expect(csp['worker-src']).toEqual(["'self'", 'blob:'])
  })

  it('names no remote host, wildcard, eval or plain-http source anywhere', () => {
    const all = Object.values(csp).flat()
    for (const bad of ["'unsafe-eval'", "'wasm-unsafe-eval'", '*', 'http:', 'https:', 'ws:', 'file:']) expect(all).not.toContain(bad)
    expect(all.every((v) => v.startsWith("'") || v === 'data:' || v === 'blob:')).toBe(true)
  })

  it('forbids plugins, base rewriting, framing and form posts', () => {
    expect(csp['object-src']).toEqual(["'none'"])
    expect(csp['base-uri']).toEqual(["'none'"])
    expect(csp['frame-ancestors']).toEqual(["'none'"])
    expect(csp['form-action']).toEqual(["'none'"])
  })
})
