import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadHubConfig } from '../../hub/config'
import { startHub, type RunningHub } from '../../hub/server'
import { HUB_VERSION } from '../../hub/version'
import { createIpcHandlers } from '../ipc/handlers'
import type { IpcEvent, IpcEvents } from '../../shared/ipc'
import { createMemoryStore } from './keyValueStore'
import { createProfileService } from './profiles'
import { createSettings } from './settings'
import { createTokenVault, type KeyringModule } from './tokenVault'

/** A keyring whose every call fails: the vault falls back to this run's memory (no OS keychain in unit tests). */
const brokenKeyring: KeyringModule = {
  AsyncEntry: class {
    setPassword(): never {
      throw new Error('no keychain in unit tests')
    }
    getPassword(): never {
      throw new Error('no keychain in unit tests')
    }
    deletePassword(): never {
      throw new Error('no keychain in unit tests')
    }
  },
}

async function setup() {
  const settings = createSettings(createMemoryStore())
  const memoryVault = await createTokenVault({ keyring: brokenKeyring })
  const events: { event: IpcEvent; data: unknown }[] = []
  const emit = <E extends IpcEvent>(event: E, data: IpcEvents[E]) => void events.push({ event, data })
  const profiles = createProfileService({ settings, vault: memoryVault, emit, locale: () => 'en', timeoutMs: 2000 })
  const handlers = createIpcHandlers({
    proxy: { call: async () => ({ ok: true, data: null, message: '' }), upload: async () => ({ ok: true, data: null, message: '' }) },
    settings,
    vault: memoryVault,
    app: { version: '0.1.0', platform: 'linux' },
    bootstrapPassword: async () => null,
    licence: { uploadPath: async () => ({ ok: true, data: null, message: '' }), uploadBytes: async () => ({ ok: true, data: null, message: '' }) },
    chooseLicenceFile: async () => null,
    profiles,
  })
  return { settings, memoryVault, events, handlers }
}

async function addRemote(handlers: Awaited<ReturnType<typeof setup>>['handlers'], name = 'Prod', baseUrl = 'https://hub.example.com/') {
  const r = await handlers['profiles.save']({ name, baseUrl })
  if (!r.ok) throw new Error(r.message)
  return r.data
}

describe('hub profiles (IPC handlers over the profile service)', () => {
  it('uses the memory vault stand-in', async () => {
    expect((await setup()).memoryVault.mode).toBe('memory')
  })

  it('lists the embedded profile first, adds a remote one (trailing slash dropped) and edits it', async () => {
    const { handlers } = await setup()
    const prod = await addRemote(handlers)
    expect(prod).toMatchObject({ kind: 'remote', name: 'Prod', baseUrl: 'https://hub.example.com' })
    const list = await handlers['profiles.list']()
    expect(list.currentId).toBe('embedded')
    expect(list.profiles.map((p) => p.id)).toEqual(['embedded', prod.id])
    const edited = await handlers['profiles.save']({ id: prod.id, name: 'Production', baseUrl: 'https://hub.example.com' })
    expect(edited).toMatchObject({ ok: true, data: { id: prod.id, name: 'Production' } })
    expect((await handlers['profiles.list']()).profiles).toHaveLength(2)
  })

  it('refuses invalid names and addresses with a translated message and the field', async () => {
    const { handlers } = await setup()
    for (const baseUrl of ['ftp://hub.example.com', 'hub.example.com', 'https://user:pw@hub.example.com', 'https://hub.example.com/?a=1', 'https://hub.example.com/#x', '']) {
      expect(await handlers['profiles.save']({ name: 'X', baseUrl })).toMatchObject({ ok: false, field: 'baseUrl', message: expect.stringContaining('https://') })
    }
    for (const name of ['', '   ', 'n'.repeat(51)]) {
      expect(await handlers['profiles.save']({ name, baseUrl: 'http://10.0.0.1:7380' })).toMatchObject({ ok: false, field: 'name' })
    }
    expect((await handlers['profiles.list']()).profiles).toHaveLength(1)
    await expect(handlers['profiles.save']({ name: 'X', baseUrl: 'http://a', kind: 'embedded' } as never)).rejects.toThrow()
  })

  it('refuses to edit or remove the embedded profile', async () => {
    const { handlers } = await setup()
    expect(await handlers['profiles.remove']({ id: 'embedded' })).toEqual({ ok: false, message: 'The embedded hub cannot be edited or removed' })
    expect(await handlers['profiles.save']({ id: 'embedded', name: 'Mine', baseUrl: 'http://x.example' })).toMatchObject({ ok: false })
    expect((await handlers['profiles.list']()).profiles[0]).toMatchObject({ id: 'embedded', name: 'Embedded hub' })
  })

  it('keeps tokens apart per profile; switching clears the old profile\'s token and ends its session', async () => {
    const { handlers, memoryVault, events, settings } = await setup()
    const prod = await addRemote(handlers)
    await memoryVault.set('embedded', 'tok-embedded')
    await memoryVault.set(prod.id, 'tok-prod')
    expect(await memoryVault.get('embedded')).toBe('tok-embedded')
    expect(await memoryVault.get(prod.id)).toBe('tok-prod')

    expect(await handlers['profiles.switch']({ id: prod.id })).toMatchObject({ ok: true, data: { id: prod.id } })
    expect(settings.currentProfile().id).toBe(prod.id)
    expect(await memoryVault.get('embedded')).toBeNull()
    expect(await memoryVault.get(prod.id)).toBe('tok-prod')
    expect(events).toEqual([{ event: 'session.ended', data: { reason: 'logout' } }])
    expect(await handlers['session.status']()).toEqual({ signedIn: true })
    expect(await handlers['profiles.switch']({ id: 'nope' })).toMatchObject({ ok: false })
  })

  it('removing a profile clears its token; removing the current one falls back to embedded', async () => {
    const { handlers, memoryVault, events, settings } = await setup()
    const prod = await addRemote(handlers)
    await handlers['profiles.switch']({ id: prod.id })
    await memoryVault.set(prod.id, 'tok-prod')
    events.length = 0
    expect(await handlers['profiles.remove']({ id: prod.id })).toEqual({ ok: true, data: null })
    expect(await memoryVault.get(prod.id)).toBeNull()
    expect(settings.currentProfile().id).toBe('embedded')
    expect(events).toEqual([{ event: 'session.ended', data: { reason: 'logout' } }])
    expect((await handlers['profiles.list']()).profiles.map((p) => p.id)).toEqual(['embedded'])
  })

  it('changing a profile\'s address drops its token (it must not reach the new host)', async () => {
    const { handlers, memoryVault } = await setup()
    const prod = await addRemote(handlers)
    await memoryVault.set(prod.id, 'tok-prod')
    await handlers['profiles.save']({ id: prod.id, name: 'Renamed', baseUrl: prod.baseUrl! })
    expect(await memoryVault.get(prod.id)).toBe('tok-prod')
    await handlers['profiles.save']({ id: prod.id, name: 'Renamed', baseUrl: 'https://other.example.com' })
    expect(await memoryVault.get(prod.id)).toBeNull()
  })

  describe("'profiles.test'", () => {
    let hub: RunningHub
    let dataDir: string
    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'dh-profiles-hub-'))
      hub = await startHub(loadHubConfig(['--port', '0', '--data-dir', dataDir], {}), { log: () => {} })
    })
    afterAll(async () => {
      await hub?.close()
      rmSync(dataDir, { recursive: true, force: true })
    })

    it('reports a real hub\'s version and store', async () => {
      const { handlers } = await setup()
      const r = await handlers['profiles.test']({ baseUrl: hub.url })
      expect(r).toMatchObject({ ok: true, version: HUB_VERSION, store: 'sqlite' })
      expect(r.message).toContain(HUB_VERSION)
    })

    it('reports failure for a closed port and for an invalid address', async () => {
      const { handlers } = await setup()
      const port = await closedPort()
      const r = await handlers['profiles.test']({ baseUrl: `http://127.0.0.1:${port}` })
      expect(r.ok).toBe(false)
      expect(r.message).toMatch(/could not be reached/)
      expect(await handlers['profiles.test']({ baseUrl: 'file:///etc/passwd' })).toMatchObject({ ok: false })
    })
  })
})

/** A port that was free a moment ago and has nothing listening now. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 1
  await new Promise((ok) => server.close(ok))
  return port
}
