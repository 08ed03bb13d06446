import { accessibleTheme } from '../../src/renderer/theme/accessibleBrand'
import { themeClassName } from '../../src/renderer/theme/brandRamp'
import { test, expect, type Desktop } from './harness'

/**
 * Dictionaries and parameters take effect in the console without a rebuild or a restart: the
 * save's answer carries the new data version, the console refetches the set and re-renders.
 * The built console in Chromium, the real main-process handlers, a real hub on SQLite.
 */
async function signIn(desktop: Desktop) {
  const { page } = desktop
  await desktop.open('/login')
  await page.getByLabel('用户名').fill('admin')
  await page.getByLabel('密码', { exact: true }).fill(desktop.adminPassword)
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await expect(page).toHaveURL(/\/$/)
}

/** Applies one text filter of a resource list. */
async function filterBy(desktop: Desktop, label: string, value: string) {
  const search = desktop.page.getByRole('search')
  await search.getByLabel(label).fill(value)
  await search.getByRole('button', { name: '查询' }).click()
}

test('an English label given to a dictionary entry shows in the selects once the console is in English', async ({ desktop }) => {
  const { page } = desktop
  await signIn(desktop)
  await desktop.open('/platform/dictionary-data')
  await filterBy(desktop, '字典类型', 'sys_status')
  const row = page.getByRole('row').filter({ hasText: '启用' })
  await expect(row).toHaveCount(1)
  await row.getByRole('button', { name: '编辑' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('英文标签').fill('Switched on')
  await dialog.getByRole('button', { name: '保存' }).click()
  await expect(dialog).toBeHidden()
  await expect(row).toContainText('Switched on')

  await page.getByRole('button', { name: '切换语言' }).click()
  await page.getByRole('menuitemradio', { name: 'English' }).click()
  await desktop.open('/platform/dictionary-type')
  // The status filter is a select over the sys_status dictionary.
  const status = page.getByRole('search').getByRole('combobox', { name: 'Status' })
  await expect(status.locator('option', { hasText: 'Switched on' })).toHaveCount(1)
})

test('a new theme.color changes the brand colour as soon as it is saved', async ({ desktop }) => {
  const { page } = desktop
  await signIn(desktop)
  await desktop.open('/platform/parameter')
  const brand = () => page.evaluate(() => getComputedStyle(document.querySelector('.fui-FluentProvider')!).getPropertyValue('--colorBrandBackground').trim().toLowerCase())
  await filterBy(desktop, '参数键', 'theme.color')
  const before = await brand()
  const row = page.getByRole('row').filter({ hasText: 'theme.color' })
  await row.getByRole('button', { name: '编辑' }).click()
  const dialog = page.getByRole('dialog')
  // A value the console could not turn into a colour is refused before it is sent.
  await dialog.getByLabel('参数值').fill('red')
  await dialog.getByRole('button', { name: '保存' }).click()
  await expect(dialog.getByText('该参数的值格式不正确')).toBeVisible()
  await dialog.getByLabel('参数值').fill('#E8590C')
  await dialog.getByRole('button', { name: '保存' }).click()
  await expect(dialog).toBeHidden()

  const expected = accessibleTheme('#E8590C', false).colorBrandBackground.toLowerCase()
  expect(before).not.toBe(expected)
  await expect.poll(brand).toBe(expected)
  await expect(page.locator('body')).toHaveClass(new RegExp(themeClassName('#E8590C')))
})

test('an edited text shows in the console right after saving, without a rebuild', async ({ desktop }) => {
  const { page } = desktop
  await signIn(desktop)
  await desktop.open('/platform/i18n')
  await filterBy(desktop, '编码', 'common:refresh')
  await filterBy(desktop, '语言', 'cn')
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'common:refresh', exact: true }) })
  await expect(row).toHaveCount(1)
  await row.getByRole('button', { name: '编辑' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('内容').fill('重新加载')
  await dialog.getByRole('button', { name: '保存' }).click()
  await expect(dialog).toBeHidden()
  // The list's own toolbar uses that text: merged over the bundled one once the console refetched /i18n.
  await expect(page.getByRole('button', { name: '重新加载' })).toBeVisible()

  // The worker's hub is shared by the later specs, which press '刷新': put the text back.
  const found = await desktop.handlers['hub.call']({ endpoint: 'platform.i18n.query', input: { key: 'common:refresh', language: 'cn', pageNum: 1, pageSize: 10 } })
  const text = (found.data as { content: { id: string; langCode: string; messageKey: string; messageValue: string }[] }).content.find((m) => m.messageKey === 'common:refresh')!
  const restored = await desktop.handlers['hub.call']({ endpoint: 'platform.i18n.update', input: { id: text.id, langCode: text.langCode, messageKey: text.messageKey, messageValue: '刷新' } })
  expect(restored.ok, restored.message).toBe(true)
})

test('language types: a new language starts inactive, is activated, and the default offers no deactivation', async ({ desktop }) => {
  const { page } = desktop
  await signIn(desktop)
  await desktop.open('/platform/lang-type')
  await page.getByRole('button', { name: '新增语言类型' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('语言编码').fill('ja')
  await dialog.getByLabel('语言名称').focus()
  await expect(dialog.getByText('语言编码须为 5-35 位，如 ja-JP')).toBeVisible()
  await dialog.getByLabel('语言编码').fill('ja-JP')
  await dialog.getByLabel('语言名称').fill('日语')
  await dialog.getByLabel('英文名称').fill('Japanese')
  await dialog.getByRole('button', { name: '保存' }).click()
  await expect(dialog).toBeHidden()

  const ja = page.getByRole('row').filter({ hasText: 'ja-JP' })
  await expect(ja).toContainText('停用')
  await expect(ja.getByRole('button', { name: '设为默认' })).toHaveCount(0)
  await ja.getByRole('button', { name: '启用' }).click()
  await expect(ja.getByRole('button', { name: '设为默认' })).toBeVisible()
  const cn = page.getByRole('row').filter({ hasText: '中文' })
  await expect(cn).toContainText('是')
  await expect(cn.getByRole('button', { name: '停用' })).toHaveCount(0)
})
