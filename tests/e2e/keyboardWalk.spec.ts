import { ensureApplication } from './applications'
import { expect, test } from './harness'
import { focusedText, openByKeys, pickByKeys, tabTo } from './keyboard'

/**
 * Issue 44's done-when: a keyboard-only administrator signs in, opens the topic page from the
 * navigation tree, creates a topic, its producer and a consumer, and is back on the flow, with
 * Tab, Enter, Escape, arrows and typing only. Every control is reached by Tab (tabTo fails when
 * one cannot be), the selects are native ones worked by arrow keys, and the page counts pointer
 * presses to show none happened.
 */
test.use({ viewport: { width: 1280, height: 800 } })

test('a topic, its producer and a consumer created by keyboard alone, and the flow shows them', async ({ desktop }) => {
  test.slow()
  const { page } = desktop
  const code = `e2e_keys_${Date.now().toString(36)}`
  const name = 'E2E 键盘流程'
  await page.addInitScript(() => {
    const w = window as unknown as { __pointerPresses: number }
    w.__pointerPresses = 0
    window.addEventListener('pointerdown', () => w.__pointerPresses++, true)
    window.addEventListener('mousedown', () => w.__pointerPresses++, true)
  })

  // Sign in.
  await desktop.open('/login')
  await tabTo(page, page.getByLabel('用户名'))
  await page.keyboard.type('admin')
  await tabTo(page, page.getByLabel('密码', { exact: true }))
  await page.keyboard.type(desktop.adminPassword)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/$/)
  // The applications the producer and consumer pick (platform data, not the walk's subject).
  await ensureApplication(desktop, 'erp')
  await ensureApplication(desktop, 'wms')

  // The topic page from the tree; focus starts at its heading.
  await openByKeys(page, ['数据中心', '消息主题'])
  await expect(page.getByRole('heading', { level: 1, name: '消息主题' })).toBeFocused()

  // A new topic: its form, saved by Enter, closed by Escape; focus goes back to the button.
  const add = page.getByRole('button', { name: '新增消息主题' })
  await tabTo(page, add)
  await page.keyboard.press('Enter')
  const created = page.getByRole('dialog', { name: '新增消息主题' })
  await expect(created).toBeVisible()
  await tabTo(page, created.getByLabel('主题编码'))
  await page.keyboard.type(code)
  await tabTo(page, created.getByLabel('主题名称'))
  await page.keyboard.type(name)
  await page.keyboard.press('Enter')
  const edited = page.getByRole('dialog', { name: '编辑消息主题' })
  await expect(edited).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(add, await focusedText(page)).toBeFocused()

  // Only this topic's flow (the worker's hub is shared): the search form, by its code.
  const search = page.getByRole('search', { name: '查询消息主题' })
  await tabTo(page, search.getByRole('textbox').first(), { back: true })
  await page.keyboard.type(code)
  await page.keyboard.press('Enter')
  const row = page.getByRole('article', { name: `消息主题 ${name}（${code}）` })
  await expect(row).toBeVisible()
  await expect(page.getByRole('article')).toHaveCount(1)

  // Its producer and a consumer, each from its empty slot: an application, a type, saved; the
  // producer's editor closed by Escape, the consumer's by its 返回 button.
  for (const [slot, what, app, typeField, type, close] of [
    ['未配置生产者', '生产者', 'erp', '生产方式', 'serverApi', 'Escape'],
    ['未配置消费者', '消费者', 'wms', '消费方式', 'serverApi', '返回'],
  ] as const) {
    await tabTo(page, row.getByRole('group', { name: slot }).getByRole('button', { name: /^编辑/ }))
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: `新增${what}` })
    await expect(dialog).toBeVisible()
    await tabTo(page, dialog.getByLabel('应用编码'))
    await pickByKeys(page, dialog.getByLabel('应用编码'), app)
    await tabTo(page, dialog.getByLabel(typeField))
    await pickByKeys(page, dialog.getByLabel(typeField), type)
    await tabTo(page, dialog.getByRole('button', { name: '保存' }))
    await page.keyboard.press('Enter')
    const saved = page.getByRole('dialog', { name: `编辑${what}` })
    await expect(saved).toBeVisible()
    if (close === 'Escape') await page.keyboard.press('Escape')
    else {
      await tabTo(page, saved.getByRole('button', { name: close, exact: true }))
      await page.keyboard.press('Enter')
    }
    await expect(page.getByRole('dialog')).toHaveCount(0)
    // Focus is back on the box's edit button: the slot that opened the editor, now filled.
    const box = row.getByRole('group', { name: `${what} ${app}`, exact: true })
    await expect(box).toBeVisible()
    await expect(box.getByRole('button', { name: /^编辑/ }), `${close}: ${await focusedText(page)}`).toBeFocused()
  }

  // Back on the flow: producer → topic → consumer, and focus is in the row, not on the body.
  await expect(row.getByRole('group', { name: '生产者 erp', exact: true })).toBeVisible()
  await expect(row.getByRole('group', { name: '消费者 wms', exact: true })).toBeVisible()
  await expect(row.locator('.react-flow__edge')).toHaveCount(2)
  await expect(row.locator(':focus'), await focusedText(page)).toHaveCount(1)
  expect(await page.evaluate(() => (window as unknown as { __pointerPresses: number }).__pointerPresses)).toBe(0)

  // What the hub keeps: the topic's producer and consumer, as picked.
  const producers = await desktop.handlers['hub.call']({ endpoint: 'datahub.producer.list', input: { pageNum: 1, pageSize: 10, topicCode: code } })
  const consumers = await desktop.handlers['hub.call']({ endpoint: 'datahub.consumer.listAll', input: { topicCode: code } })
  expect(producers.ok && consumers.ok, JSON.stringify([producers, consumers])).toBe(true)
  const kept = (r: typeof producers) => (r.ok ? r.data : null) as unknown
  expect(kept(producers)).toMatchObject({ content: [{ appCode: 'erp', productionMode: 'serverApi' }] })
  expect(kept(consumers)).toMatchObject([{ applicationCode: 'wms', dataConsumeType: 'serverApi' }])
})
