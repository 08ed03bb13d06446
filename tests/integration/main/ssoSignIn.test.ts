import { mkdtempSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { loadHubConfig } from '../../../src/hub/config'
import { startHub } from '../../../src/hub/server'
import { createConsoleServices, type ConsoleServices } from '../../../src/main/compose'
import { createMemoryStore } from '../../../src/main/services/keyValueStore'
import { createSsoSignIn } from '../../../src/main/services/sso/ssoSignIn'
import { createTokenVault, type TokenVault } from '../../../src/main/services/tokenVault'
import { startCasServer, type CasServer } from '../../support/casServer'
import { addUser } from '../../support/hub'
import { noKeychain } from '../../support/noKeychain'
import { startOidcProvider, type OidcProvider } from '../../support/oidcProvider'
import { addIdentityProvider, setSsoParameter } from '../../support/ssoAdmin'

/**
 * The desktop's single sign-on in the main process (issue 17) against real peers: a hub on
 * loopback (SQLite), a real oidc-provider and the CAS 3.0 stand-in, the console's services wired
 * as the app wires them. The system browser is played by the test: it follows the URL the main
 * process opened to the provider, then to the loopback callback, and reads the page shown there.
 */
const ADMIN_PASSWORD = 'Sso-Desk-Test-9!'
type Hub = Awaited<ReturnType<typeof startHub>>
interface Page {
  status: number
  body: string
}

let hub: Hub
let hubDir: string
let idp: OidcProvider
let cas: CasServer
let oidcId: string
let casId: string
/** What the browser does with the URL the main process opens; `shown` is the page it ends on. */
let play: (url: string) => Promise<Page>
let shown: Promise<Page> | null
let openedUrls: string[]

const browse = (url: string): Promise<Page> =>
  fetch(url).then(
    async (r) => ({ status: r.status, body: await r.text() }),
    (err: unknown) => ({ status: 0, body: String(err) }),
  )

interface Console {
  services: ConsoleServices
  vault: TokenVault
}
async function openConsole(): Promise<Console> {
  const vault = await createTokenVault({ keyring: noKeychain })
  const services = createConsoleServices({
    store: createMemoryStore(),
    vault,
    emit: () => {},
    embeddedHubUrl: async () => hub.url,
    bootstrapPassword: async () => null,
    app: { version: 'test', platform: process.platform },
    openBrowser: async (url) => {
      openedUrls.push(url)
      shown = play(url)
    },
  })
  return { services, vault }
}
const call = (c: Console, endpoint: string, input?: unknown) => c.services.handlers['hub.call']({ endpoint, input })

beforeAll(async () => {
  hubDir = mkdtempSync(path.join(tmpdir(), 'dh-sso-desk-'))
  hub = await startHub(loadHubConfig(['--host', '127.0.0.1', '--port', '0', '--data-dir', hubDir, '--admin-password', ADMIN_PASSWORD, '--allow-private-wsdl', 'on'], {}), { log: () => {} })
  idp = await startOidcProvider({
    clients: [{ clientId: 'console', clientSecret: 'console-secret-0123456789', redirectUris: ['http://127.0.0.1:1/callback'] }],
    accounts: [
      { sub: 'u-alice', preferred_username: 'alice', email: 'alice@example.com', email_verified: true },
      { sub: 'u-bob', preferred_username: 'bob', email: 'bob@example.com', email_verified: true },
    ],
  })
  cas = await startCasServer()
  await addUser(hub.store, { username: 'alice', password: 'Unused!pass1', roles: ['user'] })
  await addUser(hub.store, { username: 'bob', password: 'Unused!pass1', roles: ['user'], status: '0' })
  const admin = await openConsole()
  const adminCall = (endpoint: string, input?: unknown) => call(admin, endpoint, input)
  expect((await adminCall('platform.login', { username: 'admin', password: ADMIN_PASSWORD })).ok).toBe(true)
  oidcId = await addIdentityProvider(adminCall, { kind: 'oidc', name: 'Corporate IdP', serverUrl: idp.issuer, clientId: 'console', clientSecret: 'console-secret-0123456789' })
  casId = await addIdentityProvider(adminCall, { kind: 'cas', name: 'Campus CAS', serverUrl: cas.url })
  await setSsoParameter(adminCall, '1')
})
afterAll(async () => {
  await idp?.close()
  await cas?.close()
  await hub?.close()
  rmSync(hubDir, { recursive: true, force: true })
})
beforeEach(() => {
  shown = null
  openedUrls = []
})

/** The browser signs in at the OIDC provider as `account` and comes back to the callback. */
const oidcBrowser = (account: string) => async (url: string) => browse((await idp.authorize(url, account)).url.href)

/** Whether anything still accepts connections at the URI's port. */
function portOpen(uri: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(Number(new URL(uri).port), '127.0.0.1')
    socket.once('connect', () => (socket.destroy(), resolve(true)))
    socket.once('error', () => resolve(false))
  })
}
const redirectOf = (openedUrl: string) => new URL(openedUrl).searchParams.get('redirect_uri') ?? new URL(new URL(openedUrl).searchParams.get('service')!).href

describe('single sign-on through the system browser, main process against real peers', () => {
  it('OIDC: signs in the mapped user; the renderer gets the session user, the token goes to the vault, the browser says the tab can be closed', async () => {
    const c = await openConsole()
    play = oidcBrowser('u-alice')
    const answer = await c.services.handlers['sso.signIn']({ providerId: oidcId })
    expect(answer.ok, answer.message).toBe(true)
    expect(answer.ok && answer.data.username).toBe('alice')
    expect(JSON.stringify(answer)).not.toMatch(/token/i)
    const token = await c.vault.get('embedded')
    expect(token).toBeTruthy()
    expect(JSON.stringify(answer)).not.toContain(token!)
    expect((await call(c, 'platform.me')).data).toMatchObject({ username: 'alice' })
    expect((await c.services.handlers['session.status']()).signedIn).toBe(true)
    // The browser went to the provider with the loopback redirect, and ended on our page.
    expect(openedUrls).toHaveLength(1)
    expect(redirectOf(openedUrls[0]!)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/)
    const page = await shown!
    expect(page.status).toBe(200)
    expect(page.body).toContain('登录成功')
    expect(page.body).toContain('您可以关闭此标签页')
    expect(await portOpen(redirectOf(openedUrls[0]!))).toBe(false)
  })

  it("OIDC: the browser's page follows the console's language", async () => {
    const c = await openConsole()
    c.services.settings.updateConsole({ locale: 'en' })
    play = oidcBrowser('u-alice')
    expect((await c.services.handlers['sso.signIn']({ providerId: oidcId })).ok).toBe(true)
    const page = await shown!
    expect(page.body).toContain('<html lang="en">')
    expect(page.body).toContain('You can close this tab')
  })

  it('OIDC: a disabled user is refused with the translated message; nothing in the vault; the browser says sign-in failed', async () => {
    const c = await openConsole()
    play = oidcBrowser('u-bob')
    const answer = await c.services.handlers['sso.signIn']({ providerId: oidcId })
    expect(answer).toMatchObject({ ok: false, code: '4010', message: '没有可登录的对应平台用户' })
    expect(await c.vault.get('embedded')).toBeNull()
    const page = await shown!
    expect(page.status).toBe(400)
    expect(page.body).toContain('登录失败')
    expect(page.body).toContain('没有可登录的对应平台用户')
    expect(page.body).toContain('您可以关闭此标签页')
  })

  it('a callback with another state is refused before anything reaches the hub', async () => {
    const c = await openConsole()
    play = async (url) => {
      const back = await idp.authorize(url, 'u-alice')
      back.url.searchParams.set('state', 'forged-state')
      return browse(back.url.href)
    }
    const answer = await c.services.handlers['sso.signIn']({ providerId: oidcId })
    expect(answer).toMatchObject({ ok: false, code: '4010', message: '登录状态无效或已过期，请重新登录' })
    expect(await c.vault.get('embedded')).toBeNull()
    expect((await shown!).status).toBe(400)
  })

  it('CAS: the ticket the server issued for the service (the callback with its state) signs the mapped user in', async () => {
    const c = await openConsole()
    play = async (url) => {
      const service = new URL(url).searchParams.get('service')!
      // The CAS server signs the user in and sends the browser back with a ticket for that service.
      return browse(`${service}&ticket=${cas.issue('alice', service)}`)
    }
    const answer = await c.services.handlers['sso.signIn']({ providerId: casId })
    expect(answer.ok, answer.message).toBe(true)
    expect(answer.ok && answer.data.username).toBe('alice')
    expect(new URL(openedUrls[0]!).origin + new URL(openedUrls[0]!).pathname).toBe(`${cas.url}/login`)
    expect((await shown!).body).toContain('登录成功')
    expect((await call(c, 'platform.me')).data).toMatchObject({ username: 'alice' })
  })

  it('cancel ends the wait: the sign-in answers cancelled without a message and the loopback port is closed', async () => {
    const c = await openConsole()
    play = async () => ({ status: 0, body: 'the user never signs in' })
    const answering = c.services.handlers['sso.signIn']({ providerId: oidcId })
    while (openedUrls.length === 0) await new Promise((r) => setTimeout(r, 20))
    const redirect = redirectOf(openedUrls[0]!)
    expect(await portOpen(redirect)).toBe(true)
    expect(await c.services.handlers['sso.cancel']()).toEqual({ cancelled: true })
    expect(await answering).toEqual({ ok: false, code: '5040', message: '' })
    expect(await portOpen(redirect)).toBe(false)
    expect(await c.services.handlers['sso.cancel']()).toEqual({ cancelled: false })
  })

  it('the wait times out: a refusal with the message, the port closed', async () => {
    const c = await openConsole()
    const sso = createSsoSignIn({ proxy: c.services.proxy, locale: () => 'zh-CN', openBrowser: async (url) => void openedUrls.push(url), waitMs: 200 })
    expect(await sso.signIn(oidcId)).toEqual({ ok: false, code: '5040', message: '等待身份提供方登录超时（5 分钟），请重新登录' })
    expect(await portOpen(redirectOf(openedUrls[0]!))).toBe(false)
  })

  it("a provider the hub does not know is the hub's refusal, and the browser is not opened", async () => {
    const c = await openConsole()
    const answer = await c.services.handlers['sso.signIn']({ providerId: 'no-such-provider' })
    expect(answer).toMatchObject({ ok: false, code: '4031', message: '该身份提供方不存在或未启用' })
    expect(openedUrls).toEqual([])
  })
})
