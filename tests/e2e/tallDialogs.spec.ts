import type { Locator, Page } from '@playwright/test'
import { ensureApplication } from './applications'
import { test, expect, type Desktop } from './harness'
import { signInAsAdmin } from './signIn'
import { openNewTopic } from './topics'

/**
 * Issue 24 item 1: the tallest dialogs (producer, consumer, data source) keep their title and
 * action bar in the window and scroll only their body, at the size a new window opens at
 * (1280×800), at a short window (1280×600) and at 200% zoom.
 */

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1280, height: 600 },
] as const

/** The buttons lie inside the window and take a click there; the body scrolls to its last field. */
async function expectReachable(page: Page, dialog: Locator, buttons: readonly string[]): Promise<void> {
  const window = page.viewportSize()!
  for (const name of buttons) {
    const button = dialog.getByRole('button', { name, exact: true })
    const box = (await button.boundingBox())!
    expect(box, `${name} at ${window.width}×${window.height}`).not.toBeNull()
    expect(box.x, name).toBeGreaterThanOrEqual(0)
    expect(box.y, name).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width, name).toBeLessThanOrEqual(window.width)
    expect(box.y + box.height, `${name} bottom at ${window.width}×${window.height}`).toBeLessThanOrEqual(window.height)
    // Actionable where it is: visible, enabled and not covered by anything else.
    await button.click({ trial: true, timeout: 5_000 })
  }
  const body = dialog.locator('.fui-DialogContent').first()
  // Parts of a dialog arrive after it opens (a schedule's next fires, or why it never fires):
  // scroll to the end until the body's height holds still between two looks.
  let height = -1
  await expect
    .poll(async () => {
      const now = await body.evaluate((e) => (e.scrollTo({ top: e.scrollHeight }), e.scrollHeight))
      const still = now === height
      height = now
      return still
    }, { intervals: [300] })
    .toBe(true)
  const last = body.locator('input:not([type="hidden"]), select, textarea').last()
  await expect(last).toBeInViewport()
  const [field, frame] = [(await last.boundingBox())!, (await body.boundingBox())!]
  expect(field.y + field.height, 'last field inside the scrolling body').toBeLessThanOrEqual(frame.y + frame.height + 1)
  expect(frame.y + frame.height, 'body ends inside the window').toBeLessThanOrEqual(window.height)
}

/** Checks the open dialog at every size, then goes back to the first. */
async function expectReachableAtEverySize(page: Page, dialog: Locator, buttons: readonly string[]): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size)
    await expectReachable(page, dialog, buttons)
  }
  await page.setViewportSize(SIZES[0])
}

/** A producer dialog made tall: an http request on a timetable, with alarms on. */
async function openTallProducer(desktop: Desktop, code: string): Promise<Locator> {
  const { page } = desktop
  await ensureApplication(desktop, 'erp')
  const row = await openNewTopic(desktop, code, 'E2E 长对话框')
  await row.getByRole('group', { name: '未配置生产者' }).getByRole('button', { name: /^编辑/ }).click()
  const dialog = page.getByRole('dialog', { name: '新增生产者' })
  await dialog.getByLabel('应用编码').selectOption('erp')
  await dialog.getByLabel('生产方式').selectOption('http')
  await dialog.getByLabel('URL').fill('https://api.example.com/orders')
  return dialog
}

test.describe('at the window sizes of a desktop', () => {
  test.use({ viewport: SIZES[0] })

  test('producer, consumer and data-source dialogs keep Save and Back in the window and scroll to their last field', async ({ desktop }) => {
    test.setTimeout(120_000)
    const { page } = desktop
    await signInAsAdmin(desktop)
    const code = `e2e_tall_${Date.now().toString(36)}`
    let dialog = await openTallProducer(desktop, code)
    await expectReachableAtEverySize(page, dialog, ['返回', '保存'])
    await dialog.getByRole('button', { name: '返回', exact: true }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)

    const row = page.getByRole('article', { name: `消息主题 E2E 长对话框（${code}）` })
    await row.getByRole('group', { name: '未配置消费者' }).getByRole('button', { name: /^编辑/ }).click()
    dialog = page.getByRole('dialog', { name: '新增消费者' })
    await dialog.getByLabel('消费方式').selectOption('dblink')
    await expectReachableAtEverySize(page, dialog, ['返回', '保存'])
    await dialog.getByRole('button', { name: '返回', exact: true }).click()

    await desktop.open('/datahub/datasource')
    await page.getByRole('button', { name: '新增数据源' }).click()
    dialog = page.getByRole('dialog', { name: '新增数据源' })
    await expectReachableAtEverySize(page, dialog, ['取消', '保存'])
  })
})

/**
 * 200% zoom as Chromium does it: the window keeps its 1280×800 device pixels, the page gets half
 * as many CSS pixels (640×400) at a device scale factor of 2, so `vh` and media queries see 400 px.
 * (CSS `zoom` on the page would not: it leaves the viewport at 800 px.)
 */
test.describe('at 200% zoom', () => {
  test.use({ viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 })

  test('the producer and data-source dialogs keep Save and Back in the window', async ({ desktop }) => {
    test.setTimeout(120_000)
    const { page } = desktop
    await signInAsAdmin(desktop)
    const dialog = await openTallProducer(desktop, `e2e_zoom_${Date.now().toString(36)}`)
    await expectReachable(page, dialog, ['返回', '保存'])
    await dialog.getByRole('button', { name: '返回', exact: true }).click()
    await desktop.open('/datahub/datasource')
    await page.getByRole('button', { name: '新增数据源' }).click()
    await expectReachable(page, page.getByRole('dialog', { name: '新增数据源' }), ['取消', '保存'])
  })
})
