import { describe, expect, it } from 'vitest'
import { parseAppUpdateYml, resolveUpdateFeed, startUpdateChecks, UPDATE_CHECK_INTERVAL_MS, type UpdaterLike } from './updates'

const build = { url: 'https://updates.example.com/datahub', channel: 'latest' as const }

describe('update feed', () => {
  it('is off in development and when nothing configures a feed', () => {
    expect(resolveUpdateFeed({ isPackaged: false, stored: undefined, buildFeed: build })).toEqual({ feed: null, reason: 'development' })
    expect(resolveUpdateFeed({ isPackaged: true, stored: undefined, buildFeed: null })).toEqual({ feed: null, reason: 'no-feed' })
  })

  it('uses the feed written at build time', () => {
    expect(resolveUpdateFeed({ isPackaged: true, stored: undefined, buildFeed: build })).toEqual({ feed: { ...build, source: 'build' } })
  })

  it('lets the setting override the feed or the channel, or turn updates off', () => {
    expect(resolveUpdateFeed({ isPackaged: true, stored: { feedUrl: 'https://mirror.local/dh', channel: 'beta' }, buildFeed: build })).toEqual({
      feed: { url: 'https://mirror.local/dh', channel: 'beta', source: 'settings' },
    })
    expect(resolveUpdateFeed({ isPackaged: true, stored: { channel: 'beta' }, buildFeed: build })).toEqual({ feed: { ...build, channel: 'beta', source: 'build' } })
    expect(resolveUpdateFeed({ isPackaged: true, stored: { enabled: false }, buildFeed: build })).toEqual({ feed: null, reason: 'disabled' })
  })

  it('refuses plain-http or malformed settings by turning updates off', () => {
    for (const stored of [{ feedUrl: 'http://mirror.local/dh' }, { feedUrl: 'file:///tmp/x' }, { channel: 'nightly' }, { feedUrl: 'https://x', extra: 1 }, 'yes']) {
      expect(resolveUpdateFeed({ isPackaged: true, stored, buildFeed: build })).toEqual({ feed: null, reason: 'invalid-setting' })
    }
  })

  it('reads app-update.yml as electron-builder writes it', () => {
    const yml = 'provider: generic\nurl: https://updates.example.com/datahub\nchannel: beta\nupdaterCacheDirName: datahub-console-updater\n'
    expect(parseAppUpdateYml(yml)).toEqual({ url: 'https://updates.example.com/datahub', channel: 'beta' })
    expect(parseAppUpdateYml("provider: generic\nurl: 'https://u.example.com/'\n")).toEqual({ url: 'https://u.example.com/', channel: 'latest' })
    expect(parseAppUpdateYml('provider: generic\nurl: http://u.example.com/\n')).toBeNull()
    expect(parseAppUpdateYml('provider: github\n')).toBeNull()
  })
})

/** Mock of electron-updater's autoUpdater: it drives Electron, which cannot run here. */
function mockUpdater() {
  const calls: string[] = []
  const updater: UpdaterLike = {
    channel: null,
    autoDownload: false,
    setFeedURL: (o) => void calls.push(`feed ${o.url} ${o.channel}`),
    checkForUpdatesAndNotify: async () => void calls.push('check'),
  }
  return { updater, calls }
}

describe('update checks', () => {
  it('check at start and every few hours, with the feed set at run time when it came from the settings', async () => {
    const { updater, calls } = mockUpdater()
    const timers: number[] = []
    const state = await startUpdateChecks({
      decision: { feed: { url: 'https://mirror.local/dh', channel: 'beta', source: 'settings' } },
      loadUpdater: async () => updater,
      log: () => {},
      setInterval: (_fn, ms) => timers.push(ms),
    })
    expect(state).toBe('checking')
    expect(calls).toEqual(['feed https://mirror.local/dh beta', 'check'])
    expect(updater.channel).toBe('beta')
    expect(timers).toEqual([UPDATE_CHECK_INTERVAL_MS])
  })

  it('leave the build feed to electron-updater (app-update.yml)', async () => {
    const { updater, calls } = mockUpdater()
    await startUpdateChecks({ decision: { feed: { ...build, source: 'build' } }, loadUpdater: async () => updater, log: () => {}, setInterval: () => 0 })
    expect(calls).toEqual(['check'])
  })

  it('stay off without a feed or without electron-updater, and say why', async () => {
    const lines: string[] = []
    const load = async () => {
      lines.push('loaded')
      return null
    }
    expect(await startUpdateChecks({ decision: { feed: null, reason: 'no-feed' }, loadUpdater: load, log: (l) => lines.push(l) })).toBe('off')
    expect(await startUpdateChecks({ decision: { feed: { ...build, source: 'build' } }, loadUpdater: load, log: (l) => lines.push(l) })).toBe('off')
    expect(lines).toEqual(['updates off: no-feed', 'loaded', 'updates off: electron-updater could not be loaded'])
  })
})
