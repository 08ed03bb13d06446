import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { test, expect, type Desktop } from './harness'
import { signInAsAdmin } from './signIn'

/** A loopback port nothing listens on: taken from the system, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((ok) => server.close(() => ok()))
  return port
}

/** The open incidents the bell names in its label. */
const openIncidentsIn = (label: string | null) => Number(/未解除告警 (\d+) 条/.exec(label ?? '')?.[1] ?? NaN)

/**
 * Issue 15 in the console: a consumer whose target is down (a closed loopback port) ends its
 * delivery dead, which opens an incident; the bell's count rises and it opens the alert centre,
 * where the incident is. Its alarm notice goes to a webhook that is then switched off, so the
 * notice fails; in the message centre it is retried through "retry all matching" (the count
 * confirmed first), fails again, and is marked processed.
 */
test('an incident reaches the bell and the alert centre; its failed notice is retried for all matching, then marked processed', async ({ desktop }) => {
  test.setTimeout(240_000)
  const { page } = desktop
  const port = await closedPort()
  await signInAsAdmin(desktop)
  const bell = page.getByRole('button', { name: /^未读 \d+：/ })
  await expect(bell).toBeVisible({ timeout: 30_000 })
  const before = openIncidentsIn(await bell.getAttribute('aria-label'))
  expect(Number.isInteger(before)).toBe(true)

  const stamp = Date.now().toString(36)
  const { consumerId, topicCode, hook } = await setUpFailingFlow(desktop, stamp, `http://127.0.0.1:${port}`)
  const pushed = await fetch(`${desktop.hub.url}/api/inner/datahub/producer/serverApi`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ topicCode, data: { orderNo: 'PO-15' } }),
  })
  expect(((await pushed.json()) as { code: string }).code).toBe('2000')

  // The bell polls: one more open incident.
  await expect.poll(async () => openIncidentsIn(await bell.getAttribute('aria-label')), { timeout: 60_000 }).toBe(before + 1)
  await expect(page.getByRole('treeitem', { name: '告警记录' }).locator('.fui-CounterBadge')).toHaveText(String(before + 1))
  await bell.click()
  await expect(page).toHaveURL(/\/alert\/record$/)
  const incident = page.getByRole('table', { name: '告警记录' }).getByRole('row').filter({ hasText: 'E2E 账本' })
  await expect(incident).toBeVisible()
  await expect(incident).toContainText('消费者投递失败（重试用尽）')
  await expect(incident).toContainText('未确认')

  // The alarm's webhook is switched off: its notice's next try fails for good.
  await hubOk(desktop, 'platform.alarm.webhook.save', { code: hook, name: 'E2E 接收端', kind: 'http', url: `http://127.0.0.1:${port}/hook`, secret: '', status: '0' })

  // The message centre's notifications: the failed ones; this consumer's only.
  await desktop.open('/message/notification')
  const search = page.getByRole('search', { name: '通知查询条件' })
  await search.getByLabel('对象 ID').fill(consumerId)
  await search.getByRole('button', { name: '查询' }).click()
  const rows = page.getByRole('table', { name: '通知列表' }).getByRole('row')
  const refresh = page.getByRole('toolbar', { name: '通知操作' }).getByRole('button', { name: '刷新' })
  const failedShown = async () => {
    await refresh.click()
    return (await rows.count()) === 2 && ((await rows.nth(1).textContent()) ?? '').includes('发送失败')
  }
  await expect.poll(failedShown, { timeout: 60_000 }).toBe(true)
  await expect(rows.nth(1)).toContainText('告警')

  // Retry all the search matches: counted first, then confirmed.
  await page.getByRole('button', { name: '全部匹配' }).click()
  await page.getByRole('menuitem', { name: '重试全部匹配' }).click()
  const confirm = page.getByRole('alertdialog')
  await expect(confirm).toContainText('查询条件匹配 1 条可重新发送的通知')
  await confirm.getByRole('button', { name: '重试 1 条' }).click()
  await expect(page.getByText('1 条通知将重新发送').first()).toBeVisible()
  // Sent again, to a webhook still off: failed again.
  await expect.poll(failedShown, { timeout: 60_000 }).toBe(true)

  // Dealt with otherwise: marked processed, it leaves the failed ones.
  await rows.nth(1).getByRole('button', { name: '标记已处理' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click()
  await expect(page.getByText('已将 1 条通知标记为已处理').first()).toBeVisible()
  await expect(rows).toHaveCount(1)

  // The sent messages show it processed.
  await desktop.open('/message/record')
  const recordSearch = page.getByRole('search', { name: '通知查询条件' })
  await recordSearch.getByLabel('对象 ID').fill(consumerId)
  await recordSearch.getByRole('button', { name: '查询' }).click()
  await expect(page.getByRole('table', { name: '通知列表' }).getByRole('row').nth(1)).toContainText('已处理')
})

async function hubOk(desktop: Desktop, endpoint: string, input: unknown): Promise<{ id: string }> {
  const r = await desktop.handlers['hub.call']({ endpoint, input })
  expect(r.ok, JSON.stringify(r)).toBe(true)
  return (r as { data: { id: string } }).data
}

/** A serverApi topic whose one http consumer (alarms on, to an http webhook) targets `target`, where nothing listens. */
async function setUpFailingFlow(desktop: Desktop, stamp: string, target: string) {
  const topicCode = `e2e_alarm_${stamp}`
  const hook = `e2e_hook_${stamp}`
  await hubOk(desktop, 'platform.alarm.webhook.save', { code: hook, name: 'E2E 接收端', kind: 'http', url: `${target}/hook`, secret: '', status: '1' })
  await hubOk(desktop, 'datahub.topic.create', { code: topicCode, name: 'E2E 告警主题', status: '1' })
  const producer = await hubOk(desktop, 'datahub.producer.create', { topicCode, appCode: 'crm', productionMode: 'serverApi', apiRequestInfoModel: { apiAddr: '/producer/serverApi' } })
  await hubOk(desktop, 'datahub.producer.disableOrEnable', { id: producer.id })
  const consumer = await hubOk(desktop, 'datahub.consumer.create', {
    topicCode,
    applicationCode: 'erp',
    applicationName: 'E2E 账本',
    dataConsumeType: 'http',
    httpRequestInfoModel: { requestUri: `${target}/orders`, requestMethod: 'POST', authenStatus: '0' },
    alarmStatus: '1',
    alarm: JSON.stringify({ objData: [{ type: 'http', status: '1', value: '5', receiver: hook }] }),
  })
  await hubOk(desktop, 'datahub.consumer.status', { id: consumer.id })
  return { consumerId: consumer.id, topicCode, hook }
}
