import type { Page } from '@playwright/test'
import { ensureApplication } from './applications'
import { test, expect, type Desktop } from './harness'
import { signInAsAdmin } from './signIn'

/**
 * Issue 24 item 6, at the window a new console opens with (1280×800): the user dialog's
 * organisation and position pickers, the positions page when there are none, toasts that repeat,
 * the data source's application, and the breadcrumb of the role authorisation screen.
 */
test.use({ viewport: { width: 1280, height: 800 } })

const stamp = () => Date.now().toString(36)
const toasts = (page: Page) => page.locator('.fui-Toast')

async function call(desktop: Desktop, endpoint: string, input: unknown): Promise<{ id: string }> {
  const r = await desktop.handlers['hub.call']({ endpoint, input } as never)
  expect(r.ok, JSON.stringify(r)).toBe(true)
  return (r as { data: { id: string } }).data
}

// No other spec makes organisations or positions, so the worker's hub has none when this starts.
test('positions page and user dialog say when there are no positions or organisations, then list them', async ({ desktop }) => {
  const { page } = desktop
  await signInAsAdmin(desktop)
  await desktop.open('/platform/position')
  await expect(page.getByRole('button', { name: '新增岗位' })).toBeVisible()
  await expect(page.getByText('暂无数据')).toBeVisible()

  await desktop.open('/platform/user')
  await page.getByRole('button', { name: '新增用户' }).click()
  let dialog = page.getByRole('dialog', { name: '新增用户' })
  await expect(dialog.getByRole('group', { name: '组织' })).toContainText('暂无组织，可在“组织管理”中新增')
  await expect(dialog.getByRole('group', { name: '岗位' })).toContainText('暂无岗位，可在“岗位管理”中新增')
  // A box an input's height, not a bare line.
  expect((await dialog.getByRole('group', { name: '组织' }).boundingBox())!.height).toBeGreaterThanOrEqual(32)
  await dialog.getByRole('button', { name: '取消' }).click()

  const id = stamp()
  await call(desktop, 'platform.org.create', { orgCode: `org_${id}`, orgName: `测试组织${id}` })
  await call(desktop, 'platform.position.create', { code: `pos${id}`, name: `测试岗位${id}` })
  await desktop.open('/platform/position')
  await expect(page.getByText(`测试岗位${id}`)).toBeVisible()
  await expect(page.getByText('暂无数据')).toHaveCount(0)
  await desktop.open('/platform/user')
  await page.getByRole('button', { name: '新增用户' }).click()
  dialog = page.getByRole('dialog', { name: '新增用户' })
  await expect(dialog.getByRole('group', { name: '组织' }).getByRole('checkbox', { name: `测试组织${id}` })).toBeVisible()
  await expect(dialog.getByRole('group', { name: '岗位' }).getByRole('checkbox', { name: `测试岗位${id}` })).toBeVisible()
  await expect(dialog.getByText('暂无组织', { exact: false })).toHaveCount(0)
})

test('a repeated toast shows once with a count, and no more than three are on screen', async ({ desktop }) => {
  const { page } = desktop
  await signInAsAdmin(desktop)
  // Sources on a closed port: each connection test fails, with the source's name in the message.
  const names = [0, 1, 2, 3, 4].map((n) => `e2e_refused_${stamp()}_${n}`)
  for (const name of names) {
    await call(desktop, 'datahub.datasource.create', { name, sourceType: '1', dbType: 'postgresql', applicationCode: 'erp', host: '127.0.0.1', port: '1', databaseName: 'x', username: 'x', timeout: '2' })
  }
  await desktop.open('/datahub/datasource')
  const testButton = (name: string) => page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: '测试连接' })
  const first = toasts(page).filter({ hasText: names[0]! })
  for (let i = 1; i <= 4; i++) {
    await testButton(names[0]!).click()
    if (i > 1) await expect(first.getByText(`×${i}`)).toBeVisible()
  }
  await expect(first).toHaveCount(1)

  // Every toast text the page shows, noted as they come (one may be replaced before it is looked at).
  await page.evaluate(() => {
    const w = window as unknown as { toastTexts: string[] }
    w.toastTexts = []
    new MutationObserver(() => {
      const shown = Array.from(document.querySelectorAll('.fui-Toast'))
      for (const t of shown) if (!w.toastTexts.includes(t.textContent ?? '')) w.toastTexts.push(t.textContent ?? '')
    }).observe(document.body, { childList: true, subtree: true })
  })
  // Four different failures at once.
  for (const name of names.slice(1)) await testButton(name).click()
  await expect
    .poll(() => page.evaluate((wanted) => wanted.every((n) => (window as unknown as { toastTexts: string[] }).toastTexts.some((t) => t.includes(n))), names.slice(1)), { timeout: 30_000 })
    .toBe(true)
  // Once they are all in (a dismissed toast takes a moment to leave), three at most stay: without
  // the cap all four, and the first's, would stay their full five seconds.
  await expect.poll(() => toasts(page).count(), { timeout: 2_000 }).toBeLessThanOrEqual(3)
})

test('the data source takes its application from the enabled applications, name included', async ({ desktop }) => {
  const { page } = desktop
  await signInAsAdmin(desktop)
  await ensureApplication(desktop, 'erp')
  await desktop.open('/datahub/datasource')
  await page.getByRole('button', { name: '新增数据源' }).click()
  const dialog = page.getByRole('dialog', { name: '新增数据源' })
  const app = dialog.getByLabel('应用编码')
  expect(await app.evaluate((e) => e.tagName)).toBe('SELECT')
  await expect(app.getByRole('option', { name: 'erp (erp)' })).toHaveCount(1)
  const name = `e2e_app_${stamp()}`
  await dialog.getByLabel('数据源名称').fill(name)
  await dialog.getByLabel('数据库类型').selectOption('postgresql')
  await app.selectOption('erp')
  await dialog.getByLabel('服务器').fill('127.0.0.1')
  await dialog.getByLabel('数据库', { exact: true }).fill('test')
  await dialog.getByRole('button', { name: '保存' }).click()
  await expect(dialog).toBeHidden()
  const list = await desktop.handlers['hub.call']({ endpoint: 'datahub.datasource.list', input: { name, pageNum: 1, pageSize: 10 } } as never)
  const row = (list as { data: { content: { name: string; applicationCode: string; applicationName: string }[] } }).data.content.find((r) => r.name === name)
  expect(row).toMatchObject({ applicationCode: 'erp', applicationName: 'erp' })
})

test('the role authorisation screen shows its whole path in the breadcrumb', async ({ desktop }) => {
  const { page } = desktop
  await signInAsAdmin(desktop)
  // Role codes are letters only.
  const code = `crumb${stamp().replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`
  await call(desktop, 'platform.role.create', { roleCode: code, roleName: '面包屑角色' })
  await desktop.open('/platform/role')
  await page.getByRole('row').filter({ hasText: code }).getByRole('button', { name: '授权' }).click()
  await expect(page.getByText('角色授权：面包屑角色')).toBeVisible()
  const crumbs = page.getByRole('navigation', { name: '当前位置' })
  await expect(crumbs.getByRole('listitem')).toHaveText(['首页', '平台管理', '组织人员', '角色管理', '角色授权'])
  // The page above it leads back to the roles list.
  await crumbs.getByRole('button', { name: '角色管理' }).click()
  await expect(page).toHaveURL(/\/platform\/role$/)
})
