import { describe, expect, it } from 'vitest'
import { createDeepLinkRouter, deepLinkIn, parseDeepLink, protocolClientArgs } from './deepLink'

const TOKEN = 'eyJuIjoiYWJjIiwidCI6InQxIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ'

describe('the datahub-console:// deep link', () => {
  it('opens the unsigned approval page on the link’s token, however the OS writes the link', () => {
    const page = { path: `/approveDetail?token=${TOKEN}` }
    expect(parseDeepLink(`datahub-console://approve?token=${TOKEN}`)).toEqual(page)
    expect(parseDeepLink(`datahub-console://approve/?token=${TOKEN}`)).toEqual(page)
    expect(parseDeepLink(`datahub-console:approve?token=${TOKEN}`)).toEqual(page)
    expect(parseDeepLink(`DATAHUB-CONSOLE://Approve?token=${TOKEN}`)).toEqual(page)
    expect(parseDeepLink(`  datahub-console://approve?token=${TOKEN}&x=1  `)).toEqual(page)
  })

  it('ignores anything else: other schemes and actions, a missing, short or odd token', () => {
    expect(parseDeepLink(`https://hub.example/approve?token=${TOKEN}`)).toBeNull()
    expect(parseDeepLink(`datahub-console://login?token=${TOKEN}`)).toBeNull()
    expect(parseDeepLink('datahub-console://approve')).toBeNull()
    expect(parseDeepLink('datahub-console://approve?token=short')).toBeNull()
    expect(parseDeepLink(`datahub-console://approve?token=${TOKEN}<script>`)).toBeNull()
    expect(parseDeepLink('not a url')).toBeNull()
  })

  it('finds the link among a start’s arguments (Windows and Linux pass it so; Electron adds its own flags)', () => {
    expect(deepLinkIn(['/opt/DataHub Console/datahub-console', '--no-sandbox', `datahub-console://approve?token=${TOKEN}`])?.path).toBe(`/approveDetail?token=${TOKEN}`)
    expect(deepLinkIn(['/opt/DataHub Console/datahub-console', '--allow-file-access-from-files'])).toBeNull()
  })

  it('keeps a link that came before the window for its first page, then shows later ones in the running console', () => {
    const router = createDeepLinkRouter()
    expect(router.receive(['electron', `datahub-console://approve?token=${TOKEN}`])).toBe(true)
    expect(router.receive('datahub-console://settings')).toBe(false)
    expect(router.takePending()).toBe(`/approveDetail?token=${TOKEN}`)
    expect(router.takePending()).toBeNull()
    const shown: string[] = []
    router.ready((path) => shown.push(path))
    router.receive(`datahub-console://approve?token=${TOKEN}X`)
    expect(shown).toEqual([`/approveDetail?token=${TOKEN}X`])
    expect(router.takePending()).toBeNull()
  })

  it('registers the packaged app as the scheme’s handler, and in development the entry script with Electron', () => {
    expect(protocolClientArgs({ defaultApp: false, execPath: '/opt/app/datahub-console', argv: ['/opt/app/datahub-console'], resolve: (p) => p })).toEqual(['datahub-console'])
    expect(protocolClientArgs({ defaultApp: true, execPath: '/x/electron', argv: ['/x/electron', 'out/main/index.js'], resolve: (p) => `/repo/${p}` })).toEqual(['datahub-console', '/x/electron', ['/repo/out/main/index.js']])
  })
})
