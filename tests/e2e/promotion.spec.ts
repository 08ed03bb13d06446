import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadHubConfig } from '../../src/hub/config'
import { startHub } from '../../src/hub/server'
import { test, expect, type Desktop } from './harness'
import { signIn, signInAsAdmin } from './signIn'

const SECOND = '生产数据中心'

/**
 * Promotion between hubs end to end (issue 18): a topic and a data source exported from the
 * embedded hub through the native save dialog's stand-in, the console switched to a second real
 * hub, the document opened there, planned (created, placeholder to fill, side-by-side diff),
 * filled in and applied; planned again, nothing is left to do.
 */
test('export from one hub, switch the hub profile, plan and apply on the other', async ({ desktop }) => {
  test.slow()
  const { page, settings, vault } = desktop
  const dir = mkdtempSync(join(tmpdir(), 'promotion-e2e-'))
  const dataDir = mkdtempSync(join(tmpdir(), 'dh-e2e-hub2-'))
  const second = await startHub(loadHubConfig(['--port', '0', '--data-dir', dataDir], {}), { log: () => {} })
  const suffix = Date.now().toString(36)
  const topicCode = `promo.${suffix}`
  const sourceName = `erp_${suffix}`
  try {
    await signInAsAdmin(desktop)
    await hubCall(desktop, 'datahub.topic.create', { code: topicCode, name: '迁移主题', status: '1' })
    await hubCall(desktop, 'datahub.datasource.create', { name: sourceName, sourceType: '1', dbType: 'postgresql', applicationCode: 'erp', host: '127.0.0.1', port: '5432', databaseName: 'erp', username: 'erp', password: 'Source-Only-Secret-1', status: '0' })

    // Export: pick the topic and the data source, save through the (stand-in) native dialog.
    await desktop.open('/datahub/promotion')
    await page.getByRole('checkbox', { name: new RegExp(topicCode.replace('.', '\\.')) }).check()
    await page.getByRole('button', { name: /^数据源（/ }).click()
    await page.getByRole('checkbox', { name: new RegExp(sourceName) }).check()
    desktop.dialogs.exportPath = join(dir, 'promotion.json')
    await page.getByRole('button', { name: '导出…' }).click()
    await expect(page.getByText(`已导出：${desktop.dialogs.exportPath}`).first()).toBeVisible()
    const exported = readFileSync(desktop.dialogs.exportPath, 'utf8')
    expect(exported).not.toContain('Source-Only-Secret-1')
    expect(JSON.parse(exported)).toMatchObject({ formatVersion: 1, dataSources: [{ name: sourceName, password: { $secret: `dataSource.${sourceName}.password` } }] })

    // Switch the console to the second hub and sign in there.
    const saved = await desktop.handlers['profiles.save']({ name: SECOND, baseUrl: second.url })
    expect(saved.ok).toBe(true)
    await page.getByRole('button', { name: '用户菜单' }).click()
    await page.getByRole('menuitem', { name: '数据中心连接' }).click()
    await page.getByRole('dialog', { name: '数据中心连接' }).getByRole('button', { name: `切换到 ${SECOND}` }).click()
    await expect(page).toHaveURL(/\/login$/)
    await signIn(desktop, 'admin', second.bootstrapPassword!)

    // Import: open the document, read the plan.
    await desktop.open('/datahub/promotion')
    await page.getByRole('tab', { name: '导入' }).click()
    await expect(page.getByText(`导入到当前连接的数据中心：${SECOND}`)).toBeVisible()
    desktop.dialogs.documentPath = desktop.dialogs.exportPath
    await page.getByRole('button', { name: '打开配置文档…' }).click()
    const plan = page.getByRole('table', { name: '导入计划' })
    await expect(plan.getByRole('row').filter({ hasText: topicCode })).toContainText('新建')
    const sourceRow = plan.getByRole('row').filter({ hasText: sourceName })
    await expect(sourceRow).toContainText(`新建对象需要填写密钥：dataSource.${sourceName}.password`)
    await expect(page.getByRole('button', { name: '导入', exact: true })).toBeDisabled()

    // The side-by-side diff of a created topic, inside a 1280×800 window.
    await page.setViewportSize({ width: 1280, height: 800 })
    await plan.getByRole('button', { name: `对比 ${topicCode}` }).click()
    const diff = page.getByRole('dialog', { name: `消息主题 ${topicCode}：目标数据中心与配置文档对比` })
    await expect(diff.getByRole('table', { name: '字段对比' }).getByRole('row').filter({ hasText: 'name' }).first()).toContainText('迁移主题')
    const back = diff.getByRole('button', { name: '返回' })
    const box = (await back.boundingBox())!
    expect(box.y + box.height).toBeLessThanOrEqual(800)
    await back.click()

    // Fill the placeholder, plan again, apply.
    await page.getByLabel(`dataSource.${sourceName}.password`).fill('Target-Secret-2')
    await page.getByRole('button', { name: '重新生成计划' }).click()
    await expect(page.getByRole('group', { name: '计划概要' })).toContainText('问题 0')
    await page.getByRole('button', { name: '导入', exact: true }).click()
    // The import asks first, naming the hub it writes into.
    const confirm = page.getByRole('alertdialog', { name: '导入配置？' })
    await expect(confirm).toContainText(SECOND)
    await confirm.getByRole('button', { name: '导入', exact: true }).click()
    await expect(page.getByText('配置已导入').first()).toBeVisible()
    await expect(page.getByText(`已导入到 ${SECOND}`)).toBeVisible()
    await expect(page.getByRole('group', { name: '计划概要' })).toContainText('新建 0')
    await expect(page.getByRole('group', { name: '计划概要' })).toContainText('修改 0')
    await expect(plan.getByRole('row').filter({ hasText: topicCode })).toContainText('不变')

    const topics = await desktop.handlers['hub.call']({ endpoint: 'datahub.topic.listAll', input: {} })
    expect(topics.ok && (topics.data as { code: string }[]).map((t) => t.code)).toContain(topicCode)
  } finally {
    for (const p of settings.profiles()) await vault.clear(p.id)
    await second.close()
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(dir, { recursive: true, force: true })
  }
})

async function hubCall(desktop: Desktop, endpoint: string, input: unknown): Promise<void> {
  const r = await desktop.handlers['hub.call']({ endpoint, input })
  expect(r.ok, `${endpoint}: ${r.message}`).toBe(true)
}
