import type { Page } from '@playwright/test'
import { ensureApplication } from './applications'
import { expect, test } from './harness'
import { focusedText, openByKeys } from './keyboard'
import { signInAsAdmin } from './signIn'
import { openNewTopic } from './topics'

/**
 * Issue 44, the keyboard-only walk: dialogs give focus back to what opened them (item 2), a toast
 * never holds focus (item 3), the first save of a new topic leaves focus in its form (item 4).
 * Keys only, as a keyboard user: the openers are reached by focus and Enter, never clicked.
 */
test.use({ viewport: { width: 1280, height: 800 } })

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

test('the first save of a new topic keeps focus in its form, and the success toast never takes Tab', async ({ desktop }) => {
  const { page } = desktop
  await signInAsAdmin(desktop)
  await desktop.open('/datahub/topic')
  await page.getByRole('button', { name: '新增消息主题' }).focus()
  await page.keyboard.press('Enter')
  const created = page.getByRole('dialog', { name: '新增消息主题' })
  await created.getByLabel('主题编码').fill(`e2e_kbd_save_${Date.now().toString(36)}`)
  const name = created.getByLabel('主题名称')
  await name.fill('E2E 键盘保存')
  // What the live regions say, recorded as it happens (Fluent shows each message for 500 ms).
  await page.evaluate(() => {
    const said: string[] = ((window as unknown as { __said: string[] }).__said = [])
    new MutationObserver(() => document.querySelectorAll('[aria-live]').forEach((n) => n.textContent && said.push(n.textContent))).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    })
  })
  // Save from the keyboard: Enter in the field submits the dialog's form.
  await name.press('Enter')
  const edited = page.getByRole('dialog', { name: '编辑消息主题' })
  await expect(edited).toBeVisible()
  await expect(edited.getByLabel('主题编码')).toBeDisabled()
  // Item 4: still on the name field of the form, now the edit form, not the body.
  await expect(edited.getByLabel('主题名称'), await focusedText(page)).toBeFocused()

  // Item 3: the toast is announced through the toaster's live region…
  // Found by its element: the modal dialog hides the rest of the page from role queries.
  const toast = page.locator('[role=listitem]').filter({ hasText: '操作成功' })
  await expect(toast).toBeVisible()
  await expect.poll(() => page.evaluate(() => (window as unknown as { __said: string[] }).__said)).toContainEqual(expect.stringContaining('操作成功'))
  // …and is never a Tab stop. Back on the page, from its last control (where the audit's Tab
  // came from: the toaster sits at the end of the document), Tab and Shift+Tab go past the toast
  // instead of stopping on it until it times out. The pointer rests on the toast to keep it up.
  await page.keyboard.press('Escape')
  await expect(edited).toHaveCount(0)
  await toast.hover()
  await page.evaluate(() => {
    const tabbable = Array.from(document.querySelectorAll<HTMLElement>('button, [href], input, select, textarea, [tabindex="0"]')).filter(
      (el) => !el.closest('[data-toaster-position]') && !el.hasAttribute('data-tabster-dummy') && !el.matches(':disabled') && el.getClientRects().length > 0,
    )
    tabbable[tabbable.length - 1]!.focus()
  })
  const inToast = () => page.evaluate(() => !!document.activeElement?.closest('[data-toaster-position]'))
  for (const key of ['Tab', 'Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key)
    expect(await inToast(), `${key}: ${await focusedText(page)}`).toBe(false)
  }
  await expect(toast).toBeVisible()
})

test('the first Tab of a page offers to skip to its content, which then has focus (item 8)', async ({ desktop }) => {
  const { page } = desktop
  await signInAsAdmin(desktop)
  await desktop.open('/datahub/topic')
  await expect(page.getByRole('button', { name: '新增消息主题' })).toBeVisible()
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: '跳到主要内容' })
  await expect(skip, await focusedText(page)).toBeFocused()
  await expect(skip).toBeInViewport()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('main')).toBeFocused()
  // From the content, the page's own controls come before the navigation tree again.
  await page.keyboard.press('Tab')
  expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true)
})

for (const scheme of ['light', 'dark'] as const) {
  test(`${scheme}: a focused text field and a flow box figure link show a ring of at least 3:1 (item 7)`, async ({ desktop }) => {
    const { page } = desktop
    // The system's scheme, followed by the console (its theme setting is 'system' by default).
    await page.emulateMedia({ colorScheme: scheme })
    await signInAsAdmin(desktop)
    const row = await openNewTopic(desktop, `e2e_ring_${scheme}_${Date.now().toString(36)}`, 'E2E 焦点主题')
    // The page's own surface (the shell's, behind the transparent <main>) is dark or light.
    const dark = await page.evaluate(() => {
      const bg = getComputedStyle(document.querySelector('main')!.parentElement!.parentElement!).backgroundColor
      return (bg.match(/\d+/g) ?? []).slice(0, 3).every((v) => Number(v) < 128)
    })
    expect(dark, 'the console follows the system scheme').toBe(scheme === 'dark')
    /**
     * The focused element's (or its field's) outline: style, width, and contrast with what it is
     * drawn on, the first opaque background behind it (a card, the page, a dialog).
     */
    const ring = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement
        const box = el.closest<HTMLElement>('.fui-Input') ?? el
        const style = getComputedStyle(box)
        const rgba = (c: string) => (c.match(/\d+(\.\d+)?/g) ?? []).map(Number)
        const lum = (c: string) => {
          const [r, g, b] = rgba(c)
            .slice(0, 3)
            .map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4))
          return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
        }
        // The ring lies outside the box (outline-offset): its backdrop is the parent's.
        let behind: HTMLElement | null = box.parentElement
        while (behind && rgba(getComputedStyle(behind).backgroundColor)[3] === 0) behind = behind.parentElement
        const bg = behind ? getComputedStyle(behind).backgroundColor : 'rgb(255, 255, 255)'
        const [hi, lo] = [lum(style.outlineColor), lum(bg)].sort((a, b) => b - a)
        return { style: style.outlineStyle, width: parseFloat(style.outlineWidth), colour: style.outlineColor, bg, contrast: (hi! + 0.05) / (lo! + 0.05) }
      })
    const field = page.getByRole('search', { name: '查询消息主题' }).getByRole('textbox').first()
    const figures = row.getByRole('group', { name: /^投递统计/ }).first().getByRole('link')
    for (const [what, target] of [['text field', field], ['figure link', figures]] as const) {
      // Reached by the keyboard (:focus-visible): from the control before it, Tab.
      await target.focus()
      await page.keyboard.press('Shift+Tab')
      await page.keyboard.press('Tab')
      const shown = await ring()
      const message = `${what}: ${JSON.stringify(shown)}`
      expect(shown.style, message).toBe('solid')
      expect(shown.width, message).toBeGreaterThanOrEqual(2)
      expect(shown.contrast, message).toBeGreaterThanOrEqual(3)
    }
  })
}

/** The page's h1 headings, and whether focus is on the first (with its drawn width while focused). */
const headings = (page: Page) =>
  page.evaluate(() => {
    const all = Array.from(document.querySelectorAll<HTMLElement>('main h1'))
    const active = document.activeElement
    return { names: all.map((h) => h.textContent), focused: !!all[0] && active === all[0], width: active ? active.getBoundingClientRect().width : 0 }
  })

test('a page opened from the menu by the keyboard starts at its one h1; Tab then reaches the page, and the skip link still leads there (item 8)', async ({ desktop }) => {
  const { page } = desktop
  await signInAsAdmin(desktop)
  // A list drawn from its definition: its h1 is the menu item's name, shown while it has focus.
  await openByKeys(page, ['数据中心', '消息主题'])
  await expect(page).toHaveURL(/\/datahub\/topic$/)
  await expect(page.getByRole('button', { name: '新增消息主题' })).toBeVisible()
  await expect.poll(() => headings(page)).toMatchObject({ names: ['消息主题'], focused: true })
  expect((await headings(page)).width, 'the focused heading is drawn, not only announced').toBeGreaterThan(40)
  await expect(page.getByRole('heading', { level: 1, name: '消息主题' })).toBeFocused()
  // The next Tab is the page's first control (its search form), not the title bar, tree or breadcrumbs.
  await page.keyboard.press('Tab')
  expect(await page.evaluate(() => !!document.activeElement?.closest('main [role=search]')), await focusedText(page)).toBe(true)

  // A page with a title of its own keeps exactly that one h1, and focus lands on it.
  await openByKeys(page, ['平台管理', '系统配置', '皮肤管理'])
  await expect(page).toHaveURL(/\/platform\/skin/)
  await expect.poll(() => headings(page), { message: await focusedText(page) }).toMatchObject({ names: ['皮肤管理'], focused: true })

  // Back to the document's start by Shift+Tab: the skip link is still there and leads to the content.
  const skip = page.getByRole('link', { name: '跳到主要内容' })
  for (let n = 0; n < 60 && !(await skip.evaluate((el) => el === document.activeElement)); n++) await page.keyboard.press('Shift+Tab')
  await expect(skip, await focusedText(page)).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('main')).toBeFocused()
})
