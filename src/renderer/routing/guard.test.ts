// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { guardRoute, isPublicPath, PUBLIC_PATHS } from './guard'

describe('route guard (spec §2)', () => {
  it('a signed-in user visiting /login is sent to /', () => {
    expect(guardRoute('/login', 'signedIn')).toEqual({ kind: 'redirect', to: '/' })
    expect(guardRoute('/Login/', 'signedIn')).toEqual({ kind: 'redirect', to: '/' })
  })

  it('anyone not signed in elsewhere goes to /login, including unknown paths (the catch-all)', () => {
    for (const p of ['/', '/datahub/topic', '/no/such/page']) expect(guardRoute(p, 'signedOut')).toEqual({ kind: 'redirect', to: '/login' })
  })

  it('the public routes render without sign-in', () => {
    for (const p of PUBLIC_PATHS) expect(guardRoute(p, 'signedOut')).toEqual({ kind: 'render' })
    expect(isPublicPath('/approveDetailH5')).toBe(true)
    expect(isPublicPath('/approveDetailH5/x')).toBe(false)
  })

  it('public routes other than /login render for signed-in users too', () => {
    expect(guardRoute('/license', 'signedIn')).toEqual({ kind: 'render' })
  })

  it('signed-in users reach every other path (the shell decides what is there)', () => {
    expect(guardRoute('/', 'signedIn')).toEqual({ kind: 'render' })
    expect(guardRoute('/no/such/page', 'signedIn')).toEqual({ kind: 'render' })
  })

  it('waits while the stored session is checked, except /logout2 which always signs out', () => {
    expect(guardRoute('/', 'checking')).toEqual({ kind: 'wait' })
    expect(guardRoute('/login', 'checking')).toEqual({ kind: 'wait' })
    expect(guardRoute('/logout2', 'checking')).toEqual({ kind: 'render' })
    expect(guardRoute('/logout2', 'signedOut')).toEqual({ kind: 'render' })
  })
})
