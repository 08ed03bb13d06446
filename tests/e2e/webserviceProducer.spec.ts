import type { Locator } from '@playwright/test'
import { startFixtureServer, type FixtureServer } from '../integration/wsdl/fixtureServer'
import { ensureApplication } from './applications'
import { test, expect } from './harness'

/**
 * A webservice producer resolved from a real WSDL (../shared/fixtures/wsdl/stockquote.wsdl,
 * served on loopback; the e2e hub allows private WSDL addresses, as an administrator may for a
 * hub of their own): resolve, pick an operation, see its parameters, save, reopen and find the
 * operation and the service's address the hub took from the WSDL.
 */
let fixtures: FixtureServer
test.beforeAll(async () => {
  fixtures = await startFixtureServer()
})
test.afterAll(async () => fixtures?.close())

// A box's buttons are named with their object (编辑生产者 quotes): the action starts the name.
const act = (box: Locator, name: string) => box.getByRole('button', { name: new RegExp(`^${name}`) }).click()

test('a webservice producer from a fixture WSDL: resolve, choose the operation, save, reopen', async ({ desktop }) => {
  test.slow()
  const { page } = desktop
  await desktop.open('/login')
  await page.getByLabel('用户名').fill('admin')
  await page.getByLabel('密码', { exact: true }).fill(desktop.adminPassword)
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await expect(page).toHaveURL(/\/$/)
  await ensureApplication(desktop, 'quotes')
  const code = `e2e_ws_${Date.now().toString(36)}`
  const created = await desktop.handlers['hub.call']({ endpoint: 'datahub.topic.create', input: { code, name: 'E2E 报价主题', status: '1' } })
  expect(created.ok).toBe(true)

  await desktop.open('/datahub/topic')
  const row = page.getByRole('article', { name: `消息主题 E2E 报价主题（${code}）` })
  await act(row.getByRole('group', { name: '未配置生产者' }), '编辑')
  let dialog = page.getByRole('dialog', { name: '新增生产者' })
  await dialog.getByLabel('应用编码').selectOption('quotes')
  await dialog.getByLabel('生产方式').selectOption('webservice')
  await expect(dialog.getByLabel('操作方法')).toBeDisabled()
  await dialog.getByLabel('WSDL 地址').fill(`${fixtures.origin}stockquote.wsdl`)
  await dialog.getByRole('button', { name: '解析', exact: true }).click()
  await expect(page.getByText('解析成功').first()).toBeVisible()
  expect(fixtures.hits).toContain('/stockquote.wsdl')
  await dialog.getByLabel('操作方法').selectOption({ label: 'GetLastTradePrice' })
  await expect(dialog.getByRole('table', { name: '参数' })).toBeVisible()
  await dialog.getByText('星期一', { exact: true }).click()
  await dialog.getByRole('group', { name: '小时（00-11）' }).getByText('08', { exact: true }).click()
  await dialog.getByRole('group', { name: '分钟' }).getByText('30', { exact: true }).click()
  await dialog.getByRole('button', { name: '保存' }).click()
  dialog = page.getByRole('dialog', { name: '编辑生产者' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: '返回' }).click()

  await act(row.getByRole('group', { name: '生产者 quotes', exact: true }), '编辑')
  dialog = page.getByRole('dialog', { name: '编辑生产者' })
  await expect(dialog.getByLabel('WSDL 地址')).toHaveValue(`${fixtures.origin}stockquote.wsdl`)
  await expect(dialog.getByLabel('操作方法').locator('option:checked')).toHaveText('GetLastTradePrice')

  const got = await desktop.handlers['hub.call']({ endpoint: 'datahub.topic.listAll' })
  const topic = (got.data as { code: string; dhProducer: { id: string } | null }[]).find((t) => t.code === code)
  const stored = await desktop.handlers['hub.call']({ endpoint: 'datahub.producer.get', input: { id: topic!.dhProducer!.id } })
  expect(stored.ok && stored.data).toMatchObject({ productionMode: 'webservice', webServiceRequestInfoModel: { wsdlUrl: `${fixtures.origin}stockquote.wsdl`, methodName: 'GetLastTradePrice' } })
})
