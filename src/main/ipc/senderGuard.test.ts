import { describe, expect, it } from 'vitest'
import { APP_ORIGIN } from '../security/origin'
import { guardedHandler, isTrustedSender } from './senderGuard'

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

describe('guarded IPC handler (wiring)', () => {
  const top = { parent: null }
  const sub = { parent: { url: 'app://console/' } }
  const make = () => {
    const seen: unknown[] = []
    const handler = guardedHandler('settings.get', async (p) => (seen.push(p), 'answer'), APP_ORIGIN)
    return { handler, seen }
  }

  it('answers the console page in its top frame', async () => {
    const { handler, seen } = make()
    await expect(handler({ senderFrame: { url: 'app://console/login', ...top } }, { a: 1 })).resolves.toBe('answer')
    expect(seen).toEqual([{ a: 1 }])
  })

  it('rejects an iframe, a foreign page or a destroyed frame before the handler sees the payload', async () => {
    const { handler, seen } = make()
    for (const senderFrame of [{ url: 'app://console/', ...sub }, { url: 'https://evil.example/', ...top }, null]) {
      await expect(handler({ senderFrame }, { secret: true })).rejects.toThrow('IPC settings.get refused: untrusted sender')
    }
    expect(seen).toEqual([])
  })
})
