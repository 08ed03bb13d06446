import { test, expect, type Desktop } from './harness'

/**
 * Platform administration end to end: an administrator creates a role limited to the roles page,
 * a user with that role, and that user then sees only the allowed menus. The built console in
 * Chromium, the real main-process handlers and a real hub on a fresh SQLite store.
 */
async function signIn(desktop: Desktop, username: string, password: string) {
  const { page } = desktop
  await desktop.open('/login')
  await page.getByLabel('用户名').fill(username)
  await page.getByLabel('密码', { exact: true }).fill(password)
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await expect(page).toHaveURL(/\/$/)
}

test('a role limited to the roles page: its user sees only that menu', async ({ desktop }) => {
  // A long scenario (two users, four screens): more time than one screen's test on a busy machine.
  test.slow()
  const { page } = desktop
  const suffix = Date.now().toString(36).replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]!)
  const roleCode = `auditor${suffix}`.slice(0, 20)
  const username = `aud${Date.now().toString(36)}`.slice(0, 20)
  const password = 'Aud#Pass12'
  await signIn(desktop, 'admin', desktop.adminPassword)

  // The role, through the generic resource dialog.
  await desktop.open('/platform/role')
  await page.getByRole('button', { name: '新增角色' }).click()
  const roleDialog = page.getByRole('dialog')
  await roleDialog.getByLabel('角色编码').fill('bad1')
  await roleDialog.getByLabel('角色名称').focus()
  await expect(roleDialog.getByText('角色编码须为 1-20 位英文字母')).toBeVisible()
  await roleDialog.getByLabel('角色编码').fill(roleCode)
  await roleDialog.getByLabel('角色名称').fill('审计员')
  await roleDialog.getByRole('button', { name: '保存' }).click()
  await expect(roleDialog).toBeHidden()
  const roleRow = page.getByRole('row').filter({ hasText: roleCode })
  await expect(roleRow).toBeVisible()

  // Its authorisation: only the roles page (the catalogs above it come along).
  await roleRow.getByRole('button', { name: '授权' }).click()
  await expect(page.getByText('角色授权：审计员')).toBeVisible()
  // The hidden client route RoleResAuthList (no menu item of its own), under the roles page.
  await expect(page).toHaveURL(/\/platform\/role\/auth\?roleId=.*roleCode=.*roleName=/)
  await page.getByRole('checkbox', { name: '角色管理' }).check()
  await page.getByRole('button', { name: '保存' }).click()
  await expect(page.getByText('操作成功').first()).toBeVisible()

  // The user, then the role given to it.
  await desktop.open('/platform/user')
  await page.getByRole('button', { name: '新增用户' }).click()
  const userDialog = page.getByRole('dialog')
  await userDialog.getByLabel('用户名').fill(username)
  await userDialog.getByLabel('昵称').fill('审计员甲')
  await userDialog.getByLabel('密码', { exact: true }).fill(password)
  await userDialog.getByRole('button', { name: '保存' }).click()
  await expect(userDialog).toBeHidden()
  const userRow = page.getByRole('row').filter({ hasText: username })
  await userRow.getByRole('button', { name: '分配角色' }).click()
  const rolesDialog = page.getByRole('dialog')
  await rolesDialog.getByRole('checkbox', { name: `审计员 (${roleCode})` }).check()
  await rolesDialog.getByRole('button', { name: '保存' }).click()
  await expect(rolesDialog).toBeHidden()
  await expect(userRow).toContainText('审计员')

  await page.getByRole('button', { name: '用户菜单' }).click()
  await page.getByRole('menuitem', { name: '退出登录' }).click()
  await expect(page).toHaveURL(/\/login$/)

  // The new user signs in with the password the administrator chose: the console asks for the
  // user's own first (issue 21 / 23), then the user signs in again with it.
  await desktop.open('/login')
  await page.getByLabel('用户名').fill(username)
  await page.getByLabel('密码', { exact: true }).fill(password)
  await page.getByRole('button', { name: '登录', exact: true }).click()
  const change = page.getByRole('form', { name: '请修改密码' })
  await expect(change).toBeVisible()
  await expect(page.getByRole('navigation', { name: '主导航' })).toHaveCount(0)
  const ownPassword = 'Own#Pass34'
  await change.getByRole('textbox', { name: '原密码', exact: true }).fill(password)
  await change.getByRole('textbox', { name: '新密码', exact: true }).fill(ownPassword)
  await change.getByRole('textbox', { name: '确认新密码', exact: true }).fill(ownPassword)
  await change.getByRole('button', { name: '保存' }).click()
  await expect(page.getByText('密码已修改，请重新登录').first()).toBeVisible()
  await expect(change).toBeHidden()

  // Platform administration with the roles page only; no data hub, no users page.
  await signIn(desktop, username, ownPassword)
  const nav = page.getByRole('navigation', { name: '主导航' })
  await expect(nav.getByText('平台管理')).toBeVisible()
  await expect(nav.getByText('数据中心')).toHaveCount(0)
  await expect(nav.getByText('用户管理')).toHaveCount(0)
  await desktop.open('/platform/role')
  await expect(page.getByRole('table', { name: '角色列表' })).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: roleCode })).toBeVisible()
  await desktop.open('/platform/user')
  await expect(page.getByRole('table', { name: '用户列表' })).toHaveCount(0)
})
