import { test, expect, type Desktop } from './harness'
import { signIn } from './signIn'

/**
 * Issue 24 item 5, at the window size a new Electron window opens at: a signed-in user who types
 * the route of a page their roles withhold is told which permission it needs (name and code) and
 * how to get home; a route that is no page still does not exist.
 */
test.use({ viewport: { width: 1280, height: 800 } })

async function hub<T>(desktop: Desktop, endpoint: string, input: unknown): Promise<T> {
  const r = await desktop.handlers['hub.call']({ endpoint, input })
  expect(r.ok, r.message).toBe(true)
  return r.data as T
}

test('a page the user may not open names the permission it needs; an unknown route does not exist', async ({ desktop }) => {
  test.slow()
  const { page } = desktop
  await signIn(desktop, 'admin', desktop.adminPassword)
  // A role with the roles page only, and a user with that role.
  const stamp = Date.now().toString(26).replace(/[0-9]/g, (d) => 'qrstuvwxyz'[Number(d)]!)
  const role = await hub<{ id: string }>(desktop, 'platform.role.create', { roleCode: `pg${stamp}`.slice(0, 20), roleName: '角色管理员' })
  await hub(desktop, 'platform.role.resAuth.save', { roleId: role.id, permissions: ['platform', 'platform:people', 'platform:role'] })
  const username = `pg${Date.now().toString(36)}`.slice(0, 20)
  const user = await hub<{ id: string }>(desktop, 'platform.employee.create', { username, nickName: '角色员', password: 'Pg#Pass1234' })
  await hub(desktop, 'platform.role.saveRoleUser', { roleId: role.id, userIds: [user.id] })
  await page.getByRole('button', { name: '用户菜单' }).click()
  await page.getByRole('menuitem', { name: '退出登录' }).click()
  await expect(page).toHaveURL(/\/login$/)

  // First sign-in asks for the user's own password.
  await signIn(desktop, username, 'Pg#Pass1234', { home: false })
  const change = page.getByRole('form', { name: '请修改密码' })
  await change.getByRole('textbox', { name: '原密码', exact: true }).fill('Pg#Pass1234')
  await change.getByRole('textbox', { name: '新密码', exact: true }).fill('Pg#Own12345')
  await change.getByRole('textbox', { name: '确认新密码', exact: true }).fill('Pg#Own12345')
  await change.getByRole('button', { name: '保存' }).click()
  await expect(change).toBeHidden()
  await signIn(desktop, username, 'Pg#Own12345')

  await desktop.open('/platform/user')
  await expect(page.getByRole('heading', { name: '没有访问权限' })).toBeVisible()
  await expect(page.getByText('页面“用户管理”需要“用户管理”权限（platform:user），您的账号没有该权限。')).toBeVisible()
  await expect(page.getByRole('heading', { name: '页面不存在' })).toHaveCount(0)
  await page.getByRole('link', { name: '返回首页' }).click()
  await expect(page).toHaveURL(/\/$/)

  await desktop.open('/no/such/page')
  await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible()
  await expect(page.getByRole('heading', { name: '没有访问权限' })).toHaveCount(0)
})
