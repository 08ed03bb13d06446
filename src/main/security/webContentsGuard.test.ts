import { describe, expect, it } from 'vitest'
import { APP_ORIGIN } from './origin'
import { guardContents, type GuardedContents, type PreventableEvent } from './webContentsGuard'

/** Mock of Electron's WebContents (the Electron binary cannot run here): records the handlers the guard installs. */
function mockContents() {
  const listeners = new Map<string, (event: PreventableEvent, ...rest: unknown[]) => void>()
  let openHandler: ((d: { url: string }) => { action: 'deny' }) | null = null
  const contents: GuardedContents = {
    setWindowOpenHandler: (h) => void (openHandler = h),
    on: (name, l) => listeners.set(name, l),
  }
  const opened: string[] = []
  guardContents(contents, APP_ORIGIN, (url) => opened.push(url))
  const fire = (name: string, url?: string, legacyUrl?: string) => {
    const event = { url, prevented: false, preventDefault: () => void (event.prevented = true) }
    listeners.get(name)?.(event, ...(legacyUrl ? [legacyUrl] : []))
    return event.prevented
  }
  return { fire, opened, open: (url: string) => openHandler?.({ url }), listeners }
}

describe('web contents guard (wiring)', () => {
  it('listens to navigation, redirects and webview attachment', () => {
    expect([...mockContents().listeners.keys()].sort()).toEqual(['will-attach-webview', 'will-navigate', 'will-redirect'])
  })

  it('lets the console move between its own routes', () => {
    const c = mockContents()
    expect(c.fire('will-navigate', 'app://console/datahub/topic')).toBe(false)
    expect(c.opened).toEqual([])
  })

  it('stops a navigation to the web and opens it in the OS browser instead', () => {
    const c = mockContents()
    expect(c.fire('will-navigate', 'https://example.com/help')).toBe(true)
    expect(c.fire('will-redirect', 'http://intranet.local/')).toBe(true)
    expect(c.opened).toEqual(['https://example.com/help', 'http://intranet.local/'])
  })

  it('stops file:, javascript: and foreign app: navigations without opening anything', () => {
    const c = mockContents()
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'app://console.evil/', 'ms-msdt:/id', '']) {
      expect(c.fire('will-navigate', url)).toBe(true)
    }
    expect(c.opened).toEqual([])
  })

  it('reads the URL from the legacy second argument too', () => {
    const c = mockContents()
    expect(c.fire('will-navigate', undefined, 'file:///etc/passwd')).toBe(true)
  })

  it('never creates a window; only web links reach the OS browser', () => {
    const c = mockContents()
    expect(c.open('https://example.com')).toEqual({ action: 'deny' })
    expect(c.open('app://console/other')).toEqual({ action: 'deny' })
    expect(c.open('file:///C:/Windows/System32/calc.exe')).toEqual({ action: 'deny' })
    expect(c.opened).toEqual(['https://example.com'])
  })

  it('refuses every <webview>', () => {
    expect(mockContents().fire('will-attach-webview')).toBe(true)
  })
})
