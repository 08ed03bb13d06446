import { describe, expect, it } from 'vitest'
import { navigationDecision, windowOpenDecision } from './navigation'
import { APP_ORIGIN } from './origin'

describe('navigation guard', () => {
  it('lets the console move between its own routes', () => {
    expect(navigationDecision('app://console/login', APP_ORIGIN)).toBe('allow')
    expect(navigationDecision('app://console/datahub/topic?id=1#x', APP_ORIGIN)).toBe('allow')
  })

  it('sends web links to the OS browser instead of loading them in the console', () => {
    expect(navigationDecision('https://example.com/help', APP_ORIGIN)).toBe('external')
    expect(navigationDecision('http://intranet.local/hub', APP_ORIGIN)).toBe('external')
  })

  it('refuses everything else', () => {
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'data:text/html,<script>1</script>', 'app://other/', 'app://console.evil.com/', 'smb://share/x', 'not a url']) {
      expect(navigationDecision(url, APP_ORIGIN)).toBe('deny')
    }
  })

  it('allows the dev server only when it is the app origin', () => {
    expect(navigationDecision('http://localhost:5173/login', 'http://localhost:5173')).toBe('allow')
    expect(navigationDecision('http://localhost:5174/login', 'http://localhost:5173')).toBe('external')
  })

  it('never opens a new Electron window; web links open externally', () => {
    expect(windowOpenDecision('https://example.com')).toEqual({ action: 'deny', openExternally: true })
    expect(windowOpenDecision('app://console/other')).toEqual({ action: 'deny', openExternally: false })
    expect(windowOpenDecision('file:///etc/hosts')).toEqual({ action: 'deny', openExternally: false })
  })
})
