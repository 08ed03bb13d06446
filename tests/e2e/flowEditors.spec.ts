import type { Locator, Page } from '@playwright/test'
import { ensureApplication } from './applications'
import { test, expect, type Desktop } from './harness'
import { hubOk } from './hubSetUp'
import { signInAsAdmin } from './signIn'

/**
 * Typing in the editors the topic flow page opens (issue 33, item 1): the flow diagrams listen
 * for keys on the whole window (xyflow: Space pans, Delete removes, arrows move), and the code
 * editor (Monaco, on the browser's EditContext) is neither an input nor contenteditable, so the
 * diagrams took its keys — a typed line lost every space. Each editor reachable from a flow row
 * gets a line with spaces typed key by key and the editing keys a canvas could take; the text is
 * read back from the screen and, after the save, from the hub.
 */
const LINE = 'data.amount = Number(data.amount); return data'
const ROUTE = 'return data.vip ? "vip" : "bulk"'

test('every editor opened from the flow page takes every key: spaces, Backspace, Delete, arrows, Ctrl+A, Escape', async ({ desktop }) => {
  test.setTimeout(180_000)
  const { page } = desktop
  await signInAsAdmin(desktop)
  const code = `e2e_keys_${Date.now().toString(36)}`
  const ids = await setUpFlow(desktop, code)
  await page.setViewportSize({ width: 1280, height: 800 })
  await desktop.open('/datahub/topic')
  const row = page.getByRole('article', { name: `消息主题 E2E 键盘主题（${code}）` })
  await expect(row).toBeVisible({ timeout: 30_000 })
  const boxes = row.locator('.react-flow__node')
  await expect(boxes).toHaveCount(3)

  // The producer's pre-processing: the default type is one the hub runs, with its hint, and the line goes in whole.
  await row.getByRole('group', { name: '生产者 crm', exact: true }).getByRole('button', { name: /^编辑/ }).click()
  let dialog = page.getByRole('dialog', { name: '编辑生产者' })
  await dialog.getByRole('tab', { name: '预处理' }).click()
  const pre = dialog.getByRole('region', { name: '前置处理' })
  await pre.getByRole('radio', { name: '是' }).check()
  await exerciseEditor(page, pre, dialog)
  await expect(pre.getByRole('combobox', { name: '前置处理 处理器类型' })).toHaveValue('JavaScript')
  await expect(pre.getByRole('note')).toContainText('data')
  await dialog.getByRole('button', { name: '保存' }).click()
  await expect.poll(async () => (await hubOk<Record<string, string>>(desktop, 'datahub.producer.get', { id: ids.producer })).preProcessorExpression).toBe(LINE)
  expect((await hubOk<Record<string, string>>(desktop, 'datahub.producer.get', { id: ids.producer })).preProcessorType).toBe('JavaScript')
  await dialog.getByRole('button', { name: '返回' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  // None of those keys removed or moved a box of the diagram behind.
  await expect(boxes).toHaveCount(3)

  // The consumer's post-processing: the same editor in the other dialog.
  await row.getByRole('group', { name: '消费者 Keys sink', exact: true }).getByRole('button', { name: /^编辑/ }).click()
  dialog = page.getByRole('dialog', { name: '编辑消费者' })
  await dialog.getByRole('tab', { name: '预处理' }).click()
  const post = dialog.getByRole('region', { name: '后置处理' })
  await post.getByRole('radio', { name: '是' }).check()
  await expect(post.getByRole('combobox', { name: '后置处理 处理器类型' })).toHaveValue('JavaScript')
  await exerciseEditor(page, post, dialog)
  await dialog.getByRole('button', { name: '保存' }).click()
  await expect.poll(async () => (await hubOk<Record<string, string>>(desktop, 'datahub.consumer.get', { id: ids.consumer })).postProcessorExpression).toBe(LINE)
  await dialog.getByRole('button', { name: '返回' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  // None of those keys removed or moved a box of the diagram behind.
  await expect(boxes).toHaveCount(3)

  // The topic's route rule: a JavaScript row is written in the code editor too.
  await row.getByRole('group', { name: '消息主题 E2E 键盘主题', exact: true }).getByRole('button', { name: /^编辑/ }).click()
  dialog = page.getByRole('dialog', { name: '编辑消息主题' })
  await dialog.getByRole('tab', { name: '路由配置' }).click()
  await dialog.getByRole('combobox', { name: '第 1 行语法' }).selectOption('JavaScript')
  const rule = editorIn(dialog)
  await typeInto(page, rule, ROUTE)
  await expect.poll(() => textOf(rule)).toBe(ROUTE)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: '保存' }).click()
  await expect
    .poll(async () => (await hubOk<{ routeTableData: { syntax: string; expression: string }[] }>(desktop, 'datahub.topic.detail', { id: ids.topic })).routeTableData[0])
    .toMatchObject({ syntax: 'JavaScript', expression: ROUTE })
  await dialog.getByRole('button', { name: '返回' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  // None of those keys removed or moved a box of the diagram behind.
  await expect(boxes).toHaveCount(3)

  // The simulator's sample message (JSON in a text area), typed key by key.
  await row.getByRole('button', { name: '试运行消息' }).click()
  dialog = page.getByRole('dialog', { name: '试运行消息：E2E 键盘主题' })
  const sample = dialog.getByLabel('样例消息')
  await sample.fill('')
  await sample.pressSequentially('{"amount": "12.50", "note": "a b c"}')
  await expect(sample).toHaveValue('{"amount": "12.50", "note": "a b c"}')
  await dialog.getByRole('button', { name: '返回', exact: true }).click()
  await expect(boxes).toHaveCount(3)
})

/** The code editor inside `scope` (Monaco draws its lines in .view-lines). */
const editorIn = (scope: Locator): Locator => scope.locator('.monaco-editor').first()

/** The editor's text as drawn (Monaco draws spaces as no-break spaces). */
const textOf = async (editor: Locator): Promise<string> => ((await editor.locator('.view-lines').innerText()) ?? '').replace(/\u00a0/g, ' ')

/** Clicks into the editor and types `text` key by key, as a user does. */
async function typeInto(page: Page, editor: Locator, text: string): Promise<void> {
  await editor.locator('.view-lines').click()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.press('Delete')
  await page.keyboard.type(text)
}

/** Types the line, then uses the keys a canvas could take; the editor keeps them all and the dialog stays. */
async function exerciseEditor(page: Page, section: Locator, dialog: Locator): Promise<void> {
  const editor = editorIn(section)
  await typeInto(page, editor, LINE)
  await expect.poll(() => textOf(editor)).toBe(LINE)
  // Backspace and Delete edit the text (not the diagram), arrows move the caret.
  await page.keyboard.press('End')
  for (let i = 0; i < 4; i++) await page.keyboard.press('Backspace')
  await expect.poll(() => textOf(editor)).toBe(LINE.slice(0, -4))
  await page.keyboard.type('data')
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowLeft')
  for (let i = 0; i < 4; i++) await page.keyboard.press('Delete')
  await page.keyboard.type('data')
  await expect.poll(() => textOf(editor)).toBe(LINE)
  // Ctrl+A selects the editor's text, not the page.
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type('return data')
  await expect.poll(() => textOf(editor)).toBe('return data')
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type(LINE)
  await expect.poll(() => textOf(editor)).toBe(LINE)
  // Escape belongs to the editor: the dialog stays open with the text.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeVisible()
  await expect.poll(() => textOf(editor)).toBe(LINE)
}

/** A topic routed by key (one JsonPath row), an enabled serverApi producer and one http consumer. */
async function setUpFlow(desktop: Desktop, code: string): Promise<{ topic: string; producer: string; consumer: string }> {
  await ensureApplication(desktop, 'crm')
  await ensureApplication(desktop, 'erp')
  const topic = await hubOk(desktop, 'datahub.topic.create', {
    code,
    name: 'E2E 键盘主题',
    status: '1',
    dataFormat: 'json',
    distributeType: '2',
    routeTableData: [{ syntax: 'JsonPath', expression: '$.vip', routingKey: 'vip' }],
  })
  const producer = await hubOk(desktop, 'datahub.producer.create', { topicCode: code, appCode: 'crm', productionMode: 'serverApi', apiRequestInfoModel: { apiAddr: '/producer/serverApi' } })
  const consumer = await hubOk(desktop, 'datahub.consumer.create', {
    topicCode: code,
    applicationCode: 'erp',
    applicationName: 'Keys sink',
    dataConsumeType: 'http',
    routingKey: 'vip',
    httpRequestInfoModel: { requestUri: 'http://127.0.0.1:9/keys', requestMethod: 'POST', authenStatus: '0' },
  })
  return { topic: topic.id, producer: producer.id, consumer: consumer.id }
}
