import { randomBytes } from 'node:crypto'
import { ensureApplication } from './applications'
import { test, expect, type Desktop } from './harness'
import { hubOk } from './hubSetUp'
import { openFromMenu } from './navigation'
import { SERVER, withScratchDatabase } from './scratchDatabase'
import { signInAsAdmin } from './signIn'

/**
 * Dashboards end to end (issue 16): a widget built in the widget editor from a SQL data source
 * (this machine's PostgreSQL, a database the test makes with one table), its query previewed
 * before saving; placed on a new dashboard, dragged and resized with the pointer, saved; after a
 * reload the dashboard opens again with the widget where it was put, showing the table's rows.
 */
test.use({ viewport: { width: 1280, height: 800 } })

test('a SQL widget placed on a dashboard, arranged by dragging, is still there with its data after a reload', async ({ desktop }) => {
  test.setTimeout(180_000)
  const suffix = randomBytes(4).toString('hex')
  const database = `e2e_dash_${suffix}`
  const sales = "create table sales (region varchar(20), amount integer); insert into sales values ('north', 7), ('south', 5), ('east', 3)"
  await withScratchDatabase(database, sales, () => run(desktop, database, suffix))
})

async function run(desktop: Desktop, database: string, suffix: string): Promise<void> {
  const { page } = desktop
  await signInAsAdmin(desktop)
  await ensureApplication(desktop, 'erp')
  const source = `e2e_dash_${suffix}`
  await hubOk(desktop, 'datahub.datasource.create', {
    name: source, sourceType: '1', dbType: 'postgresql', applicationCode: 'erp', host: SERVER.host, port: String(SERVER.port), databaseName: database, username: SERVER.user, status: '1', timeout: 5,
  })

  // 小部件: a widget of the SQL data type, its rows previewed before it is saved.
  await openFromMenu(page, ['仪表盘', '部件'])
  await expect(page).toHaveURL(/\/dashboard\/widget$/)
  await page.getByRole('button', { name: '新建部件' }).click()
  const editor = page.getByRole('dialog', { name: '新建部件' })
  const title = `Sales ${suffix}`
  await editor.getByLabel('标题').fill(title)
  await editor.getByLabel('数据类型').selectOption('sql')
  await editor.getByLabel('图表类型').selectOption('table')
  await editor.getByLabel('数据源').selectOption(source)
  // A write is refused by the SQL preview's guard, with its message; the form keeps what was typed.
  await editor.getByLabel('查询语句').fill('delete from sales')
  await editor.getByRole('button', { name: '预览' }).click()
  await expect(editor.getByText('只允许执行查询语句（SELECT）')).toBeVisible()
  await editor.getByLabel('查询语句').fill('select region, amount from sales order by amount desc')
  await editor.getByRole('button', { name: '预览' }).click()
  const preview = editor.getByRole('region', { name: '预览结果' })
  await expect(preview.getByRole('row')).toHaveCount(4)
  await expect(preview.getByRole('row').nth(1)).toContainText('north')
  await expect(editor.getByText('共 3 行')).toBeVisible()
  // As a bar chart: the charting package arrives with the first chart and draws one bar per row.
  await editor.getByLabel('图表类型').selectOption('bar')
  await editor.getByRole('button', { name: '预览' }).click()
  await expect(preview.locator('svg rect[role="img"], svg rect').first()).toBeVisible()
  await expect(editor.getByRole('region', { name: '查询结果' }).getByRole('row')).toHaveCount(4)
  await editor.getByLabel('图表类型').selectOption('table')
  await editor.getByRole('button', { name: '预览' }).click()
  // The editor fits a 1280×800 window: its save button is inside it.
  const save = (await editor.getByRole('button', { name: '保存' }).boundingBox())!
  expect(save.y + save.height).toBeLessThanOrEqual(800)
  await editor.getByRole('button', { name: '保存' }).click()
  await expect(editor).toBeHidden()
  await expect(page.getByRole('table', { name: '部件列表' }).getByRole('row').filter({ hasText: title })).toContainText('SQL 查询')

  // 仪表盘管理: a new dashboard (private), the widget added and arranged.
  await openFromMenu(page, ['仪表盘', '仪表盘管理'])
  await expect(page).toHaveURL(/\/dashboard\/list/)
  await page.getByRole('button', { name: '新建仪表盘' }).click()
  const settings = page.getByRole('dialog', { name: '新建仪表盘' })
  const boardTitle = `Ops ${suffix}`
  await settings.getByLabel('标题').fill(boardTitle)
  await settings.getByRole('button', { name: '确定' }).click()
  await expect(settings).toBeHidden()
  const board = page.getByRole('region', { name: boardTitle })
  await expect(board.getByText('仅自己可见')).toBeVisible()
  await board.getByRole('button', { name: '编辑' }).click()
  await board.getByLabel('选择要添加的部件').selectOption({ label: title })
  await board.getByRole('button', { name: '添加部件' }).click()
  const tile = board.getByRole('region', { name: title })
  await expect(tile.getByRole('row').nth(1)).toContainText('north')

  // Dragged two columns to the right by its handle, then made a row taller by its corner.
  const grid = (await tile.evaluate((e) => e.parentElement!.getBoundingClientRect().width)) / 12
  await dragBy(page, tile.getByRole('button', { name: `移动部件 ${title}` }), grid * 2, 0)
  await dragBy(page, tile.getByRole('button', { name: `调整部件 ${title} 的大小` }), 0, 80)
  await board.getByRole('button', { name: '保存' }).click()
  await expect(board.getByRole('button', { name: '编辑' })).toBeVisible()

  // Reloaded: the same dashboard opens (its id is in the address), the widget where it was put, with its rows.
  await page.reload()
  const again = page.getByRole('region', { name: boardTitle })
  const shown = again.getByRole('region', { name: title })
  await expect(shown.getByRole('row')).toHaveCount(4)
  await expect(shown.getByRole('row').nth(3)).toContainText('east')
  const id = new URL(page.url()).searchParams.get('id')
  const stored = await hubOk<{ layout: { x: number; y: number; w: number; h: number }[] }>(desktop, 'platform.dashboard.detail', { id })
  expect(stored.layout).toEqual([expect.objectContaining({ x: 2, y: 0, w: 4, h: 4 })])

  // A widget made from the board itself, without leaving the unsaved layout: it is placed at once.
  await again.getByRole('button', { name: '编辑' }).click()
  await again.getByRole('button', { name: '新建部件' }).click()
  const made = page.getByRole('dialog', { name: '新建部件' })
  const note = `Note ${suffix}`
  await made.getByLabel('标题').fill(note)
  await made.getByLabel('数据类型').selectOption('html')
  await made.getByLabel('富文本').fill('<p>on call: Ann</p>')
  await made.getByRole('button', { name: '保存' }).click()
  await expect(made).toBeHidden()
  await expect(again.getByRole('region', { name: note })).toBeVisible()
  await again.getByRole('button', { name: '保存' }).click()
  await expect(again.getByRole('button', { name: '编辑' })).toBeVisible()
  const placed = await hubOk<{ layout: unknown[] }>(desktop, 'platform.dashboard.detail', { id })
  expect(placed.layout).toHaveLength(2)
}

/** A pointer drag in small steps (dnd-kit starts dragging after a few pixels). */
async function dragBy(page: import('@playwright/test').Page, handle: import('@playwright/test').Locator, dx: number, dy: number): Promise<void> {
  const box = (await handle.boundingBox())!
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2]
  await page.mouse.move(x, y)
  await page.mouse.down()
  await page.mouse.move(x + 5, y + 5, { steps: 2 })
  await page.mouse.move(x + dx, y + dy, { steps: 10 })
  await page.mouse.up()
}
