import type { Locator, Page } from '@playwright/test'
import { ensureApplication } from './applications'
import { test, expect, type Desktop } from './harness'

/**
 * The topic flow end to end: the built console in Chromium, the real main-process handlers and a
 * real hub on a fresh SQLite store. One topic goes through its whole life: created, given a
 * producer and two consumers, started, refused what the spec refuses, stopped and deleted in the
 * allowed order.
 */
test.describe('topic flows', () => {
  test('create a topic with a producer and two consumers, toggle them, meet the refusals, delete in order', async ({ desktop }) => {
    test.setTimeout(180_000)
    const { page } = desktop
    await signIn(desktop)
    await desktop.open('/datahub/topic')
    await expect(page.getByRole('search', { name: '查询消息主题' })).toBeVisible()

    // A new topic: basic config first, the other tabs open once it exists.
    await page.getByRole('button', { name: '新增消息主题' }).click()
    let dialog = page.getByRole('dialog', { name: '新增消息主题' })
    await expect(dialog.getByRole('tab', { name: '路由配置' })).toBeDisabled()
    await dialog.getByLabel('主题编码').fill('e2e_orders')
    await dialog.getByLabel('主题名称').fill('E2E 订单主题')
    await dialog.getByRole('textbox', { name: '标签' }).fill('订单')
    await dialog.getByRole('textbox', { name: '标签' }).press('Enter')
    await dialog.getByRole('button', { name: '保存' }).click()
    dialog = page.getByRole('dialog', { name: '编辑消息主题' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByLabel('主题编码')).toBeDisabled()
    await expect(dialog.getByRole('tab', { name: '路由配置' })).toBeEnabled()
    // A second save updates it (and writes a second version record).
    await dialog.getByRole('tab', { name: '备注' }).click()
    await dialog.getByRole('textbox', { name: '备注' }).fill('端到端测试')
    await dialog.getByRole('button', { name: '保存' }).click()
    await expect.poll(() => storedRemark(desktop, 'e2e_orders')).toBe('端到端测试')
    await dialog.getByRole('button', { name: '返回' }).click()

    const row = page.getByRole('article', { name: '消息主题 E2E 订单主题（e2e_orders）' })
    await expect(row).toBeVisible()
    const topicBox = row.getByRole('group', { name: '消息主题 E2E 订单主题', exact: true })
    await expect(topicBox).toBeVisible()

    // The producer, from the blank producer slot.
    await ensureApplication(desktop, 'erp')
    await act(row.getByRole('group', { name: '未配置生产者' }), '编辑')
    dialog = page.getByRole('dialog', { name: '新增生产者' })
    await dialog.getByLabel('应用编码').selectOption('erp')
    await dialog.getByLabel('生产方式').selectOption('http')
    // An http producer needs its address and, on a timetable, weekdays, hours and minutes.
    await dialog.getByLabel('URL').fill('https://erp.example.com/orders')
    await dialog.getByText('星期一', { exact: true }).click()
    await dialog.getByRole('group', { name: '小时（00-11）' }).getByText('08', { exact: true }).click()
    await dialog.getByRole('group', { name: '分钟' }).getByText('00', { exact: true }).click()
    await dialog.getByRole('button', { name: '保存' }).click()
    await expect(page.getByRole('dialog', { name: '编辑生产者' })).toBeVisible()
    await page.getByRole('dialog', { name: '编辑生产者' }).getByRole('button', { name: '返回' }).click()
    const producer = row.getByRole('group', { name: '生产者 erp', exact: true })
    await expect(producer).toBeVisible()

    // Two consumers: the blank slot, then one more slot (applications picked like the producer's).
    await ensureApplication(desktop, 'wms')
    await ensureApplication(desktop, 'crm')
    await addConsumer(page, row.getByRole('group', { name: '未配置消费者' }), 'wms', 'http')
    await row.getByRole('button', { name: '添加消费者' }).click()
    // serverApi needs nothing beyond the basics (a dblink consumer needs a data source: consumerMapping.spec).
    await addConsumer(page, row.getByRole('group', { name: '未配置消费者' }), 'crm', 'serverApi')
    const wms = row.getByRole('group', { name: '消费者 wms', exact: true })
    const crm = row.getByRole('group', { name: '消费者 crm', exact: true })
    // The flow row: producer box → topic → two consumer boxes, with arrows.
    await expect(producer).toBeVisible()
    await expect(topicBox).toBeVisible()
    await expect(wms).toBeVisible()
    await expect(crm).toBeVisible()
    await expect(row.locator('.react-flow__edge')).toHaveCount(3)

    // Start the producer and one consumer (each asks first).
    await confirmed(page, producer, '启用', '确定启用生产者“erp”吗？')
    await expect(producer.getByRole('button', { name: /^停用/ })).toBeVisible()
    await expect(producer).toHaveAttribute('data-tone', 'green')
    await confirmed(page, wms, '启用', '确定启用消费者“wms”吗？')
    await expect(wms.getByRole('button', { name: /^停用/ })).toBeVisible()

    // Refusals with the spec's messages: a topic in use cannot be disabled (the status goes back)…
    await confirmed(page, topicBox, '停用', '确定停用消息主题“E2E 订单主题”吗？')
    await expect(page.getByText('消息主题正在使用中，不能停用').first()).toBeVisible()
    await expect(topicBox.getByRole('button', { name: /^停用/ })).toBeVisible()
    await expect(topicBox).toHaveAttribute('data-tone', 'green')
    // …an active topic cannot be deleted…
    await confirmed(page, topicBox, '删除', '确定删除消息主题“E2E 订单主题”吗？删除后不可恢复。')
    await expect(page.getByText('只能删除已停用的消息主题').first()).toBeVisible()
    await expect(row).toBeVisible()
    // …and a running producer cannot be deleted.
    await confirmed(page, producer, '删除', '确定删除生产者“erp”吗？')
    await expect(page.getByText('请先停用生产者再删除').first()).toBeVisible()
    await expect(producer).toBeVisible()

    // Stop the consumer and the producer, then disable the topic.
    await confirmed(page, wms, '停用', '确定停用消费者“wms”吗？')
    await expect(wms.getByRole('button', { name: /^启用/ })).toBeVisible()
    await confirmed(page, producer, '停用', '确定停用生产者“erp”吗？')
    await expect(producer).toHaveAttribute('data-tone', 'grey')
    await confirmed(page, topicBox, '停用', '确定停用消息主题“E2E 订单主题”吗？')
    await expect(topicBox.getByRole('button', { name: /^启用/ })).toBeVisible()
    await expect(topicBox).toHaveAttribute('data-tone', 'grey')

    // Editing a producer under a disabled topic: '请先启用该消息主题', no editor.
    await act(producer, '编辑')
    await expect(page.getByText('请先启用该消息主题').first()).toBeVisible()
    await expect(page.getByRole('dialog')).toHaveCount(0)

    // View mode is read-only: no Save, inputs disabled.
    await act(producer, '查看')
    dialog = page.getByRole('dialog', { name: '查看生产者' })
    await expect(dialog.getByLabel('应用编码')).toHaveValue('erp')
    await expect(dialog.getByLabel('应用编码')).toBeDisabled()
    await expect(dialog.getByLabel('生产方式')).toBeDisabled()
    await expect(dialog.getByRole('button', { name: '保存' })).toHaveCount(0)
    await dialog.getByRole('button', { name: '返回' }).click()
    await act(topicBox, '查看')
    dialog = page.getByRole('dialog', { name: '查看消息主题' })
    await expect(dialog.getByLabel('主题名称')).toBeDisabled()
    await expect(dialog.getByRole('button', { name: '删除标签 订单' })).toBeDisabled()
    await expect(dialog.getByRole('button', { name: '保存' })).toHaveCount(0)
    await dialog.getByRole('button', { name: '返回' }).click()

    // Version history of the topic: newest first, two picked versions compared side by side.
    await act(topicBox, '版本记录')
    dialog = page.getByRole('dialog', { name: '版本记录：E2E 订单主题' })
    await expect(dialog.getByRole('table', { name: '版本记录' }).getByRole('row')).toHaveCount(3)
    await dialog.getByRole('checkbox', { name: '选择版本 1 进行比较' }).check()
    await dialog.getByRole('checkbox', { name: '选择版本 2 进行比较' }).check()
    await dialog.getByRole('button', { name: '比较所选版本' }).click()
    const changed = dialog.getByRole('table', { name: '版本比较' }).locator('tr[data-changed]')
    await expect(changed.filter({ hasText: 'remark' })).toHaveCount(1)
    await expect(changed.filter({ hasText: 'remark' })).toContainText('端到端测试')
    await dialog.getByRole('button', { name: '返回', exact: true }).click()

    // Delete in the allowed order: consumers, producer, then the (disabled) topic.
    await confirmed(page, crm, '删除', '确定删除消费者“crm”吗？')
    await expect(crm).toHaveCount(0)
    await confirmed(page, wms, '删除', '确定删除消费者“wms”吗？')
    await expect(wms).toHaveCount(0)
    // The last consumer leaves a blank slot.
    await expect(row.getByRole('group', { name: '未配置消费者' })).toBeVisible()
    await confirmed(page, producer, '删除', '确定删除生产者“erp”吗？')
    await expect(row.getByRole('group', { name: '未配置生产者' })).toBeVisible()
    await confirmed(page, topicBox, '删除', '确定删除消息主题“E2E 订单主题”吗？删除后不可恢复。')
    await expect(row).toHaveCount(0)
  })
})

/** Click one of a box's buttons by its name. */
async function act(box: Locator, name: string): Promise<void> {
  // A box's buttons are named with their object (编辑生产者 erp): the action starts the name.
  await box.getByRole('button', { name: new RegExp(`^${name}`) }).click()
}

/** Click a box's button, check the confirmation's text and accept it. */
async function confirmed(page: Page, box: Locator, name: string, question: string): Promise<void> {
  await act(box, name)
  const confirm = page.getByRole('alertdialog')
  await expect(confirm).toContainText(question)
  await confirm.getByRole('button', { name: '确定' }).click()
  await expect(confirm).toHaveCount(0)
}

async function addConsumer(page: Page, slot: Locator, appCode: string, consumeType: string): Promise<void> {
  await act(slot, '编辑')
  const dialog = page.getByRole('dialog', { name: '新增消费者' })
  await dialog.getByLabel('应用编码').selectOption(appCode)
  await dialog.getByLabel('消费方式').selectOption(consumeType)
  // The http type's own required setting (shared consumer rules).
  if (consumeType === 'http') await dialog.getByLabel('请求地址').fill('/orders/in')
  await dialog.getByRole('button', { name: '保存' }).click()
  await expect(page.getByRole('dialog', { name: '编辑消费者' })).toBeVisible()
  await page.getByRole('dialog', { name: '编辑消费者' }).getByRole('button', { name: '返回' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
}

/** The topic's remark as the hub stores it, read through the same main-process handler the page uses. */
async function storedRemark(desktop: Desktop, code: string): Promise<string | undefined> {
  const r = await desktop.handlers['hub.call']({ endpoint: 'datahub.topic.listAll' })
  return r.ok ? (r.data as { code: string; remark: string }[]).find((t) => t.code === code)?.remark : undefined
}

async function signIn(desktop: Desktop): Promise<void> {
  const { page } = desktop
  await desktop.open('/login')
  await page.getByLabel('用户名').fill('admin')
  await page.getByLabel('密码', { exact: true }).fill(desktop.adminPassword)
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await expect(page).toHaveURL(/\/$/)
}
