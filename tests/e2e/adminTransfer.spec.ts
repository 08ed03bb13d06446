import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as XLSX from 'xlsx'
import { test, expect } from './harness'

/**
 * Administration Excel import and export end to end: the roles list's buttons, the main
 * process with the native dialogs' stand-ins, and a real hub. A file with a bad row is refused
 * whole with its problems listed by row; the corrected file imports; the export is written where
 * the save dialog said, with the header in the console's language.
 */
test('roles: a refused import lists its problems and imports nothing; the corrected file imports; export saves an .xlsx', async ({ desktop }) => {
  test.slow()
  const { page } = desktop
  await desktop.open('/login')
  await page.getByLabel('用户名').fill('admin')
  await page.getByLabel('密码', { exact: true }).fill(desktop.adminPassword)
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await expect(page).toHaveURL(/\/$/)

  const suffix = Date.now().toString(26).replace(/[0-9]/g, (d) => 'klmnopqrst'[Number(d)]!)
  const [good, other] = [`imp${suffix}`, `exp${suffix}`]
  const dir = mkdtempSync(join(tmpdir(), 'transfer-e2e-'))
  const write = (name: string, rows: string[][]) => {
    const book = XLSX.utils.book_new()
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Sheet1')
    const path = join(dir, name)
    XLSX.writeFile(book, path)
    return path
  }
  try {
    await desktop.open('/platform/role')
    await expect(page.getByRole('table', { name: '角色列表' })).toBeVisible()

    desktop.dialogs.excelPath = write('bad.xlsx', [['角色编码', '角色名称'], [good, '导入员'], ['bad1', '坏行']])
    await page.getByRole('button', { name: '导入角色' }).click()
    const problems = page.getByRole('dialog', { name: '导入未完成' })
    await expect(problems.getByText('有 1 处问题，未导入任何数据')).toBeVisible()
    await expect(problems.getByRole('row').filter({ hasText: '角色编码须为 1-20 位英文字母' })).toContainText('3')
    await problems.getByRole('button', { name: '关闭' }).click()
    await expect(page.getByRole('row').filter({ hasText: good })).toHaveCount(0)

    desktop.dialogs.excelPath = write('good.xlsx', [['角色编码', '角色名称'], [good, '导入员'], [other, '导出员']])
    await page.getByRole('button', { name: '导入角色' }).click()
    await expect(page.getByText('已导入 2 条').first()).toBeVisible()
    await expect(page.getByRole('row').filter({ hasText: good })).toBeVisible()

    desktop.dialogs.templatePath = join(dir, 'roles-export.xlsx')
    await page.getByRole('button', { name: '导出角色' }).click()
    await expect(page.getByText(`已导出：${desktop.dialogs.templatePath}`).first()).toBeVisible()
    const book = XLSX.read(readFileSync(desktop.dialogs.templatePath))
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, defval: '' })
    expect(rows[0]).toEqual(['角色编码', '角色名称', '角色类型', '状态'])
    expect(rows).toContainEqual([other, '导出员', '', '1'])
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
