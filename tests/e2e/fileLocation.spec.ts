import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ensureApplication } from './applications'
import { removeTopicAndSource } from './cleanup'
import { signInAsAdmin } from './signIn'
import { openNewTopic } from './topics'
import { test, expect, type Desktop } from './harness'

/**
 * A file consumer saved from the console (issue 23, item 1): 消费方式 = 文件 needs a data source
 * of type 3, a file location. At 1280×800, a folder-on-the-hub location is created on the
 * data-source screen, its connection tested for real and enabled; then a file consumer on a
 * topic picks it, saves, and shows it again when reopened.
 */
test.use({ viewport: { width: 1280, height: 800 } })

test('a file location data source, tested and enabled, is what a file consumer picks and keeps', async ({ desktop }) => {
  test.setTimeout(180_000)
  const folder = mkdtempSync(join(tmpdir(), 'e2e-file-location-'))
  const code = `e2e_file_${Date.now().toString(36)}`
  try {
    await signInAsAdmin(desktop)
    await createLocation(desktop, `${code}_dir`, folder)
    await saveFileConsumer(desktop, code, `${code}_dir`)
  } finally {
    await removeTopicAndSource(desktop, code, { name: `${code}_dir`, applicationCode: 'erp', sourceType: '3' })
    rmSync(folder, { recursive: true, force: true })
  }
})

async function createLocation(desktop: Desktop, name: string, folder: string): Promise<void> {
  const { page } = desktop
  // The source's application is picked from the enabled applications (issue 24).
  await ensureApplication(desktop, 'erp')
  await desktop.open('/datahub/datasource')
  await expect(page.getByRole('table', { name: '数据源列表' })).toBeVisible()
  await page.getByRole('button', { name: '新增数据源' }).click()
  const dialog = page.getByRole('dialog', { name: '新增数据源' })
  await dialog.getByLabel('数据源名称').fill(name)
  await dialog.getByLabel('数据库类型').selectOption({ label: '服务端文件夹' })
  await dialog.getByLabel('应用编码').selectOption('erp')
  // A folder on the hub: no server, port or password; a base folder instead.
  await expect(dialog.getByLabel('服务器')).toHaveCount(0)
  await expect(dialog.getByLabel('密码')).toHaveCount(0)
  await dialog.getByLabel('基础目录').fill(folder)
  await dialog.getByRole('button', { name: '保存' }).click()
  await expect(dialog).toBeHidden()
  const row = page.getByRole('row').filter({ hasText: name })
  await expect(row).toContainText('文件位置')
  await expect(row).toContainText('服务端文件夹')

  await row.getByRole('button', { name: '测试连接' }).click()
  await expect(page.getByRole('listitem', { name: new RegExp(`数据源 ${name}：连接成功（\\d+ 毫秒）`) })).toBeVisible()

  // A new source is created enabled (issue 33 item 2): nothing to switch on.
  await expect(row.getByRole('switch', { name: `${name} 的状态` })).toBeChecked()
}

async function saveFileConsumer(desktop: Desktop, code: string, source: string): Promise<void> {
  const { page } = desktop
  const topic = await openNewTopic(desktop, code, 'E2E 文件主题')
  await topic.getByRole('group', { name: '未配置消费者' }).getByRole('button', { name: /^编辑/ }).click()
  let dialog = page.getByRole('dialog', { name: '新增消费者' })
  await dialog.getByLabel('应用编码').selectOption('erp')
  await dialog.getByLabel('消费方式').selectOption('file')
  // Before this change the list had nothing to offer (暂无可用数据源).
  await dialog.getByLabel('数据源', { exact: true }).selectOption(source)
  await dialog.getByLabel('文件目录').fill('orders')
  await dialog.getByLabel('文件命名规则').selectOption('3')
  await dialog.getByLabel('文件名前缀').fill('o_')
  await dialog.getByRole('button', { name: '保存' }).click()
  // Saved: the dialog turns into the editor of the consumer it made.
  dialog = page.getByRole('dialog', { name: '编辑消费者' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByText('必填字段')).toHaveCount(0)
  await dialog.getByRole('button', { name: '返回' }).click()
  await expect(dialog).toBeHidden()

  // Reopened from the flow: the location and the file settings are what was saved.
  await topic.getByRole('group', { name: /消费者/ }).first().getByRole('button', { name: /^编辑/ }).click()
  dialog = page.getByRole('dialog', { name: '编辑消费者' })
  await expect(dialog.getByLabel('数据源', { exact: true })).toHaveValue(source)
  await expect(dialog.getByLabel('文件目录')).toHaveValue('orders')
  await expect(dialog.getByLabel('文件名前缀')).toHaveValue('o_')
}
