import { describe, expect, it, vi } from 'vitest'
import { IPC_CHANNELS } from '../../shared/ipc'
import type { HubProxy } from '../services/hubProxy'
import { createMemoryStore } from '../services/keyValueStore'
import { createSettings } from '../services/settings'
import type { LicenceFiles } from '../services/licenceFile'
import { createProfileService } from '../services/profiles'
import type { TokenVault } from '../services/tokenVault'
import { createIpcHandlers, type IpcHandlerDeps } from './handlers'

// Stand-ins: a proxy that echoes, an in-memory vault. The real ones are tested on their own.
function setup(over: Partial<IpcHandlerDeps> = {}) {
  const tokens = new Map<string, string>()
  const vault: TokenVault = {
    mode: 'keychain',
    get: async (id) => tokens.get(id) ?? null,
    set: async (id, t) => void tokens.set(id, t),
    clear: async (id) => void tokens.delete(id),
  }
  const proxy: HubProxy = {
    call: vi.fn(async (endpoint: string) => ({ ok: true as const, data: endpoint, message: '' })),
    upload: vi.fn(async (endpoint: string) => ({ ok: true as const, data: endpoint, message: '' })),
  }
  const licence: LicenceFiles = {
    uploadPath: vi.fn(async (path: string) => ({ ok: true as const, data: { path }, message: '' })),
    uploadBytes: vi.fn(async (name: string, bytes: Uint8Array) => ({ ok: true as const, data: { name, size: bytes.byteLength }, message: '' })),
  }
  const settings = createSettings(createMemoryStore())
  const handlers = createIpcHandlers({
    proxy,
    settings,
    vault,
    app: { version: '0.1.0', platform: 'linux' },
    bootstrapPassword: async () => 'Init-Pass-123',
    licence,
    chooseLicenceFile: async () => '/home/me/site.lic',
    profiles: createProfileService({ settings, vault, emit: () => {}, locale: () => 'en' }),
    ...over,
  })
  return { handlers, tokens, proxy, settings, licence }
}

describe('IPC handlers', () => {
  it('serve exactly the channels of the IPC contract', () => {
    expect(Object.keys(setup().handlers).sort()).toEqual([...IPC_CHANNELS].sort())
  })

  it('hand the embedded hub\'s first admin password over once, then never again', async () => {
    const { handlers } = setup()
    const first = await handlers['app.info']()
    expect(first).toEqual({
      version: '0.1.0',
      platform: 'linux',
      profile: { id: 'embedded', name: 'Embedded hub', kind: 'embedded' },
      vault: 'keychain',
      bootstrapPassword: 'Init-Pass-123',
    })
    expect((await handlers['app.info']()).bootstrapPassword).toBeNull()
  })

  it('keep offering the password until the hub has one (it may still be starting)', async () => {
    let password: string | null = null
    const { handlers } = setup({ bootstrapPassword: async () => password })
    expect((await handlers['app.info']()).bootstrapPassword).toBeNull()
    password = 'Later-Pass-1'
    expect((await handlers['app.info']()).bootstrapPassword).toBe('Later-Pass-1')
    expect((await handlers['app.info']()).bootstrapPassword).toBeNull()
  })

  it('never give the embedded hub\'s password to a remote profile', async () => {
    const { handlers, settings } = setup()
    settings.saveRemoteProfile({ id: 'prod', name: 'Prod', kind: 'remote', baseUrl: 'https://hub.example.com' })
    settings.setCurrentProfile('prod')
    expect((await handlers['app.info']()).bootstrapPassword).toBeNull()
  })

  it('say whether the current profile is signed in, without revealing the token', async () => {
    const { handlers, tokens } = setup()
    expect(await handlers['session.status']()).toEqual({ signedIn: false })
    tokens.set('embedded', 'tok')
    expect(await handlers['session.status']()).toEqual({ signedIn: true })
  })

  it('forward hub calls and refuse malformed payloads before they reach the proxy', async () => {
    const { handlers, proxy } = setup()
    expect(await handlers['hub.call']({ endpoint: 'platform.me', input: {} })).toEqual({ ok: true, data: 'platform.me', message: '' })
    for (const bad of [null, 'platform.me', { endpoint: 42 }, { endpoint: 'platform.me', url: 'http://evil' }]) {
      await expect(handlers['hub.call'](bad as never)).rejects.toThrow()
    }
    expect(proxy.call).toHaveBeenCalledTimes(1)
  })

  it('read and update the console settings', async () => {
    const { handlers } = setup()
    expect(await handlers['settings.get']()).toEqual({ locale: 'zh-CN', localeChosen: false, theme: 'system', rememberedUsername: null, incidentNotifications: true })
    expect(await handlers['settings.update']({ locale: 'en' })).toEqual({ locale: 'en', localeChosen: false, theme: 'system', rememberedUsername: null, incidentNotifications: true })
    await expect(handlers['settings.update']({ locale: 'de' } as never)).rejects.toThrow()
  })

  it('upload the licence the dialog chose, or report a cancelled dialog, and check licence payloads', async () => {
    const { handlers, licence } = setup()
    expect(await handlers['licence.choose']()).toEqual({ ok: true, data: { path: '/home/me/site.lic' }, message: '' })
    const cancelled = setup({ chooseLicenceFile: async () => null })
    expect(await cancelled.handlers['licence.choose']()).toEqual({ ok: false, code: '5040', message: '' })
    expect(cancelled.licence.uploadPath).not.toHaveBeenCalled()

    expect(await handlers['licence.upload']({ path: '/tmp/a.lic' })).toMatchObject({ ok: true, data: { path: '/tmp/a.lic' } })
    expect(await handlers['licence.uploadBytes']({ name: 'a.lic', bytes: new Uint8Array(3) })).toMatchObject({ ok: true, data: { name: 'a.lic', size: 3 } })
    for (const bad of [{ path: '' }, { path: 1 }, { path: '/a.lic', extra: 1 }]) await expect(handlers['licence.upload'](bad as never)).rejects.toThrow()
    for (const bad of [{ name: 'a.lic', bytes: [1, 2] }, { name: '', bytes: new Uint8Array(1) }]) await expect(handlers['licence.uploadBytes'](bad as never)).rejects.toThrow()
    expect(licence.uploadPath).toHaveBeenCalledTimes(2)
    expect(licence.uploadBytes).toHaveBeenCalledTimes(1)
  })
})
