import type { Locator } from '@playwright/test'
import { ensureApplication } from './applications'
import { test, expect, type Desktop } from './harness'

/**
 * The producer editor end to end: the built console in Chromium, the real main-process handlers
 * and a real hub. An http producer is created with query params, a header and a raw JSON body on
 * a timetable, saved, and reopened: what was typed comes back, unchecked rows do not.
 */
test('create an http producer with params, headers and a JSON body; reopen it and find them', async ({ desktop }) => {
  test.setTimeout(180_000)
  const { page } = desktop
  await signIn(desktop)
  const code = `e2e_prod_${Date.now().toString(36)}`
  const created = await desktop.handlers['hub.call']({ endpoint: 'datahub.topic.create', input: { code, name: 'E2E 生产者主题', status: '1' } })
  expect(created.ok).toBe(true)
  // An internal application to produce for (the editor lists the enabled ones of the chosen type).
  await ensureApplication(desktop, 'erp')
  await desktop.open('/datahub/topic')
  const row = page.getByRole('article', { name: `消息主题 E2E 生产者主题（${code}）` })
  await expect(row).toBeVisible()

  await act(row.getByRole('group', { name: '未配置生产者' }), '编辑')
  let dialog = page.getByRole('dialog', { name: '新增生产者' })
  await expect(dialog.getByRole('tab', { name: '属性配置' })).toBeDisabled()
  await dialog.getByLabel('应用编码').selectOption('erp')
  await dialog.getByLabel('生产方式').selectOption('http')
  await dialog.getByLabel('请求方法').selectOption('POST')
  await dialog.getByLabel('URL').fill('https://api.example.com/orders')
  await dialog.getByLabel('第 1 行参数名').fill('page')
  await dialog.getByLabel('第 1 行参数值').fill('1')
  // A second row, unchecked: not saved.
  await dialog.getByLabel('第 2 行参数名').fill('debug')
  await dialog.getByLabel('启用第 2 行').uncheck()
  await expect(dialog.getByLabel('第 3 行参数名')).toHaveValue('')
  await dialog.getByRole('tab', { name: '请求头' }).click()
  await dialog.getByLabel('第 1 行参数名').fill('X-Trace')
  await dialog.getByLabel('第 1 行参数值').fill('on')
  await dialog.getByRole('tab', { name: '请求体' }).click()
  await dialog.getByRole('radio', { name: 'raw' }).check()
  await dialog.getByLabel('raw 内容').fill('{"since":"2025-01-01"}')
  // The timetable: Monday and Friday at 08:30.
  await dialog.getByText('星期一', { exact: true }).click()
  await dialog.getByText('星期五', { exact: true }).click()
  await dialog.getByRole('group', { name: '小时（00-11）' }).getByText('08', { exact: true }).click()
  await dialog.getByRole('group', { name: '分钟' }).getByText('30', { exact: true }).click()
  await dialog.getByRole('button', { name: '保存' }).click()
  dialog = page.getByRole('dialog', { name: '编辑生产者' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel('生产方式')).toBeDisabled()
  await dialog.getByRole('button', { name: '返回' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)

  // Reopen: the request comes back as saved.
  await act(row.getByRole('group', { name: '生产者 erp', exact: true }), '编辑')
  dialog = page.getByRole('dialog', { name: '编辑生产者' })
  await expect(dialog.getByLabel('URL')).toHaveValue('https://api.example.com/orders')
  await expect(dialog.getByLabel('请求方法')).toHaveValue('POST')
  await expect(dialog.getByLabel('第 1 行参数名')).toHaveValue('page')
  await expect(dialog.getByLabel('第 1 行参数值')).toHaveValue('1')
  await expect(dialog.getByLabel('第 2 行参数名')).toHaveValue('')
  await dialog.getByRole('tab', { name: '请求头' }).click()
  await expect(dialog.getByLabel('第 1 行参数名')).toHaveValue('X-Trace')
  await dialog.getByRole('tab', { name: '请求体' }).click()
  await expect(dialog.getByLabel('raw 内容')).toHaveValue('{"since":"2025-01-01"}')
  await expect(dialog.getByText('星期一', { exact: true })).toBeVisible()
  await expect(dialog.getByRole('group', { name: '星期' }).getByRole('checkbox', { checked: true })).toHaveCount(2)

  // And the hub holds exactly that.
  const got = await desktop.handlers['hub.call']({ endpoint: 'datahub.topic.listAll' })
  expect(got.ok).toBe(true)
  const topic = (got.data as { code: string; dhProducer: { id: string } | null }[]).find((t) => t.code === code)
  const stored = await desktop.handlers['hub.call']({ endpoint: 'datahub.producer.get', input: { id: topic!.dhProducer!.id } })
  expect(stored.ok && stored.data).toMatchObject({
    weeks: '1,5',
    amHours: '08',
    minutes: '30',
    httpRequestInfoModel: {
      requestType: 'POST',
      requestApi: 'https://api.example.com/orders',
      httpParamsModel: {
        params: [{ key: 'page', value: '1', checked: true }],
        headers: [{ key: 'X-Trace', value: 'on', checked: true }],
        body: { type: 'raw', raw: { rawType: 'JSON', content: '{"since":"2025-01-01"}' } },
      },
    },
  })
})

async function act(box: Locator, name: string): Promise<void> {
  // A box's buttons are named with their object (编辑生产者 erp): the action starts the name.
  await box.getByRole('button', { name: new RegExp(`^${name}`) }).click()
}

async function signIn(desktop: Desktop): Promise<void> {
  const { page } = desktop
  await desktop.open('/login')
  await page.getByLabel('用户名').fill('admin')
  await page.getByLabel('密码', { exact: true }).fill(desktop.adminPassword)
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await expect(page).toHaveURL(/\/$/)
}
