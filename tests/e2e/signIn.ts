import { expect, type Desktop } from './harness'

/**
 * Signs in through the login view, as a user would. Waits for home only when asked: a first
 * sign-in of a user an administrator created stops at the password change instead.
 * (Older specs still carry their own copy; new ones use this.)
 */
export async function signIn(desktop: Desktop, username: string, password: string, { home = true } = {}): Promise<void> {
  const { page } = desktop
  await desktop.open('/login')
  await page.getByLabel('用户名').fill(username)
  await page.getByLabel('密码', { exact: true }).fill(password)
  await page.getByRole('button', { name: '登录', exact: true }).click()
  if (home) await expect(page).toHaveURL(/\/$/)
}

/** Signs in as the bootstrap administrator and waits for the home page. */
export const signInAsAdmin = (desktop: Desktop): Promise<void> => signIn(desktop, 'admin', desktop.adminPassword)
