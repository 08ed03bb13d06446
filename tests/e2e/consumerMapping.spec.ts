import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import pg from 'pg'
import * as XLSX from 'xlsx'
import { ensureApplication } from './applications'
import { removeTopicAndSource } from './cleanup'
import { signInAsAdmin } from './signIn'
import { test, expect, type Desktop } from './harness'

/**
 * The consumer editor and its field-mapping tab end to end: the built console in Chromium, the
 * real main-process handlers (Excel through the native-dialog stand-in) and a real hub. A dblink
 * consumer is created with its data source and target table (a real PostgreSQL table with
 * snake_case columns), its mapping table is filled by hand, from an Excel workbook, from a JSON
 * sample and by smart mapping against the dblink producer's camelCase columns, reordered, saved,
 * and read back after reopening. What it made is removed afterwards: the worker's hub is shared.
 */
test('a dblink consumer: create, map fields (rows, Excel, JSON, smart mapping), reorder, save, reopen the same table', async ({ desktop }) => {
  test.setTimeout(240_000)
  await signInAsAdmin(desktop)
  const code = `e2e_map_${Date.now().toString(36)}`
  const table = `${code}_orders`
  await onTestDatabase(`create table ${table} (id integer primary key, order_no varchar(40), customer_id integer, total_amount numeric(12, 2))`)
  try {
    await mapFields(desktop, code, table)
  } finally {
    await removeTopicAndSource(desktop, code, { name: `${code}_pg`, applicationCode: 'wms', sourceType: '1' })
    await onTestDatabase(`drop table if exists ${table}`)
  }
})

async function mapFields(desktop: Desktop, code: string, table: string): Promise<void> {
  const { page } = desktop
  const hub = desktop.handlers['hub.call']
  expect((await hub({ endpoint: 'datahub.topic.create', input: { code, name: 'E2E 映射主题', status: '1' } })).ok).toBe(true)
  await ensureApplication(desktop, 'wms')
  // The consumer's data source: the real PostgreSQL of this machine, database test.
  const source = `${code}_pg`
  const ds = await hub({
    endpoint: 'datahub.datasource.create',
    input: { name: source, sourceType: '1', dbType: 'postgresql', applicationCode: 'wms', host: '127.0.0.1', port: '5432', databaseName: 'test', username: 'postgres' },
  })
  expect(ds.ok, JSON.stringify(ds)).toBe(true)
  // A producer reading a database: smart mapping is offered, its columns (camelCase) are the sources.
  const columnModelList = ['orderNo', 'customerId', 'totalAmount'].map((columnName) => ({ columnName, synchStatus: '1' }))
  const producer = await hub({
    endpoint: 'datahub.producer.create',
    input: {
      topicCode: code,
      appCode: 'wms',
      productionMode: 'dblink',
      dbLinkRequestInfoModel: { dataSourceName: source, dataGetMethod: '2', queryType: 'pageList', querySql: 'select 1', dataSynch: 'all', batchGetData: '0', failRetry: '0', columnModelList },
    },
  })
  expect(producer.ok, JSON.stringify(producer)).toBe(true)

  await desktop.open('/datahub/topic')
  const row = page.getByRole('article', { name: `消息主题 E2E 映射主题（${code}）` })
  // The flow diagram's chunk loads with the page's first row: slow on a busy machine.
  await expect(row).toBeVisible({ timeout: 30_000 })
  await row.getByRole('group', { name: '未配置消费者' }).getByRole('button', { name: /^编辑/ }).click()
  let dialog = page.getByRole('dialog', { name: '新增消费者' })
  // No mapping tab before the consumer exists.
  await expect(dialog.getByRole('tab', { name: '字段映射' })).toHaveCount(0)
  await dialog.getByLabel('应用编码').selectOption('wms')
  await dialog.getByLabel('消费方式').selectOption('dblink')
  // dblink forces the database result notification on: it needs its data source too.
  await expect(dialog.getByRole('checkbox', { name: '启用' }).first()).toBeChecked()
  await dialog.getByRole('button', { name: '保存' }).click()
  await expect(dialog.getByText('必填字段').first()).toBeVisible()
  await dialog.getByLabel('数据源', { exact: true }).selectOption(source)
  await dialog.getByLabel('目标表名').fill(table)
  await dialog.getByLabel('通知数据源').selectOption(source)
  await dialog.getByRole('button', { name: '保存' }).click()
  dialog = page.getByRole('dialog', { name: '编辑消费者' })
  await expect(dialog).toBeVisible()

  // The mapping tab: two rows by hand.
  await dialog.getByRole('tab', { name: '字段映射' }).click()
  await expect(dialog.getByText(/暂无字段映射/)).toBeVisible()
  await dialog.getByRole('button', { name: '新增行' }).click()
  await cell(dialog, 1, '源字段').fill(' order_no ')
  await cell(dialog, 1, '目标字段').fill('ORDER_NO')
  await dialog.getByRole('button', { name: '新增行' }).click()
  await cell(dialog, 2, '源字段').fill('amount')
  await cell(dialog, 2, '目标字段').fill('AMOUNT')
  await cell(dialog, 2, '目标字段').blur()
  await expect(cell(dialog, 1, '源字段')).toHaveValue('order_no')

  // From an Excel workbook through the main process (the native dialog's stand-in picks it).
  const dir = mkdtempSync(join(tmpdir(), 'c-e2e-'))
  try {
    const book = XLSX.utils.book_new()
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['源字段', '目标字段'], ['amount', 'AMOUNT'], ['customer', 'CUSTOMER_ID']]), '字段映射')
    desktop.dialogs.excelPath = join(dir, 'mapping.xlsx')
    XLSX.writeFile(book, desktop.dialogs.excelPath)
    await dialog.getByRole('button', { name: '上传 Excel' }).click()
    // The import preview: the rows, and the header row the hub left out, with why.
    const preview = page.getByRole('dialog', { name: '从 Excel 导入' })
    await expect(preview.getByRole('list', { name: '待导入的行' }).getByRole('listitem')).toHaveText(['amount --> AMOUNT', 'customer --> CUSTOMER_ID'])
    await expect(preview.getByRole('list', { name: '已跳过的行' }).getByRole('listitem')).toHaveText(['第 1 行：“源字段” → “目标字段” — 表头行，不是映射'])
    await preview.getByRole('button', { name: '导入' }).click()
    await expect(preview).toHaveCount(0)
    // amount → AMOUNT is already there: only the new pair is added.
    await expect(cell(dialog, 3, '源字段')).toHaveValue('customer')
    await expect(cell(dialog, 4, '源字段')).toHaveCount(0)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }

  // Reorder: move the last row up, then drag the first row below the second.
  await dialog.getByRole('button', { name: '上移第 3 行' }).click()
  await expect(cell(dialog, 2, '源字段')).toHaveValue('customer')
  await expect(dialog.getByRole('button', { name: '上移第 1 行' })).toBeDisabled()
  await expect(dialog.getByRole('button', { name: '下移第 3 行' })).toBeDisabled()
  await drag(page, dialog.getByRole('button', { name: '拖动第 1 行排序' }), dialog.getByRole('button', { name: '拖动第 2 行排序' }), 2)
  await expect(cell(dialog, 1, '源字段')).toHaveValue('customer')
  await expect(cell(dialog, 2, '源字段')).toHaveValue('order_no')

  // JSON parse: invalid first, then a sample with values as targets.
  await dialog.getByRole('button', { name: '从 JSON 解析字段' }).click()
  const json = page.getByRole('dialog', { name: '从 JSON 解析字段' })
  await json.getByRole('textbox').fill('{"remark": ')
  await json.getByRole('button', { name: '解析' }).click()
  await expect(json.getByText('JSON内容解析失败')).toBeVisible()
  await json.getByRole('textbox').fill('{"remark": "REMARK", "amount": "AMOUNT"}')
  await json.getByRole('checkbox', { name: '使用属性值作为目标字段' }).check()
  await json.getByRole('button', { name: '解析' }).click()
  await expect(json.getByText('remark --> REMARK')).toBeVisible()
  await json.getByRole('button', { name: '保存' }).click()
  await expect(json).toHaveCount(0)
  await expect(dialog.getByText('共 4 行')).toBeVisible()

  // Smart mapping: the producer's camelCase columns against the target table's snake_case ones.
  await dialog.getByRole('button', { name: '智能映射' }).click()
  const smart = page.getByRole('dialog', { name: '智能映射' })
  const sources = smart.getByRole('group', { name: '源字段' })
  const targets = smart.getByRole('group', { name: '目标字段' })
  await expect(targets.getByRole('button', { name: 'customer_id' })).toBeVisible()
  // Picking a source selects its matching target, and the reverse.
  await sources.getByRole('button', { name: 'orderNo' }).click()
  await expect(targets.getByRole('button', { name: 'order_no' })).toHaveAttribute('aria-pressed', 'true')
  await smart.getByRole('button', { name: '添加' }).click()
  await targets.getByRole('button', { name: 'total_amount' }).click()
  await expect(sources.getByRole('button', { name: 'totalAmount' })).toHaveAttribute('aria-pressed', 'true')
  await smart.getByRole('button', { name: '添加' }).click()
  await expect(smart.getByRole('group', { name: '映射结果' }).getByRole('button')).toHaveText(['orderNo --> order_no', 'totalAmount --> total_amount'])
  await smart.getByRole('button', { name: '保存' }).click()
  await expect(smart).toHaveCount(0)
  await expect(dialog.getByText('共 6 行')).toBeVisible()

  await dialog.getByRole('button', { name: '保存' }).click()
  const expected = [
    ['customer', 'CUSTOMER_ID'],
    ['order_no', 'ORDER_NO'],
    ['amount', 'AMOUNT'],
    ['remark', 'REMARK'],
    ['orderNo', 'order_no'],
    ['totalAmount', 'total_amount'],
  ]
  await expect.poll(() => storedMappings(desktop, code)).toEqual(expected)
  await dialog.getByRole('button', { name: '返回' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)

  // Reopen: the same table, in the same order.
  await row.getByRole('group', { name: '消费者 wms', exact: true }).getByRole('button', { name: /^编辑/ }).click()
  dialog = page.getByRole('dialog', { name: '编辑消费者' })
  await dialog.getByRole('tab', { name: '字段映射' }).click()
  for (const [i, [source, target]] of expected.entries()) {
    await expect(cell(dialog, i + 1, '源字段')).toHaveValue(source!)
    await expect(cell(dialog, i + 1, '目标字段')).toHaveValue(target!)
  }
}

/** Runs one statement in the machine's PostgreSQL database test (the data source's database). */
async function onTestDatabase(sql: string): Promise<void> {
  const client = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test' })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

/**
 * Removes the topic (with its producer and consumer: an inactive topic takes them along) and the
 * data source, through the same handler the page uses. Whatever was not made is skipped.
 */
const cell = (dialog: Locator, row: number, column: string) => dialog.getByRole('textbox', { name: `第 ${row} 行 ${column}`, exact: true })

/**
 * A pointer drag in small steps: the sort starts after a few pixels, then follows the pointer to
 * the target's centre. The drop waits for the table's announcement that the row is over position
 * `overRow` (dnd-kit's live region), not for a time a busy machine may not keep to.
 */
async function drag(page: Page, from: Locator, to: Locator, overRow: number): Promise<void> {
  const a = (await from.boundingBox())!
  const b = (await to.boundingBox())!
  const x = a.x + a.width / 2
  const startY = a.y + a.height / 2
  const endY = b.y + b.height / 2 + 8
  await page.mouse.move(x, startY)
  await page.mouse.down()
  await page.mouse.move(x, startY + 6, { steps: 3 })
  await page.mouse.move(x, endY, { steps: 15 })
  await expect(page.getByText(`移动到第 ${overRow} 行`, { exact: true })).toBeAttached()
  await page.mouse.up()
}

/** The consumer's stored mapping rows, read through the same main-process handler the page uses. */
async function storedMappings(desktop: Desktop, topicCode: string): Promise<string[][] | undefined> {
  const r = await desktop.handlers['hub.call']({ endpoint: 'datahub.consumer.listAll', input: { topicCode } })
  if (!r.ok) return undefined
  const c = (r.data as { fieldMappings: string }[])[0]
  return c?.fieldMappings ? (JSON.parse(c.fieldMappings) as { sourceFieldName: string; targetFieldName: string }[]).map((m) => [m.sourceFieldName, m.targetFieldName]) : undefined
}
