import { expect } from '@playwright/test'
import type { Desktop } from './harness'

/**
 * Signs in as the hub's first administrator from the login page and waits for the home page.
 * (Older specs keep their own copies of these lines; new ones share this.)
 */
export async function signInAsAdmin(desktop: Desktop): Promise<void> {
  const { page } = desktop
  await desktop.open('/login')
  await page.getByLabel('用户名').fill('admin')
  await page.getByLabel('密码', { exact: true }).fill(desktop.adminPassword)
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await expect(page).toHaveURL(/\/$/)
}
