import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createMemoryStore } from './keyValueStore'
import { policyFilePath, readPolicy, type PolicyRead } from './policy'
import { createProfileService } from './profiles'
import { createSettings, EMBEDDED_PROFILE } from './settings'
import { createTokenVault } from './tokenVault'
import { resolveUpdateFeed } from './updates'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'dh-policy-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** A policy file on disk, read as the app reads it at start. */
function policyFile(content: unknown): PolicyRead {
  const file = path.join(dir, 'policy.json')
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content))
  return readPolicy(file, (f) => readFileSync(f, 'utf8'))
}
const corp = { id: 'corp', name: 'Corporate hub', baseUrl: 'https://hub.corp.example/' }
const nobody = { AsyncEntry: class { setPassword(): never { throw new Error('no keychain') } getPassword(): never { throw new Error('no keychain') } deletePassword(): never { throw new Error('no keychain') } } }
const profileService = async (policy: PolicyRead) => {
  const settings = createSettings(createMemoryStore(), policy)
  return { settings, profiles: createProfileService({ settings, vault: await createTokenVault({ keyring: nobody }), emit: () => {}, locale: () => 'en' }) }
}

describe('the machine policy file (IT presets)', () => {
  it("lives in each OS's place for machine-wide settings", () => {
    expect(policyFilePath('win32', { ProgramData: 'D:\\ProgramData' })).toBe('D:\\ProgramData\\DataHub Console\\policy.json')
    expect(policyFilePath('win32', {})).toBe('C:\\ProgramData\\DataHub Console\\policy.json')
    expect(policyFilePath('darwin', {})).toBe('/Library/Application Support/DataHub Console/policy.json')
    expect(policyFilePath('linux', {})).toBe('/etc/datahub-console/policy.json')
  })

  it('none there is no policy; one that cannot be applied says why and applies nothing', () => {
    expect(readPolicy(path.join(dir, 'absent.json'), (f) => readFileSync(f, 'utf8'))).toMatchObject({ policy: null, error: null })
    expect(policyFile('{ "profiles": [').error).toMatch(/policy\.json: .*JSON/)
    expect(policyFile({ lockProfiles: true }).error).toMatch(/lockProfiles: locking needs at least one profile/)
    expect(policyFile({ profiles: [corp], currentProfile: 'other' }).error).toMatch(/currentProfile: 'other' is none of the policy's profiles/)
    expect(policyFile({ profiles: [corp], colour: 'red' }).error).toMatch(/colour|Unrecognized/)
    expect(policyFile({ profiles: [{ ...corp, baseUrl: 'ftp://hub' }] }).error).toMatch(/profiles\.0\.baseUrl/)
    expect(policyFile({ profiles: [corp, corp] }).error).toMatch(/two profiles share an id/)
  })

  it("presets a hub: offered beside the embedded one and the user's own, managed, and started on", async () => {
    const policy = policyFile({ profiles: [corp], currentProfile: 'corp' })
    const { settings, profiles } = await profileService(policy)
    await profiles.save({ name: 'Mine', baseUrl: 'https://mine.example' })
    expect(settings.profiles().map((p) => [p.id === 'corp' || p.id === 'embedded' ? p.id : 'own', p.managed === true])).toEqual([['embedded', false], ['corp', true], ['own', false]])
    expect(settings.currentProfile()).toEqual({ id: 'corp', name: 'Corporate hub', kind: 'remote', baseUrl: 'https://hub.corp.example', managed: true })
    // The user's own choice is kept over the preset.
    settings.setCurrentProfile('embedded')
    expect(settings.currentProfile()).toEqual(EMBEDDED_PROFILE)
    expect(profiles.list().policy).toEqual({ locked: false, error: null })
  })

  it('a managed profile cannot be edited or removed from the console', async () => {
    const { settings, profiles } = await profileService(policyFile({ profiles: [corp] }))
    expect(await profiles.save({ id: 'corp', name: 'Renamed', baseUrl: 'https://elsewhere.example' })).toEqual({ ok: false, message: 'This connection is managed by your organisation and cannot be edited or removed' })
    expect(await profiles.remove('corp')).toMatchObject({ ok: false, message: expect.stringMatching(/managed by your organisation/) })
    expect(settings.profiles().find((p) => p.id === 'corp')?.baseUrl).toBe('https://hub.corp.example')
  })

  it('a lock offers only the policy\'s hubs: no embedded hub, none to add, and a stored choice outside them falls back', async () => {
    const store = createMemoryStore()
    store.set('profiles', [{ id: 'own', name: 'Mine', kind: 'remote', baseUrl: 'https://mine.example' }])
    store.set('currentProfileId', 'own')
    const policy = policyFile({ profiles: [corp, { id: 'dr', name: 'DR hub', baseUrl: 'https://dr.corp.example' }], currentProfile: 'dr', lockProfiles: true })
    const settings = createSettings(store, policy)
    expect(settings.profiles().map((p) => p.id)).toEqual(['corp', 'dr'])
    expect(settings.currentProfile().id).toBe('dr')
    const profiles = createProfileService({ settings, vault: await createTokenVault({ keyring: nobody }), emit: () => {}, locale: () => 'zh-CN' })
    expect(await profiles.save({ name: 'Mine again', baseUrl: 'https://mine.example' })).toEqual({ ok: false, message: '数据中心连接由组织统一设置，不能添加' })
    expect(await profiles.switchTo('embedded')).toMatchObject({ ok: false })
    expect(profiles.list()).toMatchObject({ currentId: 'dr', policy: { locked: true, error: null } })
  })

  it("sets the update feed over the settings file's, or turns updates off", () => {
    const build = { url: 'https://updates.vendor.example', channel: 'latest' as const }
    const mirror = policyFile({ updates: { feedUrl: 'https://mirror.corp.example/datahub', channel: 'beta' } }).policy!.updates
    expect(resolveUpdateFeed({ isPackaged: true, stored: { feedUrl: 'https://user.example' }, buildFeed: build, policy: mirror })).toEqual({ feed: { url: 'https://mirror.corp.example/datahub', channel: 'beta', source: 'policy' } })
    const off = policyFile({ updates: { enabled: false } }).policy!.updates
    expect(resolveUpdateFeed({ isPackaged: true, stored: { feedUrl: 'https://user.example' }, buildFeed: build, policy: off })).toEqual({ feed: null, reason: 'disabled' })
    expect(policyFile({ updates: { feedUrl: 'http://plain.example' } }).error).toMatch(/updates\.feedUrl/)
  })
})
