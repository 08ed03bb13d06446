import { test, expect, type Desktop } from './harness'

/**
 * Applications end to end: an administrator creates an application and a module from the
 * console; a bad code shows its field message, a refused save keeps what was typed. The built
 * console in Chromium, the real main-process handlers and a real hub on a fresh SQLite store.
 */
async function signIn(desktop: Desktop) {
  const { page } = desktop
  await desktop.open('/login')
  await page.getByLabel('用户名').fill('admin')
  await page.getByLabel('密码', { exact: true }).fill(desktop.adminPassword)
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await expect(page).toHaveURL(/\/$/)
}

test('an application and its module from the console; bad and duplicate codes keep the form', async ({ desktop }) => {
  // Several screens and dialogs on a shared 2-core machine.
  test.slow()
  const { page } = desktop
  const code = `wms${Date.now().toString(36)}`
  await signIn(desktop)

  await desktop.open('/platform/application')
  await page.getByRole('button', { name: '新增应用' }).click()
  const dialog = page.getByRole('dialog')
  // A code too short: the field's message on blur, the text stays.
  await dialog.getByLabel('应用编码').fill('ab')
  await dialog.getByLabel('应用名称').focus()
  await expect(dialog.getByText('应用编码须为 3-50 位英文字母或数字')).toBeVisible()
  await expect(dialog.getByLabel('应用编码')).toHaveValue('ab')
  await dialog.getByLabel('应用编码').fill(code)
  await dialog.getByLabel('应用名称').fill('仓储系统')
  await dialog.getByLabel('负责人电话').fill('13800138000')
  await dialog.getByRole('button', { name: '保存' }).click()
  await expect(dialog).toBeHidden()
  const row = page.getByRole('row').filter({ hasText: code })
  await expect(row).toBeVisible()
  await expect(row).toContainText('内部应用')

  // The same code again: the hub refuses, the dialog stays with what was typed.
  await page.getByRole('button', { name: '新增应用' }).click()
  await dialog.getByLabel('应用编码').fill(code)
  await dialog.getByLabel('应用名称').fill('另一个仓储')
  await dialog.getByRole('button', { name: '保存' }).click()
  await expect(dialog.getByRole('alert')).toContainText('应用已存在')
  await expect(dialog.getByLabel('应用编码')).toHaveValue(code)
  await expect(dialog.getByLabel('应用名称')).toHaveValue('另一个仓储')
  await dialog.getByRole('button', { name: '取消' }).click()
  await expect(dialog).toBeHidden()

  // Its code is locked when editing.
  await row.getByRole('button', { name: '编辑' }).click()
  await expect(dialog.getByLabel('应用编码')).toBeDisabled()
  await dialog.getByRole('button', { name: '取消' }).click()

  // A module of it: the application chosen above the list is the form's default.
  await desktop.open('/platform/application-module')
  await page.getByRole('combobox', { name: '所属应用' }).selectOption(code)
  await page.getByRole('button', { name: '新增模块' }).click()
  await expect(dialog.getByLabel('所属应用')).toHaveValue(code)
  await dialog.getByLabel('模块编码').fill('o!')
  await dialog.getByLabel('模块名称').focus()
  await expect(dialog.getByText('模块编码须为 3-50 位英文字母或数字')).toBeVisible()
  await dialog.getByLabel('模块编码').fill('orders')
  await dialog.getByLabel('模块名称').fill('订单模块')
  await dialog.getByRole('button', { name: '保存' }).click()
  await expect(dialog).toBeHidden()
  const moduleRow = page.getByRole('row').filter({ hasText: 'orders' })
  await expect(moduleRow).toContainText('仓储系统')
  await expect(moduleRow).toContainText('订单模块')

  // The application cannot go while its module is there.
  await desktop.open('/platform/application')
  await page.getByRole('row').filter({ hasText: code }).getByRole('button', { name: '删除' }).click()
  await page.getByRole('alertdialog').or(page.getByRole('dialog')).getByRole('button', { name: '确定' }).click()
  await expect(page.getByText('该应用下还有模块、接口或接口分组，请先删除它们').first()).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: code })).toBeVisible()
})
