import { ADMIN_ROLE } from '../../src/hub/store/seed/roles'
import { addUser } from '../support/hub'
import { test, expect, type Desktop } from './harness'

/**
 * The user centre end to end: the built console in Chromium, the real main-process handlers and
 * a real hub. Each test makes its own user, so changing a password never touches the admin the
 * other tests of this worker sign in with.
 */
async function signIn(desktop: Desktop, username: string, password: string) {
  const { page } = desktop
  await desktop.open('/login')
  await page.getByLabel('用户名').fill(username)
  await page.getByLabel('密码', { exact: true }).fill(password)
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await expect(page).toHaveURL(/\/$/)
}

async function newUser(desktop: Desktop, prefix: string) {
  const username = `${prefix}${Date.now().toString(36)}`.slice(0, 20)
  const password = 'Start#Pass1'
  await addUser(desktop.hub.store, { username, password, roles: [ADMIN_ROLE] })
  return { username, password }
}

/** A real 1×1 PNG, so the browser can draw it. */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')

test('change the password on the user-centre page, sign out, sign in with the new one', async ({ desktop }) => {
  test.slow()
  const { page } = desktop
  const { username, password } = await newUser(desktop, 'pw')
  await signIn(desktop, username, password)

  await desktop.open('/user-center/password')
  await expect(page.getByRole('heading', { name: '修改密码' })).toBeVisible()
  const newPassword = 'Fresh#Pass2'
  // A wrong old password is refused and the form keeps what was typed.
  await page.getByLabel('原密码').fill('Wrong#Pass9')
  await page.getByLabel(/^新密码/).fill(newPassword)
  await page.getByLabel('确认新密码').fill(newPassword)
  await page.getByRole('button', { name: '保存' }).click()
  await expect(page.getByText('原密码错误').first()).toBeVisible()
  await expect(page.getByLabel(/^新密码/)).toHaveValue(newPassword)

  await page.getByLabel('原密码').fill(password)
  await page.getByRole('button', { name: '保存' }).click()
  // The hub ended every session of the user: back at the login view.
  await expect(page).toHaveURL(/\/login$/)

  // The old password no longer works; the new one does.
  await page.getByLabel('用户名').fill(username)
  await page.getByLabel('密码', { exact: true }).fill(password)
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await expect(page.getByText('用户名或密码错误').first()).toBeVisible()
  await signIn(desktop, username, newPassword)
})

test('upload an avatar on the personal settings page and see it in the user menu', async ({ desktop }) => {
  // The page sends the file over the 'hub.upload' IPC channel (see uploadToHub.ts).
  test.slow()
  const { page } = desktop
  const { username, password } = await newUser(desktop, 'av')
  await signIn(desktop, username, password)

  await desktop.open('/user-center/settings')
  const chooser = page.getByLabel('上传头像')
  // Passes the page's name check, refused by the hub by content: a .png that is really text.
  await chooser.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('only text') })
  await expect(page.getByText('上传头像图片只能是 JPG或PNG 格式!')).toBeVisible()
  await expect(page.getByAltText(`${username} 的头像`)).toHaveCount(0)

  await chooser.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1X1 })
  await expect(page.getByText('头像已更新').first()).toBeVisible()
  await expect(page.getByAltText(`${username} 的头像`)).toHaveAttribute('src', /^data:image\/png;base64,/)
  const menuButton = page.getByRole('button', { name: '用户菜单' })
  await expect(menuButton.locator('img')).toHaveAttribute('src', /^data:image\/png;base64,/)
})
