import { expect, type Desktop } from './harness'

/**
 * Signs in as the bootstrap administrator from the login page, as a user would, and waits for
 * the home page. (Older specs still carry their own copy; new ones use this.)
 */
export async function signInAsAdmin(desktop: Desktop): Promise<void> {
  const { page } = desktop
  await desktop.open('/login')
  await page.getByLabel('用户名').fill('admin')
  await page.getByLabel('密码', { exact: true }).fill(desktop.adminPassword)
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await expect(page).toHaveURL(/\/$/)
}
