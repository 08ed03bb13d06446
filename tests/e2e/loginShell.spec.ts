import type { Page } from '@playwright/test'
import { test, expect } from './harness'

/**
 * The login shell: index.html's plain sign-in form, shown while the console's code loads
 * (src/renderer/loginShell). Each test holds the console's entry script back, acts on the shell,
 * then lets the code arrive and checks that the React form carried on from there.
 */
async function holdConsoleCode(page: Page): Promise<() => void> {
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  return release
}

test.describe('login shell', () => {
  test('usable before the console code arrives: the typed credentials and a pressed Enter sign in once it does', async ({ desktop }) => {
    const { page } = desktop
    const release = await holdConsoleCode(page)
    await page.goto(`${desktop.site}/login`, { waitUntil: 'commit' })
    const shell = page.locator('#login-shell')
    await expect(shell.getByRole('heading', { name: '账号登录' })).toBeVisible()
    await shell.getByLabel('用户名').fill('admin')
    await shell.getByLabel('密码').fill(desktop.adminPassword)
    await shell.getByLabel('密码').press('Enter')
    await expect(shell.getByRole('button', { name: '正在登录…' })).toBeDisabled()

    release()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('navigation', { name: '主导航' })).toBeVisible()
    await expect(page.locator('#login-shell')).toHaveCount(0)
  })

  test('the React form takes over what was typed and where the focus was, without signing in', async ({ desktop }) => {
    const { page } = desktop
    const release = await holdConsoleCode(page)
    await page.goto(`${desktop.site}/login`, { waitUntil: 'commit' })
    const shell = page.locator('#login-shell')
    await shell.getByLabel('用户名').fill('adm')
    await shell.getByLabel('密码').fill('half-typed')

    release()
    await expect(page.locator('#login-shell')).toHaveCount(0)
    const form = page.getByRole('form', { name: '登录表单' })
    await expect(form.getByLabel('用户名')).toHaveValue('adm')
    await expect(form.getByLabel('密码', { exact: true })).toHaveValue('half-typed')
    await expect(form.getByLabel('密码', { exact: true })).toBeFocused()
    await expect(form.getByRole('checkbox', { name: '记住我' })).toBeVisible()
    await expect(page).toHaveURL(/\/login$/)
  })

  test('a field left empty in the shell shows its rule message once the React form takes over', async ({ desktop }) => {
    const { page } = desktop
    const release = await holdConsoleCode(page)
    await page.goto(`${desktop.site}/login`, { waitUntil: 'commit' })
    const shell = page.locator('#login-shell')
    await shell.getByLabel('用户名').focus()
    await shell.getByLabel('密码').focus()

    release()
    await expect(page.locator('#login-shell')).toHaveCount(0)
    const form = page.getByRole('form', { name: '登录表单' })
    await expect(form.getByText('请输入用户名')).toBeVisible()
    await expect(form.getByLabel('密码', { exact: true })).toBeFocused()
    // The password field was never left: no message greets it.
    await expect(form.getByText('请输入密码')).toHaveCount(0)
  })

  test('speaks the language the console last used, and stays away when the console was last signed in', async ({ desktop }) => {
    const { page } = desktop
    await page.addInitScript(() => window.localStorage.setItem('dh.shell.locale', 'en'))
    let release = await holdConsoleCode(page)
    await page.goto(`${desktop.site}/login`, { waitUntil: 'commit' })
    await expect(page.locator('#login-shell').getByRole('heading', { name: 'Sign in to your account' })).toBeVisible()
    release()
    await expect(page.locator('#login-shell')).toHaveCount(0)

    await page.unrouteAll()
    await page.evaluate(() => window.localStorage.setItem('dh.shell.session', '1'))
    release = await holdConsoleCode(page)
    await page.goto(`${desktop.site}/`, { waitUntil: 'commit' })
    // Parsed, shell script run (DOMContentLoaded itself waits for the held module script).
    await page.waitForFunction(() => document.readyState !== 'loading')
    await expect(page.locator('#login-shell')).toBeHidden()
    release()
    // Not really signed in: the console itself sends the user to its login view.
    await expect(page).toHaveURL(/\/login$/)
  })
})
