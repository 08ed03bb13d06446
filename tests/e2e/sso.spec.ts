import { join } from 'node:path'
import { addUser } from '../support/hub'
import { startOidcProviderFrom, type OidcProvider } from '../support/oidcProviderHost'
import { addIdentityProvider, removeIdentityProvider, setSsoParameter, type AdminCall } from '../support/ssoAdmin'
import { test, expect, type Desktop } from './harness'

/**
 * Single sign-on from the desktop (issue 17), end to end: a real OpenID Connect provider
 * (oidc-provider) on loopback, configured in the worker's hub through the administration
 * endpoints; the sign-in page's "Sign in with …"; the main process's loopback listener and the
 * URL it opens in the system browser, which the harness captures (tests/e2e/harness.ts, browser
 * stand-in). The test plays the browser: it signs in at the provider (oidcProvider's
 * `authorize`) and opens where the provider sends it back — the loopback callback — in a second
 * browser page, which shows what the user would see there.
 */
const stamp = Date.now().toString(36)
const alice = `sso${stamp}a`
const bob = `sso${stamp}b`
const PROVIDER = `企业身份 ${stamp}`

let idp: OidcProvider
test.beforeAll(async () => {
  // Playwright loads the specs as CommonJS: the worker file is named by path, not import.meta.
  idp = await startOidcProviderFrom(join(__dirname, '../support/oidcProviderWorker.mjs'), {
    clients: [{ clientId: 'console', clientSecret: 'console-secret-0123456789', redirectUris: ['http://127.0.0.1:1/callback'] }],
    accounts: [
      { sub: 'u-alice', preferred_username: alice, email: `${alice}@example.com`, email_verified: true },
      { sub: 'u-bob', preferred_username: bob, email: `${bob}@example.com`, email_verified: true },
    ],
  })
})
test.afterAll(async () => {
  await idp?.close()
})

const adminCall = (desktop: Desktop): AdminCall => (endpoint, input) => desktop.handlers['hub.call']({ endpoint, input })

/** As the administrator, through the main process: the provider, `sso` on, and the platform users it maps to. */
async function configure(desktop: Desktop): Promise<string> {
  const call = adminCall(desktop)
  const signedIn = await call('platform.login', { username: 'admin', password: desktop.adminPassword })
  expect(signedIn.ok, signedIn.message).toBe(true)
  const id = await addIdentityProvider(call, { kind: 'oidc', name: PROVIDER, serverUrl: idp.issuer, clientId: 'console', clientSecret: 'console-secret-0123456789' })
  await setSsoParameter(call, '1')
  await call('platform.logout')
  expect(await desktop.vault.get('embedded')).toBeNull()
  return id
}

/** Puts the worker's hub back as other specs expect it: no provider, `sso` off. */
async function unconfigure(desktop: Desktop, id: string): Promise<void> {
  await desktop.vault.clear('embedded')
  const call = adminCall(desktop)
  expect((await call('platform.login', { username: 'admin', password: desktop.adminPassword })).ok).toBe(true)
  await removeIdentityProvider(call, id)
  await setSsoParameter(call, '0')
  await call('platform.logout')
}

test.describe('single sign-on through the system browser', () => {
  test.beforeAll(async ({ hub }) => {
    await addUser(hub.store, { username: alice, password: 'Unused!pass1', roles: ['user'] })
    await addUser(hub.store, { username: bob, password: 'Unused!pass1', roles: ['user'], status: '0' })
  })

  test('"Sign in with …" at an OpenID Connect provider lands on the home page signed in as the mapped user', async ({ desktop }) => {
    test.slow()
    const { page } = desktop
    const id = await configure(desktop)
    try {
      await desktop.open('/login')
      await page.getByRole('button', { name: `使用 ${PROVIDER} 登录` }).click()
      await expect(page.getByText(`请在浏览器中完成 ${PROVIDER} 的登录`)).toBeVisible()
      await expect(page.getByRole('button', { name: '取消' })).toBeVisible()

      // The system browser: the provider's sign-in, then back to the console's loopback port.
      const opened = await desktop.browser.nextUrl()
      expect(new URL(opened).origin).toBe(idp.issuer)
      expect(new URL(opened).searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/)
      const back = await idp.authorize(opened, 'u-alice')
      const tab = await page.context().newPage()
      await tab.goto(back.url.href)
      await expect(tab.getByRole('heading', { name: '登录成功' })).toBeVisible()
      await expect(tab.getByText('您可以关闭此标签页')).toBeVisible()
      await tab.close()

      await expect(page).toHaveURL(/\/$/)
      await expect(page.getByRole('navigation', { name: '主导航' })).toBeVisible()
      await expect(page.getByRole('button', { name: '用户菜单' })).toContainText(alice)
      // The token is in the vault, never in the page.
      const token = await desktop.vault.get('embedded')
      expect(token).toBeTruthy()
      expect(await page.evaluate(() => JSON.stringify(localStorage) + document.cookie)).not.toContain(token!)
    } finally {
      await unconfigure(desktop, id)
    }
  })

  test('a disabled user is refused: the sign-in page shows the message, the browser says sign-in failed; Cancel ends a wait', async ({ desktop }) => {
    test.slow()
    const { page } = desktop
    const id = await configure(desktop)
    try {
      await desktop.open('/login')
      const button = page.getByRole('button', { name: `使用 ${PROVIDER} 登录` })
      await button.click()
      const back = await idp.authorize(await desktop.browser.nextUrl(), 'u-bob')
      const tab = await page.context().newPage()
      await tab.goto(back.url.href)
      await expect(tab.getByRole('heading', { name: '登录失败' })).toBeVisible()
      await expect(tab.getByText('没有可登录的对应平台用户')).toBeVisible()
      await tab.close()

      await expect(page.getByRole('alert').filter({ hasText: '没有可登录的对应平台用户' })).toBeVisible()
      await expect(page).toHaveURL(/\/login$/)
      expect(await desktop.vault.get('embedded')).toBeNull()

      // Again, and this time the user gives up: the buttons come back, without a message.
      await button.click()
      const redirect = new URL(new URL(await desktop.browser.nextUrl()).searchParams.get('redirect_uri')!)
      await page.getByRole('button', { name: '取消' }).click()
      await expect(button).toBeVisible()
      await expect(page.getByRole('alert')).toHaveCount(0)
      // The listener is gone: the port no longer answers.
      await expect(fetch(redirect).then(() => 'answered', () => 'refused')).resolves.toBe('refused')
    } finally {
      await unconfigure(desktop, id)
    }
  })
})
