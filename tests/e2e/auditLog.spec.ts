import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as XLSX from 'xlsx'
import { ensureApplication } from './applications'
import { test, expect } from './harness'
import { signInAsAdmin } from './signIn'
import { openNewTopic } from './topics'

/**
 * The audit log end to end (issue 16): a consumer edited in the console's editor shows in 审计日志
 * with who, from where and how (desktop: through the main process), and its change opens side by
 * side as the version history compares versions; the filtered list exports to Excel through the
 * save dialog's stand-in, and the file's rows are the entries.
 */
test('a consumer edit shows in the audit log with its diff; the filtered log exports to an .xlsx', async ({ desktop }) => {
  test.slow()
  const { page } = desktop
  await signInAsAdmin(desktop)
  const suffix = Date.now().toString(36)
  const [code, app] = [`audit_${suffix}`, `aud${suffix}`]
  await ensureApplication(desktop, app)
  const row = await openNewTopic(desktop, code, `审计 ${suffix}`)
  const created = await desktop.handlers['hub.call']({
    endpoint: 'datahub.consumer.create',
    input: { topicCode: code, applicationCode: app, dataConsumeType: 'http', httpRequestInfoModel: { requestMethod: 'POST', requestUri: '/orders/in', authenStatus: '0' }, remark: '旧备注' },
  })
  expect(created.ok, created.ok ? '' : created.message).toBe(true)
  await desktop.open('/datahub/topic')

  // The edit, in the consumer editor.
  await row.getByRole('group', { name: `消费者 ${app}`, exact: true }).getByRole('button', { name: /^编辑/ }).click()
  const editor = page.getByRole('dialog', { name: '编辑消费者' })
  await editor.getByRole('tab', { name: '备注' }).click()
  await editor.getByRole('textbox', { name: '备注' }).fill('新备注')
  await editor.getByRole('button', { name: '保存' }).click()
  await expect(page.getByText('操作成功').first()).toBeVisible()
  await editor.getByRole('button', { name: '返回' }).click()

  // The audit log, searched by the object.
  await desktop.open('/platform/audit-log')
  const table = page.getByRole('table', { name: '审计日志列表' })
  await expect(table).toBeVisible()
  await page.getByLabel('对象（类型、ID 或名称）').fill(app)
  await page.getByRole('button', { name: '查询' }).click()
  const update = table.getByRole('row').filter({ hasText: 'datahub.consumer.update' })
  await expect(update).toHaveCount(1)
  await expect(update).toContainText('admin')
  await expect(update).toContainText('消费者')
  await expect(update).toContainText('桌面客户端')
  await expect(update).toContainText('127.0.0.1')
  await expect(table.getByRole('row').filter({ hasText: 'datahub.consumer.create' })).toHaveCount(1)

  // Its change, side by side: the remark is marked changed, old value left, new right.
  await update.getByRole('button', { name: `查看 ${app} 的变更` }).click()
  const change = page.getByRole('dialog', { name: `${app} 的变更` })
  const remark = change.getByRole('row', { name: /^remark\b/ })
  await expect(remark).toHaveAttribute('data-changed', 'true')
  await expect(remark.getByRole('cell')).toHaveText([/^remark/, '旧备注', '新备注'])
  await expect(change.getByRole('row', { name: /^preProcessorRemark\b/ })).not.toHaveAttribute('data-changed')
  await change.getByRole('button', { name: '返回' }).click()

  // The export of the filtered list.
  const dir = mkdtempSync(join(tmpdir(), 'audit-e2e-'))
  try {
    desktop.dialogs.templatePath = join(dir, 'audit.xlsx')
    await page.getByRole('button', { name: '导出' }).click()
    await expect(page.getByText(`已导出：${desktop.dialogs.templatePath}`).first()).toBeVisible()
    const book = XLSX.read(readFileSync(desktop.dialogs.templatePath))
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, defval: '' })
    expect(rows[0]).toEqual(['时间', '用户', '客户端地址', '来源', '操作', '结果', '结果码', '对象类型', '对象 ID', '对象名称', '修改前', '修改后'])
    expect(rows.slice(1).map((r) => [r[1], r[2], r[3], r[4], r[5], r[7], r[9]])).toEqual([
      ['admin', '127.0.0.1', '桌面客户端', 'datahub.consumer.update', '成功', 'consumers', app],
      ['admin', '127.0.0.1', '桌面客户端', 'datahub.consumer.create', '成功', 'consumers', app],
      // The application the consumer names matched the search too (made first, through the same main process).
      ['admin', '127.0.0.1', '桌面客户端', 'platform.application.create', '成功', 'applications', app],
    ])
    expect(JSON.parse(rows[1]![10]!)).toMatchObject({ remark: '旧备注' })
    expect(JSON.parse(rows[1]![11]!)).toMatchObject({ remark: '新备注' })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
