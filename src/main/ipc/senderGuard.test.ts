import { describe, expect, it } from 'vitest'
import { APP_ORIGIN } from '../security/origin'
import { isTrustedSender } from './senderGuard'

describe('IPC sender guard', () => {
  it('trusts the console page in the top frame', () => {
    expect(isTrustedSender({ url: 'app://console/', isMainFrame: true }, APP_ORIGIN)).toBe(true)
    expect(isTrustedSender({ url: 'app://console/datahub/topic?id=1', isMainFrame: true }, APP_ORIGIN)).toBe(true)
  })

  it('refuses a frame inside the page, even of the same origin', () => {
    expect(isTrustedSender({ url: 'app://console/', isMainFrame: false }, APP_ORIGIN)).toBe(false)
  })

  it('refuses other origins and look-alikes', () => {
    for (const url of ['https://evil.example/', 'app://console.evil/', 'app://consoles/', 'app://evil@console.evil/', 'file:///index.html', 'about:blank', 'data:text/html,x', '']) {
      expect(isTrustedSender({ url, isMainFrame: true }, APP_ORIGIN)).toBe(false)
    }
  })

  it('refuses a destroyed or unknown frame', () => {
    expect(isTrustedSender(null, APP_ORIGIN)).toBe(false)
    expect(isTrustedSender(undefined, APP_ORIGIN)).toBe(false)
  })

  it('trusts the dev server only when it is the app origin (development)', () => {
    expect(isTrustedSender({ url: 'http://localhost:5173/login', isMainFrame: true }, 'http://localhost:5173')).toBe(true)
    expect(isTrustedSender({ url: 'http://localhost:5173/login', isMainFrame: true }, APP_ORIGIN)).toBe(false)
  })
})
