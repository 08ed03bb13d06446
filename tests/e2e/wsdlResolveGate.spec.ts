import type { Locator, Page } from '@playwright/test'
import { startFixtureServer, type FixtureServer } from '../integration/wsdl/fixtureServer'
import { ensureApplication } from './applications'
import { test, expect, type Desktop } from './harness'
import { signIn } from './signIn'
import { openNewTopic } from './topics'

/**
 * Issue 24 item 3, at the window size a new Electron window opens at: a failed WSDL resolve
 * leaves nothing of the previous one, and a webservice producer or consumer saves only once the
 * address shown was resolved (a stored one opened unchanged saves as it is). The WSDLs are the
 * public fixtures served on loopback; missing.wsdl answers 404.
 */
test.use({ viewport: { width: 1280, height: 800 } })

let fixtures: FixtureServer
test.beforeAll(async () => {
  fixtures = await startFixtureServer()
})
test.afterAll(async () => fixtures?.close())

const RESOLVE_AGAIN = 'WSDL 地址已修改，请重新解析后再保存'
// A box's buttons are named with their object (编辑生产者 quotes): the action starts the name.
const act = (box: Locator, name: string) => box.getByRole('button', { name: new RegExp(`^${name}`) }).click()

async function signInWithTopic(desktop: Desktop, prefix: string): Promise<{ page: Page; row: Locator }> {
  const { page } = desktop
  await signIn(desktop, 'admin', desktop.adminPassword)
  await ensureApplication(desktop, 'quotes')
  const code = `${prefix}_${Date.now().toString(36)}`
  return { page, row: await openNewTopic(desktop, code, `E2E ${code}`) }
}

/** Types an address into the panel and resolves it. */
async function resolve(dialog: Locator, url: string): Promise<void> {
  await dialog.getByLabel('WSDL 地址').fill(url)
  await dialog.getByRole('button', { name: '解析', exact: true }).click()
}

test('producer: a failed resolve clears the previous WSDL; an edited address must be resolved before saving', async ({ desktop }) => {
  test.slow()
  const { page, row } = await signInWithTopic(desktop, 'e2e_wsgate')
  await act(row.getByRole('group', { name: '未配置生产者' }), '编辑')
  let dialog = page.getByRole('dialog', { name: '新增生产者' })
  await dialog.getByLabel('应用编码').selectOption('quotes')
  await dialog.getByLabel('生产方式').selectOption('webservice')
  await resolve(dialog, `${fixtures.origin}stockquote.wsdl`)
  await dialog.getByLabel('操作方法').selectOption({ label: 'GetLastTradePrice' })
  await expect(dialog.getByRole('table', { name: '参数' })).toBeVisible()
  await expect(dialog.getByLabel('命名空间')).not.toHaveValue('')
  await expect(dialog.getByLabel('服务地址')).toHaveValue('http://localhost:15099/stockquote')

  // 404: the operation, its namespace, port, parameters and the address it filled are gone.
  await resolve(dialog, `${fixtures.origin}missing.wsdl`)
  await expect(page.getByText(`WSDL 地址返回 HTTP 404：${fixtures.origin}missing.wsdl`).first()).toBeVisible()
  await expect(dialog.getByLabel('操作方法')).toBeDisabled()
  await expect(dialog.getByLabel('操作方法')).toHaveValue('')
  await expect(dialog.getByRole('table', { name: '参数' })).toHaveCount(0)
  await expect(dialog.getByLabel('命名空间')).toHaveValue('')
  await expect(dialog.getByLabel('端口名称')).toHaveValue('')
  await expect(dialog.getByLabel('服务地址')).toHaveValue('')

  // Resolved, then the address edited: the save is refused until it is resolved again.
  await resolve(dialog, `${fixtures.origin}stockquote.wsdl`)
  await dialog.getByLabel('操作方法').selectOption({ label: 'GetLastTradePrice' })
  await dialog.getByText('星期一', { exact: true }).click()
  await dialog.getByRole('group', { name: '小时（00-11）' }).getByText('08', { exact: true }).click()
  await dialog.getByRole('group', { name: '分钟' }).getByText('30', { exact: true }).click()
  await dialog.getByLabel('WSDL 地址').fill(`${fixtures.origin}rpcexample.wsdl`)
  await dialog.getByRole('button', { name: '保存' }).click()
  await expect(dialog.getByText(RESOLVE_AGAIN)).toBeVisible()
  await expect(dialog).toBeVisible()
  // Back to the address the operation came from: it saves.
  await dialog.getByLabel('WSDL 地址').fill(`${fixtures.origin}stockquote.wsdl`)
  await expect(dialog.getByText(RESOLVE_AGAIN)).toHaveCount(0)
  await dialog.getByRole('button', { name: '保存' }).click()
  dialog = page.getByRole('dialog', { name: '编辑生产者' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: '返回' }).click()

  // A stored producer opened unchanged saves without a new resolve; an edited address does not.
  await act(row.getByRole('group', { name: '生产者 quotes', exact: true }), '编辑')
  dialog = page.getByRole('dialog', { name: '编辑生产者' })
  await expect(dialog.getByLabel('WSDL 地址')).toHaveValue(`${fixtures.origin}stockquote.wsdl`)
  await dialog.getByLabel('WSDL 地址').fill(`${fixtures.origin}rpcexample.wsdl`)
  await dialog.getByRole('button', { name: '保存' }).click()
  await expect(dialog.getByText(RESOLVE_AGAIN)).toBeVisible()
  await dialog.getByLabel('WSDL 地址').fill(`${fixtures.origin}stockquote.wsdl`)
  await dialog.getByRole('button', { name: '保存' }).click()
  await expect(page.getByText('操作成功').first()).toBeVisible()
})

test('consumer: an address edited after resolving is refused at save until resolved again', async ({ desktop }) => {
  test.slow()
  const { page, row } = await signInWithTopic(desktop, 'e2e_wscons')
  await act(row.getByRole('group', { name: '未配置消费者' }), '编辑')
  const dialog = page.getByRole('dialog', { name: '新增消费者' })
  await dialog.getByLabel('应用编码').selectOption('quotes')
  await dialog.getByLabel('消费方式').selectOption('webservice')
  await resolve(dialog, `${fixtures.origin}stockquote.wsdl`)
  await dialog.getByLabel('操作方法').selectOption({ label: 'GetLastTradePrice' })
  await dialog.getByLabel('WSDL 地址').fill(`${fixtures.origin}rpcexample.wsdl`)
  await dialog.getByRole('button', { name: '保存' }).click()
  await expect(dialog.getByText(RESOLVE_AGAIN)).toBeVisible()
  await expect(dialog).toBeVisible()

  // Resolving the address shown clears the old operation; choosing one of its own lets it save.
  await dialog.getByRole('button', { name: '解析', exact: true }).click()
  await expect(dialog.getByText(RESOLVE_AGAIN)).toHaveCount(0)
  await expect(dialog.getByLabel('操作方法')).toHaveValue('')
  const options = await dialog.getByLabel('操作方法').locator('option').allTextContents()
  await dialog.getByLabel('操作方法').selectOption({ label: options[1]! })
  await dialog.getByRole('button', { name: '保存' }).click()
  await expect(page.getByRole('dialog', { name: '编辑消费者' })).toBeVisible()
})
