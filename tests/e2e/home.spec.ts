import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { test, expect } from './harness'
import { setUpHttpFlow } from './hubSetUp'
import { signInAsAdmin } from './signIn'

/**
 * Issue 16, the home page: messages pushed through the hub move the home page's numbers without
 * a reload (its poll), the chart is drawn (the charting chunk loaded on demand), the topic's card
 * counts the exceptions, and a number opens the message log filtered to what it counts.
 */
test('pushed messages move the home page’s numbers and chart; the card’s exceptions open the filtered log', async ({ desktop }) => {
  test.setTimeout(180_000)
  const { page } = desktop
  const sink: Server = createServer((req, res) => {
    req.resume()
    req.on('end', () => res.writeHead(503).end('down'))
  })
  await new Promise<void>((ok) => sink.listen(0, '127.0.0.1', ok))
  try {
    await signInAsAdmin(desktop)
    const code = `e2e_home_${Date.now().toString(36)}`
    await setUpHttpFlow(desktop, { code, topicName: 'E2E 首页主题', consumerName: 'Home sink', sinkUrl: `http://127.0.0.1:${(sink.address() as AddressInfo).port}/orders` })

    // Home, before anything is pushed: the chart is drawn and the totals are read.
    await desktop.open('/')
    const received = page.getByTestId('home-total-received')
    const failed = page.getByTestId('home-total-failed')
    await expect(received).toBeVisible({ timeout: 20_000 })
    await expect(page.getByTestId('home-chart')).toBeVisible({ timeout: 20_000 })
    const number = async (l: typeof received) => Number(((await l.textContent()) ?? '0').replace(/[^0-9]/g, ''))
    const before = { received: await number(received), failed: await number(failed) }

    // An application pushes three messages; the consumer answers 503, no retries: dead.
    for (let i = 0; i < 3; i++) {
      const pushed = await fetch(`${desktop.hub.url}/api/inner/datahub/producer/serverApi`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ topicCode: code, data: { orderNo: `PO-${i}` } }),
      })
      expect(((await pushed.json()) as { code: string }).code).toBe('2000')
    }

    // Without a reload, the page's next refresh shows them.
    await expect.poll(() => number(received), { timeout: 40_000 }).toBe(before.received + 3)
    await expect.poll(() => number(failed), { timeout: 40_000 }).toBe(before.failed + 3)
    const card = page.getByRole('group', { name: 'E2E 首页主题' })
    const exceptions = card.getByRole('link', { name: /近 24 小时异常 3 条/ })
    await expect(exceptions).toBeVisible({ timeout: 20_000 })
    await expect(card).toContainText('crm')
    await expect(card).toContainText('Home sink')

    // The card's exceptions open the topic's log, its dead deliveries, the last 24 hours.
    await exceptions.click()
    await expect(page).toHaveURL(new RegExp(`/datahub/message-log\\?topicCode=${code}&status=dead&receivedFrom=`))
    const table = page.getByRole('table', { name: '消息日志' })
    await expect(table.getByRole('row')).toHaveCount(4, { timeout: 20_000 })
  } finally {
    sink.closeAllConnections()
    sink.close()
  }
})
