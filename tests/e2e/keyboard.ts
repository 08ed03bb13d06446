import type { Locator, Page } from '@playwright/test'
import { expect } from './harness'

/**
 * A keyboard user's moves, for the keyboard-only tests (issue 44): where focus is, Tab to a
 * control, pick in a native select, open a page from the navigation tree. No pointer, and no
 * programmatic focus: what these reach, a user's keys reach.
 */

/** Describes the focused element, for messages that say where focus went instead. */
export const focusedText = (page: Page): Promise<string> =>
  page.evaluate(() => (document.activeElement === document.body ? 'body' : (document.activeElement?.outerHTML.slice(0, 160) ?? 'none')))

const isFocused = (target: Locator): Promise<boolean> => target.evaluate((el) => el === document.activeElement, undefined, { timeout: 2_000 }).catch(() => false)

/** Presses Tab (Shift+Tab with `back`) until `target` has focus; fails after `max` presses. */
export async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}): Promise<void> {
  for (let n = 0; n < max; n++) {
    if (await isFocused(target)) return
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
  }
  expect(await isFocused(target), `not reached in ${max} ${back ? 'Shift+Tab' : 'Tab'} presses; focus is on ${await focusedText(page)}`).toBe(true)
}

/** Picks `value` in the focused native select by arrow keys, from its first option. */
export async function pickByKeys(page: Page, select: Locator, value: string): Promise<void> {
  await expect(select).toBeFocused()
  await page.keyboard.press('Home')
  const options = await select.evaluate((el) => (el as HTMLSelectElement).options.length)
  for (let n = 0; n <= options && (await select.inputValue()) !== value; n++) await page.keyboard.press('ArrowDown')
  await expect(select).toHaveValue(value)
}

/** Reaches the navigation tree by Tab, walks it by arrow keys (opening groups on the way) and opens `path`'s page by Enter. */
export async function openByKeys(page: Page, path: string[]): Promise<void> {
  const nav = page.getByRole('navigation', { name: /主导航|Main navigation/ })
  const focusedItem = () => page.evaluate(() => document.activeElement?.closest('[role=treeitem]')?.getAttribute('aria-label') ?? '')
  const inTree = () => page.evaluate(() => !!document.activeElement?.closest('[role=tree]'))
  // The tree comes before the page's <main>: back from inside it, forward from above it.
  const key = (await page.evaluate(() => !!document.activeElement?.closest('main'))) ? 'Shift+Tab' : 'Tab'
  for (let n = 0; n < 40 && !(await inTree()); n++) await page.keyboard.press(key)
  expect(await inTree(), await focusedText(page)).toBe(true)
  for (const [i, name] of path.entries()) {
    // The tree's items in order: down, then up, until the wanted one.
    for (const key of ['ArrowDown', 'ArrowUp']) for (let n = 0; n < 40 && (await focusedItem()) !== name; n++) await page.keyboard.press(key)
    expect(await focusedItem()).toBe(name)
    const item = nav.getByRole('treeitem', { name, exact: true })
    if (i < path.length - 1) {
      if ((await item.getAttribute('aria-expanded')) !== 'true') await page.keyboard.press('ArrowRight')
      await expect(item).toHaveAttribute('aria-expanded', 'true')
    } else await page.keyboard.press('Enter')
  }
}
