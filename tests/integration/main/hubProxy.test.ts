import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { freePort } from '../../support/freePort'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Conf from 'conf'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { loadHubConfig } from '../../../src/hub/config'
import { startHub } from '../../../src/hub/server'
import type { IpcEvent } from '../../../src/shared/ipc'
import { createConsoleServices, type ConsoleServices } from '../../../src/main/compose'
import { createTokenVault, type TokenVault } from '../../../src/main/services/tokenVault'
import { noKeychain } from '../../support/noKeychain'
import { INSTALL_HINT, LINUX_SECRET_SERVICE, missingKeychain, removeService } from './keychain'

/**
 * The main-process services against a real hub (SQLite in a temp dir) on loopback, as the
 * console uses them: the renderer-facing results, the vault, the events, the settings file.
 */
const ADMIN_PASSWORD = 'Proxy-Test-9!'
type Hub = Awaited<ReturnType<typeof startHub>>

let hub: Hub
let hubDir: string
beforeAll(async () => {
  hubDir = mkdtempSync(path.join(tmpdir(), 'dh-proxy-hub-'))
  hub = await startHub(loadHubConfig(['--host', '127.0.0.1', '--port', '0', '--data-dir', hubDir, '--admin-password', ADMIN_PASSWORD], {}), { log: () => {} })
})
afterAll(async () => {
  await hub?.close()
  rmSync(hubDir, { recursive: true, force: true })
})


interface Console {
  services: ConsoleServices
  vault: TokenVault
  events: Array<{ event: IpcEvent; data: unknown }>
  settingsDir: string
}
const consoles: Console[] = []
async function openConsole(vault?: TokenVault, baseUrl?: string): Promise<Console> {
  const settingsDir = mkdtempSync(path.join(tmpdir(), 'dh-proxy-settings-'))
  const events: Console['events'] = []
  const v = vault ?? (await createTokenVault({ keyring: noKeychain }))
  const services = createConsoleServices({
    store: new Conf<Record<string, unknown>>({ cwd: settingsDir, configName: 'settings' }),
    vault: v,
    emit: (event, data) => events.push({ event, data }),
    embeddedHubUrl: async () => baseUrl ?? hub.url,
    bootstrapPassword: async () => hub.bootstrapPassword,
    app: { version: 'test', platform: process.platform },
  })
  const c = { services, vault: v, events, settingsDir }
  consoles.push(c)
  return c
}
afterAll(() => consoles.forEach((c) => rmSync(c.settingsDir, { recursive: true, force: true })))

const call = (c: Console, endpoint: string, input?: unknown) => c.services.handlers['hub.call']({ endpoint, input })
const signIn = (c: Console, password = ADMIN_PASSWORD) => call(c, 'platform.login', { username: 'admin', password })

/** Every file the console's settings left on disk, as text. */
function settingsFiles(dir: string): string {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => path.join(dir, f))
    .filter((f) => statSync(f).isFile())
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n')
}

describe('signing in through the proxy', () => {
  let c: Console
  beforeEach(async () => {
    c = await openConsole()
  })

  it('keeps the token in the vault and gives the renderer the user without it', async () => {
    const result = await signIn(c)
    expect(result.ok).toBe(true)
    const token = await c.vault.get('embedded')
    expect(token).toEqual(expect.any(String))
    expect(result).toMatchObject({ ok: true, data: { username: 'admin' } })
    expect(result.ok && result.data).not.toHaveProperty('token')
    expect(JSON.stringify(result)).not.toContain(token!)
    expect(await c.services.handlers['session.status']()).toEqual({ signedIn: true })
  })

  it('then calls session endpoints with that token', async () => {
    await signIn(c)
    expect(await call(c, 'platform.me')).toMatchObject({ ok: true, data: { username: 'admin' } })
  })

  it('answers a wrong password in the console\'s language and stores nothing', async () => {
    const zh = await signIn(c, 'Wrong-Pass-1!')
    await c.services.handlers['settings.update']({ locale: 'en' })
    const en = await signIn(c, 'Wrong-Pass-1!')
    expect(zh).toMatchObject({ ok: false, code: '4010' })
    expect(en).toMatchObject({ ok: false, code: '4010' })
    expect(zh.message).not.toBe(en.message)
    expect(await c.vault.get('embedded')).toBeNull()
  })

  it('never writes the token to the settings file (memory vault: stand-in keyring that throws)', async () => {
    expect(c.vault.mode).toBe('memory')
    await c.services.handlers['settings.update']({ rememberedUsername: 'admin', locale: 'en' })
    await signIn(c)
    const token = (await c.vault.get('embedded'))!
    const files = settingsFiles(c.settingsDir)
    expect(files).toContain('admin')
    expect(files).not.toContain(token)
  })
})

describe('ending the session', () => {
  it('drops the token on logout and tells the renderer', async () => {
    const c = await openConsole()
    await signIn(c)
    expect(await call(c, 'platform.logout', {})).toMatchObject({ ok: true })
    expect(await c.vault.get('embedded')).toBeNull()
    expect(c.events).toContainEqual({ event: 'session.ended', data: { reason: 'logout' } })
    expect(await c.services.handlers['session.status']()).toEqual({ signedIn: false })
  })

  it('drops a token the hub no longer accepts (4030) and tells the renderer', async () => {
    const c = await openConsole()
    await signIn(c)
    const token = (await c.vault.get('embedded'))!
    // The same session ended elsewhere (e.g. another console logged it out).
    const other = await openConsole()
    await other.vault.set('embedded', token)
    await call(other, 'platform.logout', {})

    expect(await call(c, 'platform.me')).toMatchObject({ ok: false, code: '4030' })
    expect(await c.vault.get('embedded')).toBeNull()
    expect(c.events).toContainEqual({ event: 'session.ended', data: { reason: 'invalid' } })
  })
})

describe('calls the proxy refuses or cannot make', () => {
  it('refuses endpoint ids that are not in the contract', async () => {
    const c = await openConsole()
    expect(await call(c, 'platform.user.dropAll', {})).toEqual({ ok: false, code: '4040', message: '不支持的调用' })
  })

  it('answers 5030 with a translated message when the hub is down', async () => {
    const port = await freePort()
    const c = await openConsole(undefined, `http://127.0.0.1:${port}`)
    expect(await call(c, 'hub.health')).toEqual({ ok: false, code: '5030', message: '无法连接到数据中心服务，请检查网络或服务地址' })
    await c.services.handlers['settings.update']({ locale: 'en' })
    expect(await call(c, 'hub.health')).toEqual({ ok: false, code: '5030', message: 'Cannot reach the hub server: check the network or the hub address' })
  })
})

describe('data versions', () => {
  it('reports the hub\'s data versions once and attaches them to results', async () => {
    const c = await openConsole()
    const raw = await fetch(`${hub.url}/api/health`)
    const expected = {
      lang: raw.headers.get('x-lang-version'),
      dict: raw.headers.get('x-dict-version'),
      param: raw.headers.get('x-param-version'),
    }
    expect(expected.lang).toEqual(expect.any(String))
    const first = await call(c, 'hub.health')
    await call(c, 'platform.getLicese')
    expect(first).toMatchObject({ ok: true, versions: expected })
    expect(c.events.filter((e) => e.event === 'data.versions')).toEqual([{ event: 'data.versions', data: expected }])
  })
})

const ci = process.env.CI === 'true'
const missing = await missingKeychain()
describe.skipIf(Boolean(missing))(`with the real keychain${missing ? ` (skipped: missing ${missing}; ${INSTALL_HINT})` : ''}`, () => {
  const service = `DataHub Console proxy test ${process.pid}-${Date.now()}`
  afterAll(() => removeService(service))

  it('keeps the sign-in token in the keychain, not in the settings file', async () => {
    const vault = await createTokenVault({ service, entryOptions: LINUX_SECRET_SERVICE })
    expect(vault.mode).toBe('keychain')
    const c = await openConsole(vault)
    await signIn(c)
    const token = (await (await createTokenVault({ service, entryOptions: LINUX_SECRET_SERVICE })).get('embedded'))!
    expect(token).toEqual(expect.any(String))
    expect(settingsFiles(c.settingsDir)).not.toContain(token)
    await call(c, 'platform.logout', {})
    expect(await (await createTokenVault({ service, entryOptions: LINUX_SECRET_SERVICE })).get('embedded')).toBeNull()
  })
})
if (missing && ci) {
  it('has a Secret Service for the keychain variant (CI=true)', () => {
    throw new Error(`missing ${missing} — install with: ${INSTALL_HINT}`)
  })
}
