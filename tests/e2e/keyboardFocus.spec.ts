import type { Page } from '@playwright/test'
import { ensureApplication } from './applications'
import { expect, test } from './harness'
import { signInAsAdmin } from './signIn'
import { openNewTopic } from './topics'

/**
 * Issue 44, the keyboard-only walk: dialogs give focus back to what opened them (item 2).
 * Keys only, as a keyboard user: the openers are reached by focus and Enter, never clicked.
 */
test.use({ viewport: { width: 1280, height: 800 } })

/** Describes the focused element, for messages that say where focus went instead. */
const focusedText = (page: Page) => page.evaluate(() => (document.activeElement === document.body ? 'body' : (document.activeElement?.outerHTML.slice(0, 120) ?? 'none')))

test('every dialog gives focus back to the button that opened it, by Escape and by 返回', async ({ desktop }) => {
  const { page } = desktop
  await signInAsAdmin(desktop)
  await ensureApplication(desktop, 'crm')
  const code = `e2e_kbd_${Date.now().toString(36)}`
  const row = await openNewTopic(desktop, code, 'E2E 键盘主题')

  // The page's own dialog: 新增消息主题.
  const add = page.getByRole('button', { name: '新增消息主题' })
  await add.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog', { name: '新增消息主题' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(add, await focusedText(page)).toBeFocused()

  // A flow box's editor, closed by Escape, then by its 返回 button.
  const edit = row.getByRole('group', { name: '未配置生产者' }).getByRole('button', { name: /^编辑/ })
  for (const close of ['Escape', '返回'] as const) {
    await edit.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: '新增生产者' })
    await expect(dialog).toBeVisible()
    if (close === 'Escape') await page.keyboard.press('Escape')
    else {
      await dialog.getByRole('button', { name: '返回', exact: true }).focus()
      await page.keyboard.press('Enter')
    }
    await expect(dialog).toHaveCount(0)
    await expect(edit, `${close}: ${await focusedText(page)}`).toBeFocused()
  }
})
