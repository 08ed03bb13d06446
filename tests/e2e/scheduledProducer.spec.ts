import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ensureApplication } from './applications'
import { test, expect } from './harness'
import { signInAsAdmin } from './signIn'
import { openNewTopic } from './topics'

/**
 * Scheduled producers in the console (issue 14): an http producer reading a loopback source is
 * given a polling schedule (the editor shows its next five fires), enabled and run now from its
 * flow box; the run appears in its run history with its counts, and its link opens the message
 * log filtered by that run.
 */
test('an http producer on a polling schedule: next fires, run now, the run with its counts, its messages', async ({ desktop }) => {
  test.setTimeout(180_000)
  const { page } = desktop
  const orders = [{ orderNo: 'PO-1' }, { orderNo: 'PO-2' }, { orderNo: 'PO-3' }]
  let asked = 0
  const source: Server = createServer((_req, res) => {
    asked++
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(orders))
  })
  await new Promise<void>((ok) => source.listen(0, '127.0.0.1', ok))
  try {
    const url = `http://127.0.0.1:${(source.address() as AddressInfo).port}/orders`
    await signInAsAdmin(desktop)
    await ensureApplication(desktop, 'erp')
    const code = `e2e_sched_${Date.now().toString(36)}`
    const row = await openNewTopic(desktop, code, 'E2E 调度主题')

    // A new http producer, one message per record, polling every 60 minutes.
    await row.getByRole('group', { name: '未配置生产者' }).getByRole('button', { name: /^编辑/ }).click()
    let dialog = page.getByRole('dialog', { name: '新增生产者' })
    await dialog.getByLabel('应用编码').selectOption('erp')
    await dialog.getByLabel('生产方式').selectOption('http')
    await dialog.getByLabel('URL').fill(url)
    await dialog.getByRole('radio', { name: '每条记录一条消息' }).check()
    await dialog.getByRole('radio', { name: '轮询' }).check()
    await dialog.getByLabel('轮询间隔').fill('60')
    // The next five fires, an hour apart, as the operator edits.
    const fires = dialog.getByRole('list', { name: '接下来的触发时间' })
    await expect(fires.getByRole('listitem')).toHaveCount(5)
    await expect(dialog.getByText(/^时间为您所在时区/)).toBeVisible()
    await dialog.getByRole('button', { name: '保存' }).click()
    dialog = page.getByRole('dialog', { name: '编辑生产者' })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: '返回' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)

    // Enabled, it fires: the box shows its next fire; then run now.
    const producer = row.getByRole('group', { name: '生产者 erp', exact: true })
    await producer.getByRole('button', { name: /^启用/ }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click()
    await expect(producer.getByRole('group', { name: /下次触发/ })).toHaveAttribute('aria-label', /^尚未运行 · 下次触发：/)
    await producer.getByRole('button', { name: /^立即运行/ }).click()
    await expect(page.getByText('已开始运行').first()).toBeVisible()

    // The run history: the run, its counts, once it ends.
    await producer.getByRole('button', { name: /^运行记录/ }).click()
    const runs = page.getByRole('dialog', { name: '运行记录：erp' })
    const run = runs.getByRole('table', { name: '运行记录' }).getByRole('row').nth(1)
    await expect(run.getByRole('cell').first()).toHaveText('成功', { timeout: 30_000 })
    await expect(run.getByRole('cell').nth(1)).toHaveText('立即运行')
    // Rows read, accepted, refused.
    await expect(run.getByRole('cell').nth(5)).toHaveText('3')
    await expect(run.getByRole('cell').nth(6)).toHaveText('3')
    await expect(run.getByRole('cell').nth(7)).toHaveText('0')
    expect(asked).toBe(1)

    // Its messages: the message log filtered by that run.
    await run.getByRole('link', { name: /这次运行的消息$/ }).click()
    await expect(page).toHaveURL(/\/datahub\/message-log\?runId=[^&]+&topicCode=/)
    await expect(page.getByRole('toolbar', { name: '附加筛选条件' })).toContainText(/^运行 .+ 的消息（不限接收时间）/)
    const table = page.getByRole('table', { name: '消息日志' })
    await expect(table.getByRole('row')).toHaveCount(4)
    await expect(table.getByRole('row').nth(1)).toContainText(code)
  } finally {
    source.closeAllConnections()
    source.close()
  }
})
