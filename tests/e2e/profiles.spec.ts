import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadHubConfig } from '../../src/hub/config'
import { startHub } from '../../src/hub/server'
import { HUB_VERSION } from '../../src/hub/version'
import { test, expect, type Desktop } from './harness'

const SECOND = '第二数据中心'

/**
 * Hub profiles end to end: a second real hub beside the harness's (embedded) one, added from the
 * login page before anyone signs in, tested, switched to and signed in to; one session at a time,
 * each profile's token under its own id in the keychain vault.
 */
test.describe('hub profiles', () => {
  test('add a second hub from the login page, test it, switch, sign in there, switch back', async ({ desktop }) => {
    const { page, vault, settings } = desktop
    const dataDir = mkdtempSync(join(tmpdir(), 'dh-e2e-hub2-'))
    const second = await startHub(loadHubConfig(['--port', '0', '--data-dir', dataDir], {}), { log: () => {} })
    try {
      expect(second.bootstrapPassword).toBeTruthy()
      await desktop.open('/login')

      // Added and tested from the login page: the hub is chosen before signing in.
      await page.getByRole('button', { name: '数据中心连接' }).click()
      const dialog = page.getByRole('dialog', { name: '数据中心连接' })
      await dialog.getByRole('button', { name: '添加连接' }).click()
      const editor = page.getByRole('dialog', { name: '添加数据中心连接' })
      await editor.getByLabel('连接名称').fill(SECOND)
      await editor.getByLabel('数据中心地址').fill('ftp://nowhere')
      await editor.getByLabel('连接名称').focus()
      await expect(editor.getByText(/请输入 http:\/\/ 或 https:\/\/ 地址/)).toBeVisible()
      await editor.getByLabel('数据中心地址').fill(`${second.url}/`)
      await editor.getByRole('button', { name: '保存' }).click()
      await expect(dialog.getByRole('button', { name: `测试 ${SECOND}` })).toBeVisible()
      const secondId = settings.profiles().find((p) => p.name === SECOND)!.id
      expect(settings.profiles().find((p) => p.id === secondId)?.baseUrl).toBe(second.url)

      await dialog.getByRole('button', { name: `测试 ${SECOND}` }).click()
      await expect(dialog.getByText(`连接成功：数据中心版本 ${HUB_VERSION}，存储 sqlite`)).toBeVisible()
      await dialog.getByRole('button', { name: '关闭' }).click()

      // Signed in on the embedded hub first.
      await signIn(desktop, desktop.adminPassword)
      expect(await vault.get('embedded')).toBeTruthy()
      expect(await vault.get(secondId)).toBeNull()

      // Switching from the user menu signs out of the embedded hub and lands on the second one's login.
      await switchTo(desktop, SECOND, true)
      await expect(page.getByText(`数据中心：${SECOND}`)).toBeVisible()
      expect(settings.currentProfile().id).toBe(secondId)
      expect(await vault.get('embedded')).toBeNull()
      // The embedded hub's first-start password is not offered for another hub.
      await expect(page.getByTestId('bootstrap-password')).toHaveCount(0)

      await signIn(desktop, second.bootstrapPassword!)
      expect(await vault.get(secondId)).toBeTruthy()
      expect(await vault.get('embedded')).toBeNull()
      await expect(page.getByRole('main').getByText(SECOND).first()).toBeVisible()

      // And back: the second hub's token goes, the embedded hub's login shows.
      await switchTo(desktop, '内置数据中心', true)
      await expect(page.getByText('数据中心：内置数据中心')).toBeVisible()
      expect(settings.currentProfile().id).toBe('embedded')
      expect(await vault.get(secondId)).toBeNull()
      expect(await vault.get('embedded')).toBeNull()

      // Removed after a confirmation; the embedded hub has no remove button at all.
      await page.getByRole('button', { name: '数据中心连接' }).click()
      await expect(dialog.getByRole('button', { name: '删除 内置数据中心' })).toHaveCount(0)
      await dialog.getByRole('button', { name: `删除 ${SECOND}` }).click()
      await page.getByRole('alertdialog').getByRole('button', { name: '删除', exact: true }).click()
      await expect(dialog.getByRole('button', { name: `测试 ${SECOND}` })).toHaveCount(0)
      // Not only the row's absence: while the confirmation closes, the profiles dialog can be hidden from
      // role queries, so that count is 0 before the removal has been made. Wait for the settings.
      await expect.poll(() => settings.profiles().map((p) => p.id)).toEqual(['embedded'])
    } finally {
      for (const p of settings.profiles()) await vault.clear(p.id)
      await second.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

async function signIn(desktop: Desktop, password: string) {
  const { page } = desktop
  await page.getByLabel('用户名').fill('admin')
  await page.getByLabel('密码', { exact: true }).fill(password)
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await expect(page).toHaveURL(/\/$/)
}

/** Opens the dialog from the user menu (signed in) and switches to the named profile. */
async function switchTo(desktop: Desktop, name: string, signedIn: boolean) {
  const { page } = desktop
  if (signedIn) {
    await page.getByRole('button', { name: '用户菜单' }).click()
    await page.getByRole('menuitem', { name: '数据中心连接' }).click()
  } else await page.getByRole('button', { name: '数据中心连接' }).click()
  await page.getByRole('dialog', { name: '数据中心连接' }).getByRole('button', { name: `切换到 ${name}` }).click()
  await expect(page).toHaveURL(/\/login$/)
}
