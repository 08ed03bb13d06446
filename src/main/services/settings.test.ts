import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Conf from 'conf'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createMemoryStore } from './keyValueStore'
import { createSettings, EMBEDDED_PROFILE } from './settings'

// `conf` is electron-store's own pure-Node base: the same file format and behaviour as the app.
let dir: string
const openConf = () => new Conf<Record<string, unknown>>({ cwd: dir, configName: 'settings', clearInvalidConfig: true })
const file = () => path.join(dir, 'settings.json')

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'dh-settings-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('console settings', () => {
  it('starts in Chinese, following the system theme, on the embedded hub', () => {
    const s = createSettings(openConf())
    expect(s.console()).toEqual({ locale: 'zh-CN', localeChosen: false, theme: 'system', rememberedUsername: null, incidentNotifications: true })
    expect(s.currentProfile()).toEqual(EMBEDDED_PROFILE)
    expect(s.profiles()).toEqual([EMBEDDED_PROFILE])
    expect(s.windowBounds()).toBeNull()
  })

  it('keeps changes across restarts', () => {
    const s = createSettings(openConf())
    const changed = { locale: 'en', localeChosen: false, theme: 'dark', rememberedUsername: 'admin', incidentNotifications: false }
    expect(s.updateConsole(changed)).toEqual(changed)
    s.setWindowBounds({ x: 5, y: 6, width: 1300, height: 850, maximized: true })
    const again = createSettings(openConf())
    expect(again.console()).toEqual(changed)
    expect(again.windowBounds()).toEqual({ x: 5, y: 6, width: 1300, height: 850, maximized: true })
  })

  it('refuses unknown or malformed changes from the renderer and keeps what was there', () => {
    const s = createSettings(openConf())
    expect(() => s.updateConsole({ locale: 'fr' })).toThrow()
    expect(() => s.updateConsole({ theme: 'blue' })).toThrow()
    expect(() => s.updateConsole({ token: 'x' })).toThrow()
    expect(() => s.updateConsole('en')).toThrow()
    expect(() => s.updateConsole({ incidentNotifications: 'no' })).toThrow()
    expect(s.console()).toEqual({ locale: 'zh-CN', localeChosen: false, theme: 'system', rememberedUsername: null, incidentNotifications: true })
  })

  it('forgets the remembered username when it is cleared', () => {
    const s = createSettings(openConf())
    s.updateConsole({ rememberedUsername: 'admin' })
    expect(s.updateConsole({ rememberedUsername: '' }).rememberedUsername).toBeNull()
    s.updateConsole({ rememberedUsername: 'ops' })
    expect(s.updateConsole({ rememberedUsername: null }).rememberedUsername).toBeNull()
  })

  it('falls back to the default for each corrupt value without losing the valid ones', () => {
    writeFileSync(file(), JSON.stringify({ locale: 'klingon', theme: 'dark', rememberedUsername: 42, windowBounds: { width: 'wide' }, profiles: 'x', currentProfileId: 7 }))
    const s = createSettings(openConf())
    expect(s.console()).toEqual({ locale: 'zh-CN', localeChosen: false, theme: 'dark', rememberedUsername: null, incidentNotifications: true })
    expect(s.windowBounds()).toBeNull()
    expect(s.profiles()).toEqual([EMBEDDED_PROFILE])
    expect(s.currentProfile()).toEqual(EMBEDDED_PROFILE)
  })

  it('starts with defaults when the settings file is not JSON at all', () => {
    writeFileSync(file(), '{ this is not json')
    expect(createSettings(openConf()).console()).toEqual({ locale: 'zh-CN', localeChosen: false, theme: 'system', rememberedUsername: null, incidentNotifications: true })
  })
})

describe('hub profiles', () => {
  it('adds remote hubs beside the embedded one and switches between them', () => {
    const s = createSettings(createMemoryStore())
    s.saveRemoteProfile({ id: 'prod', name: 'Production', kind: 'remote', baseUrl: 'https://hub.example.com/datahub' })
    expect(s.profiles().map((p) => p.id)).toEqual(['embedded', 'prod'])
    expect(s.setCurrentProfile('prod')).toMatchObject({ baseUrl: 'https://hub.example.com/datahub' })
    expect(s.currentProfile().id).toBe('prod')
  })

  it('goes back to the embedded hub when the current remote profile is removed', () => {
    const s = createSettings(createMemoryStore())
    s.saveRemoteProfile({ id: 'prod', name: 'Production', kind: 'remote', baseUrl: 'https://hub.example.com' })
    s.setCurrentProfile('prod')
    s.removeRemoteProfile('prod')
    expect(s.currentProfile()).toEqual(EMBEDDED_PROFILE)
  })

  it('refuses hubs the token must not be sent to, and cannot replace the embedded profile', () => {
    const s = createSettings(createMemoryStore())
    expect(() => s.saveRemoteProfile({ id: 'x', name: 'X', kind: 'remote', baseUrl: 'file:///etc/passwd' })).toThrow()
    expect(() => s.saveRemoteProfile({ id: 'x', name: 'X', kind: 'remote', baseUrl: 'javascript:alert(1)' })).toThrow()
    expect(() => s.saveRemoteProfile({ id: 'embedded', name: 'X', kind: 'remote', baseUrl: 'https://a.example' })).toThrow()
    expect(() => s.setCurrentProfile('nope')).toThrow()
    expect(s.profiles()).toEqual([EMBEDDED_PROFILE])
  })

  it('writes only settings to the file', () => {
    const s = createSettings(openConf())
    s.saveRemoteProfile({ id: 'prod', name: 'Production', kind: 'remote', baseUrl: 'https://hub.example.com' })
    s.updateConsole({ rememberedUsername: 'admin' })
    expect(Object.keys(JSON.parse(readFileSync(file(), 'utf8'))).sort()).toEqual(['profiles', 'rememberedUsername'])
  })
})
