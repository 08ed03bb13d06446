import { test, expect } from './harness'
import { startHttpSink } from './httpSink'
import { setUpHttpFlow } from './hubSetUp'
import { signInAsAdmin } from './signIn'

/**
 * The exchange runtime seen from the console: a message pushed through POST /producer/serverApi
 * to a topic whose HTTP consumer fails shows up failed in the message log's delivery matrix;
 * once the receiver is fixed, a retry delivers it; the topic's flow row shows the live counts
 * and links to the topic's message log.
 */
test('a failed delivery: seen in the message log, retried once the receiver is back, counted on the flow row', async ({ desktop }) => {
  test.setTimeout(180_000)
  const { page } = desktop
  let healthy = false
  const sink = await startHttpSink(() => (healthy ? 200 : 503))
  try {
    const sinkUrl = `${sink.url}/orders`
    await signInAsAdmin(desktop)
    const code = `e2e_log_${Date.now().toString(36)}`
    await setUpHttpFlow(desktop, { code, topicName: 'E2E 日志主题', consumerName: 'Order sink', sinkUrl })

    // An application pushes a message (no session).
    const pushed = await fetch(`${desktop.hub.url}/api/inner/datahub/producer/serverApi`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ topicCode: code, data: { orderNo: 'PO-42', amount: 7 } }),
    })
    const answer = (await pushed.json()) as { code: string; data: { messageId: string } }
    expect(answer.code).toBe('2000')
    // The hub's worker tries it once (no retries configured): dead.
    await expect.poll(() => sink.received.length, { timeout: 20_000 }).toBeGreaterThan(0)

    // The flow row shows the counts and links to the topic's message log.
    await desktop.open('/datahub/topic')
    const row = page.getByRole('article', { name: `消息主题 E2E 日志主题（${code}）` })
    const topicCounts = row.getByRole('group', { name: /^消息主题/ }).getByRole('group', { name: /^投递统计/ })
    await expect(topicCounts).toHaveAttribute('aria-label', '投递统计: 接收 1 · 成功 0 · 失败 1 · 重试中 0', { timeout: 20_000 })
    await topicCounts.getByRole('link').click()
    await expect(page).toHaveURL(new RegExp(`/datahub/message-log\\?topicCode=${code}$`))

    // The log of that topic: the message, failed.
    const table = page.getByRole('table', { name: '消息日志' })
    const messageLink = table.getByRole('button', { name: `查看消息 ${answer.data.messageId} 的投递情况` })
    await expect(messageLink).toBeVisible()
    await expect(table.getByRole('row').nth(1)).toContainText('投递失败 1')
    // Searching the content finds it; a text it does not hold finds nothing.
    const search = page.getByRole('search', { name: '消息日志查询条件' })
    await search.getByLabel('消息内容').fill('po-42')
    await search.getByRole('button', { name: '查询' }).click()
    await expect(messageLink).toBeVisible()
    await search.getByLabel('消息内容').fill('PO-43')
    await search.getByRole('button', { name: '查询' }).click()
    await expect(messageLink).toHaveCount(0)
    await search.getByLabel('消息内容').fill('')
    await search.getByRole('button', { name: '查询' }).click()

    // The delivery matrix: failed at the consumer, with the receiver's answer.
    await messageLink.click()
    const matrix = page.getByRole('dialog', { name: '消息投递情况' })
    const delivery = matrix.getByRole('row', { name: 'Order sink' })
    await expect(delivery).toContainText('投递失败')
    await expect(delivery).toContainText('HTTP 503')
    await expect(matrix.getByLabel('消息数据')).toContainText('PO-42')

    // The receiver is fixed: retry the delivery from the matrix.
    healthy = true
    await delivery.getByRole('checkbox').check()
    await matrix.getByRole('button', { name: '重试所选' }).click()
    const confirm = page.getByRole('alertdialog')
    await expect(confirm).toContainText('重试所选的 1 条失败投递')
    await confirm.getByRole('button', { name: '确定' }).click()
    await expect(page.getByText('已重试 1 条投递').first()).toBeVisible()
    // The worker delivers it; the matrix shows it after a refresh.
    await expect
      .poll(
        async () => {
          await matrix.getByRole('button', { name: '刷新' }).click()
          return (await delivery.textContent()) ?? ''
        },
        { timeout: 20_000 },
      )
      .toContain('已投递')
    expect(sink.received.at(-1)).toContain('PO-42')
    await matrix.getByRole('button', { name: '返回' }).click()

    // Nothing left to retry: "retry all matching" says so without asking.
    await page.getByRole('button', { name: '重试全部匹配' }).click()
    await expect(page.getByText('当前查询条件没有可处理的投递').first()).toBeVisible()
    await expect(table.getByRole('row').nth(1)).toContainText('已投递 1')
  } finally {
    sink.close()
  }
})
