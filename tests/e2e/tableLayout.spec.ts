import type { Locator, Page } from '@playwright/test'
import { test, expect } from './harness'
import { rowOverlaps, shownWhole } from './layoutProbe'
import { signInAsAdmin } from './signIn'

/**
 * The console at the size a new window opens at, 1280×800 (issues 23 and 24): list columns that
 * ran into each other, row actions cut at the panel's edge or stacked four high, and the topic
 * cylinder cutting its last live count. One signed-in page walks the screens that showed it.
 */
test.use({ viewport: { width: 1280, height: 800 } })

test('lists and the flow diagram at 1280×800: nothing overlaps, nothing is cut, rare actions in ⋯', async ({ desktop }) => {
  test.slow()
  const { page } = desktop
  await signInAsAdmin(desktop)
  const username = `lay${Date.now().toString(36)}`.slice(0, 20)
  const created = await desktop.handlers['hub.call']({ endpoint: 'platform.employee.create', input: { username, nickName: '布局检查', password: 'Lay#Pass12', status: '1', canLogin: '1' } })
  expect(created.ok, created.message).toBe(true)

  // The pages that overlapped: dictionary types (code over name), menus (permission mark over
  // weight, Delete cut), client routers (several columns), users (actions cut).
  for (const [path, entity] of [
    ['/platform/dictionary-type', '字典类型'],
    ['/platform/menu', '菜单'],
    ['/platform/client-router', '客户端路由'],
    ['/platform/user', '用户'],
  ] as const) {
    await desktop.open(path)
    const table = page.getByRole('table', { name: `${entity}列表` })
    const rows = table.getByRole('row')
    await expect(rows.nth(1)).toBeVisible({ timeout: 20_000 })
    const count = Math.min(await rows.count(), 30)
    // Soft: one run names every page and row that overlaps.
    for (let i = 0; i < count; i++) expect.soft(await rowOverlaps(rows.nth(i)), `${path} row ${i}`).toEqual([])
    // Each row's actions: painted whole inside the panel (it scrolls sideways, they stay), clickable.
    const actions = rows.nth(1).getByRole('cell').last().getByRole('button')
    for (let i = 0; i < (await actions.count()); i++) {
      expect.soft(await shownWhole(actions.nth(i)), `${path} action ${i}`).toBe(true)
      await actions.nth(i).click({ trial: true })
    }
  }

  // Client routers are wider than the panel at 1280 px: scrolled half-way, the columns pass under
  // the actions, none shows beside or through them.
  await desktop.open('/platform/client-router')
  const routers = page.getByRole('table', { name: '客户端路由列表' })
  await expect(routers.getByRole('row').nth(3)).toBeVisible({ timeout: 20_000 })
  const scrolled = await routers.evaluate((t) => {
    const scroller = t.parentElement!
    scroller.scrollLeft = (scroller.scrollWidth - scroller.clientWidth) / 2
    return scroller.scrollLeft
  })
  expect(scrolled, 'the client routers table scrolls sideways at 1280 px').toBeGreaterThan(0)
  for (let i = 0; i < 4; i++) expect.soft(await rowOverlaps(routers.getByRole('row').nth(i)), `scrolled row ${i}`).toEqual([])

  // A value too long for its column is cut with an ellipsis; hovering it shows it whole.
  await routers.evaluate((t) => (t.parentElement!.scrollLeft = 0))
  const cut = await firstCutCell(page)
  await cut.hover()
  await expect(page.getByRole('tooltip')).toHaveText((await cut.textContent()) ?? '')

  // The users list: edit and roles as buttons on one line, the rare ones behind ⋯, and they work.
  await desktop.open('/platform/user')
  // Searched for: other tests of this worker's hub add users (pageLayout.spec adds 18), so it may sit past page 1.
  const search = page.getByRole('search')
  await search.getByLabel('用户名').fill(username)
  await search.getByRole('button', { name: '查询' }).click()
  const row = page.getByRole('row').filter({ hasText: username })
  await expect(row).toBeVisible()
  const edit = row.getByRole('button', { name: '编辑' })
  const roles = row.getByRole('button', { name: '分配角色' })
  const more = row.getByRole('button', { name: `${username} 的更多操作` })
  const middles = await Promise.all([edit, roles, more].map(async (b) => centreY(b)))
  expect(Math.max(...middles) - Math.min(...middles)).toBeLessThan(2)
  await expect(row.getByRole('button', { name: '重置密码' })).toHaveCount(0)
  await more.click()
  await page.getByRole('menuitem', { name: '设为/取消管理员' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click()
  await expect(row.getByRole('cell').nth(6)).toHaveText('是')
  await more.click()
  await page.getByRole('menuitem', { name: '重置密码' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click()
  await expect(page.getByLabel('密码', { exact: true })).toHaveText(/\S{8,}/)
  await page.getByRole('button', { name: '关闭' }).click()

  // The flow diagram: the topic cylinder shows its last live count (重试中) whole.
  const code = `layout_${Date.now().toString(36)}`
  const topic = await desktop.handlers['hub.call']({ endpoint: 'datahub.topic.create', input: { code, name: '布局主题', status: '1' } })
  expect(topic.ok, topic.message).toBe(true)
  await desktop.open('/datahub/topic')
  const box = page.getByRole('group', { name: '消息主题 布局主题', exact: true })
  const retrying = box.getByRole('group', { name: /^投递统计/ }).getByText(/重试中 \d/)
  await expect(retrying).toBeVisible({ timeout: 20_000 })
  expect(await shownWhole(retrying)).toBe(true)
})

async function centreY(target: Locator): Promise<number> {
  const b = await target.boundingBox()
  if (!b) throw new Error('not laid out')
  return b.y + b.height / 2
}

/** The first body cell whose text is cut (wider than the room it is shown in). */
async function firstCutCell(page: Page): Promise<Locator> {
  const cells = page.getByRole('table').getByRole('cell').locator('span')
  await expect(cells.first()).toBeVisible({ timeout: 20_000 })
  const index = await cells.evaluateAll((spans) => spans.findIndex((s) => s.scrollWidth > s.clientWidth + 1 && getComputedStyle(s).textOverflow === 'ellipsis'))
  expect(index, 'a cut cell on the client routers list').toBeGreaterThanOrEqual(0)
  return cells.nth(index)
}
