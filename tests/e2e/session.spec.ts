import { test, expect } from './harness'

/**
 * Sign in to sign out, through every runtime: the built console in Chromium, the real
 * main-process handlers (keychain vault, hub proxy) and a real hub on a fresh SQLite store.
 */
test.describe('session', () => {
  test('first start: the bootstrap password is shown once and signs the admin in; the menu shows; sign out', async ({ desktop }) => {
    const { page } = desktop
    await desktop.open('/')
    await expect(page).toHaveURL(/\/login$/)
    // The embedded hub's generated password is handed to the sign-in page once.
    await expect(page.getByText(desktop.adminPassword)).toBeVisible()

    await page.getByLabel('用户名').fill('  admin  ')
    await page.getByLabel('密码', { exact: true }).fill(desktop.adminPassword)
    await page.getByRole('button', { name: '登录', exact: true }).click()

    await expect(page).toHaveURL(/\/$/)
    const nav = page.getByRole('navigation', { name: '主导航' })
    await expect(nav.getByText('数据中心')).toBeVisible()
    await expect(nav.getByText('平台管理')).toBeVisible()
    // The token went to the vault, never to the page.
    expect(await desktop.vault.get('embedded')).toBeTruthy()
    expect(await page.evaluate(() => JSON.stringify(localStorage) + document.cookie)).not.toContain((await desktop.vault.get('embedded'))!)

    await page.getByRole('button', { name: '用户菜单' }).click()
    await page.getByRole('menuitem', { name: '退出登录' }).click()
    await expect(page).toHaveURL(/\/login$/)
    expect(await desktop.vault.get('embedded')).toBeNull()
  })

  test('a wrong password shows the server message and keeps the user on the login view', async ({ desktop }) => {
    const { page } = desktop
    await desktop.open('/login')
    await page.getByLabel('用户名').fill('admin')
    await page.getByLabel('密码', { exact: true }).fill('Not-the-password-1')
    await page.getByRole('button', { name: '登录', exact: true }).click()
    await expect(page.getByText('用户名或密码错误')).toBeVisible()
    await expect(page).toHaveURL(/\/login$/)
    // The username the user typed is still there.
    await expect(page.getByLabel('用户名')).toHaveValue('admin')
  })

  test('empty fields are refused on blur with the translated rule messages', async ({ desktop }) => {
    const { page } = desktop
    await desktop.open('/login')
    await page.getByLabel('用户名').focus()
    await page.getByLabel('密码', { exact: true }).focus()
    await expect(page.getByText('请输入用户名')).toBeVisible()
    await page.getByLabel('用户名').focus()
    await expect(page.getByText('请输入密码')).toBeVisible()
  })

  test('switching to English and back changes the console and the menu', async ({ desktop }) => {
    const { page } = desktop
    await signIn(desktop)
    const nav = page.getByRole('navigation', { name: '主导航' })
    await page.getByRole('button', { name: '切换语言' }).click()
    await page.getByRole('menuitemradio', { name: 'English' }).click()
    const navEn = page.getByRole('navigation', { name: 'Main navigation' })
    await expect(navEn.getByText('Data hub')).toBeVisible()
    await expect(navEn.getByText('Platform administration')).toBeVisible()
    expect(desktop.settings.console().locale).toBe('en')

    await page.getByRole('button', { name: 'Switch language' }).click()
    await page.getByRole('menuitemradio', { name: '中文' }).click()
    await expect(nav.getByText('数据中心')).toBeVisible()
    expect(desktop.settings.console().locale).toBe('zh-CN')
  })

  test('route guards: signed out goes to /login, signed in on /login goes to /, /logout2 signs out', async ({ desktop }) => {
    const { page } = desktop
    await desktop.open('/platform/user')
    await expect(page).toHaveURL(/\/login$/)
    // Public routes stay reachable without a session.
    await desktop.open('/license')
    await expect(page).toHaveURL(/\/license$/)

    await signIn(desktop)
    await desktop.open('/login')
    await expect(page).toHaveURL(/\/$/)
    await desktop.open('/logout2')
    await expect(page).toHaveURL(/\/login$/)
    expect(await desktop.vault.get('embedded')).toBeNull()
  })

  test('a reload on a deep route gives the same page back, signed out and signed in (the build that ships)', async ({ desktop }) => {
    const { page } = desktop
    // The harness serves out/renderer from `npm run build` through the app protocol's resolver:
    // relative asset URLs would resolve under /datahub/ and leave a blank window.
    const failed: string[] = []
    page.on('response', (r) => void (r.status() >= 400 && failed.push(r.url())))
    await desktop.open('/license')
    await page.reload()
    await expect(page).toHaveURL(/\/license$/)
    await expect(page.getByRole('button', { name: '登录', exact: true }).or(page.getByRole('main'))).toBeVisible()

    await signIn(desktop)
    await desktop.open('/datahub/topic')
    await expect(page.getByRole('search', { name: '查询消息主题' })).toBeVisible()
    await page.reload()
    await expect(page).toHaveURL(/\/datahub\/topic$/)
    await expect(page.getByRole('search', { name: '查询消息主题' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: '主导航' }).getByText('数据中心')).toBeVisible()
    expect(failed).toEqual([])
  })

  test('the home page shows the signed-in user, the hub profile and the hub health', async ({ desktop }) => {
    const { page } = desktop
    await signIn(desktop)
    const main = page.getByRole('main')
    await expect(main.getByText('admin').first()).toBeVisible()
    await expect(main.getByText('内置数据中心').first()).toBeVisible()
    await expect(main.getByText('sqlite')).toBeVisible()
  })
})

async function signIn(desktop: import('./harness').Desktop) {
  const { page } = desktop
  await desktop.open('/login')
  await page.getByLabel('用户名').fill('admin')
  await page.getByLabel('密码', { exact: true }).fill(desktop.adminPassword)
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await expect(page).toHaveURL(/\/$/)
}
