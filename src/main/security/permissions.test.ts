import { describe, expect, it } from 'vitest'
import { APP_ORIGIN } from './origin'
import { permissionDecision } from './permissions'

describe('permission requests', () => {
  it('denies device, location, notification and other permissions to everyone', () => {
    for (const p of ['media', 'geolocation', 'notifications', 'usb', 'hid', 'serial', 'openExternal', 'clipboard-read', 'fullscreen', 'unknown']) {
      expect(permissionDecision(p, 'app://console/', APP_ORIGIN)).toBe(false)
    }
  })

  it('lets only the console page write to the clipboard (copy buttons)', () => {
    expect(permissionDecision('clipboard-sanitized-write', 'app://console/login', APP_ORIGIN)).toBe(true)
    expect(permissionDecision('clipboard-sanitized-write', 'https://evil.example/', APP_ORIGIN)).toBe(false)
    expect(permissionDecision('clipboard-sanitized-write', undefined, APP_ORIGIN)).toBe(false)
  })

  it('answers the permission check (an origin without path) the same way', () => {
    expect(permissionDecision('clipboard-sanitized-write', 'app://console', APP_ORIGIN)).toBe(true)
    expect(permissionDecision('media', 'app://console', APP_ORIGIN)).toBe(false)
    expect(permissionDecision('clipboard-sanitized-write', 'app://console.evil', APP_ORIGIN)).toBe(false)
  })
})
