import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadHubConfig } from '../../src/hub/config'
import { startHub, type RunningHub } from '../../src/hub/server'
import { test, expect } from './harness'

/**
 * The hub goes away while forms are open: the real proxy answers 5030, the shell shows the
 * banner above the page, the forms keep what was typed; once the hub is back (same address, same
 * store), Retry clears the banner, and a modal form simply saves again. A hub of its own (a
 * remote profile), since the worker's hub is shared with other tests.
 */
test('unreachable hub: banner above the page, Retry once the hub is back, open forms keep their data and still save', async ({ desktop }) => {
  test.setTimeout(120_000)
  const { page, settings } = desktop
  const dataDir = mkdtempSync(join(tmpdir(), 'dh-e2e-away-'))
  const start = (port: number) => startHub(loadHubConfig(['--port', String(port), '--data-dir', dataDir], {}), { log: () => {} })
  let hub: RunningHub | null = await start(0)
  try {
    const port = Number(new URL(hub.url).port)
    settings.saveRemoteProfile({ id: 'away', name: '远程数据中心', kind: 'remote', baseUrl: hub.url })
    settings.setCurrentProfile('away')

    await desktop.open('/login')
    await page.getByLabel('用户名').fill('admin')
    await page.getByLabel('密码', { exact: true }).fill(hub.bootstrapPassword!)
    await page.getByRole('button', { name: '登录', exact: true }).click()
    await expect(page).toHaveURL(/\/$/)

    await desktop.open('/datahub/topic')
    const search = page.getByRole('search', { name: '查询消息主题' })
    await search.getByLabel('主题编码').fill('typed_while_away')

    // The hub goes away; the next call answers 5030 and the banner appears above the page.
    await hub.close()
    hub = null
    await search.getByRole('button', { name: '查询' }).click()
    const banner = page.getByTestId('hub-unreachable')
    await expect(banner).toBeVisible()
    await expect(banner).toContainText('无法连接数据中心')
    await expect(search.getByLabel('主题编码')).toHaveValue('typed_while_away')

    // Still away: Retry asks again and the banner stays.
    await banner.getByRole('button', { name: '重试' }).click()
    await expect(banner.getByRole('button', { name: '重试' })).toBeEnabled()
    await expect(banner).toBeVisible()

    // Back (same address, same store): Retry clears the banner; the page kept what was typed.
    hub = await start(port)
    await banner.getByRole('button', { name: '重试' }).click()
    await expect(banner).toBeHidden()
    await expect(search.getByLabel('主题编码')).toHaveValue('typed_while_away')

    // A modal form: the banner shows behind it, the form keeps its fields, and saving again once
    // the hub is back both saves and clears the banner.
    await page.getByRole('button', { name: '新增消息主题' }).click()
    const dialog = page.getByRole('dialog', { name: '新增消息主题' })
    await dialog.getByLabel('主题编码').fill('e2e_kept')
    await dialog.getByLabel('主题名称').fill('断线时填写的主题')
    await hub.close()
    hub = null
    await dialog.getByRole('button', { name: '保存' }).click()
    await expect(banner).toBeVisible()
    await expect(dialog.getByLabel('主题编码')).toHaveValue('e2e_kept')
    hub = await start(port)
    await dialog.getByRole('button', { name: '保存' }).click()
    await expect(page.getByRole('dialog', { name: '编辑消息主题' })).toBeVisible()
    await expect(banner).toBeHidden()
  } finally {
    await hub?.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
})
