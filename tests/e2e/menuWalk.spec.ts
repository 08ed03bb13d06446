import type { Page } from '@playwright/test'
import type { MenuItem } from '../../src/shared/contract/platform/startup'
import { menuName, normalizePath } from '../../src/renderer/routing/menuRoutes'
import { expect, test, type Desktop } from './harness'
import { hubOk } from './hubSetUp'
import { boxOverlaps, cutTexts, rowOverlaps, sidewaysScroll } from './layoutProbe'
import { termFindings } from './shownTerms'
import { shownTexts, textFindings } from './shownTexts'
import { signInAsAdmin } from './signIn'
import { stockTheLists } from './walkData'

/**
 * Issues 33 and 43, "done when": a walk of every page of the menu at 1280×800, in Chinese then
 * English, shows none of what a new administrator tripped on. Each page is opened from the
 * navigation as a user does (one sign-in per locale, no reload) and checked for: the page wider
 * than the window, table columns hidden under the sticky actions with no sideways scrollbar on
 * screen, column titles, filter labels or the pagination cut, cells or filter fields running into
 * each other, a message key or placeholder shown raw, English in the Chinese console, errors in
 * the console, and not exactly one h1. The pages are the admin's menu as the hub sends it.
 */
test.use({ viewport: { width: 1280, height: 800 } })

type Locale = 'zh-CN' | 'en'

/**
 * Findings the walk knows of and leaves for later: the pages (paths) each applies to and why. A
 * finding listed here does not fail the walk; take an entry out once what it names is fixed.
 */
const ALLOWED: { pages: RegExp; finding: RegExp; why: string }[] = []

/**
 * Pages whose table shows texts of both languages as the data being edited: the message texts
 * with their keys, and the dictionary labels with an English column. Their cells are not read
 * for keys or English (the console's own texts on them still are).
 */
const BILINGUAL_DATA = new Set(['/platform/i18n', '/platform/dictionary-data'])

interface MenuPage {
  path: string
  item: MenuItem
}

/** Every page of the menu, in the order the navigation shows them. */
const pagesOf = (items: readonly MenuItem[]): MenuPage[] =>
  items.flatMap((item) => [...(item.type === 'menu' && item.clientRouter ? [{ path: normalizePath(item.clientRouter.path), item }] : []), ...pagesOf(item.children ?? [])])

/** What the page shows now, once its data arrived: findings as `what: detail` lines. */
async function inspect(page: Page, locale: Locale, bilingual: boolean): Promise<string[]> {
  const found: string[] = []
  const overflow = await page.evaluate(() => {
    const main = document.querySelector('main')!
    return { window: document.documentElement.scrollWidth - window.innerWidth, main: main.scrollWidth - main.clientWidth }
  })
  if (overflow.window > 1) found.push(`page wider than the window by ${overflow.window} px`)
  if (overflow.main > 1) found.push(`content wider than its panel by ${overflow.main} px`)
  const tables = page.locator('main table')
  for (let i = 0; i < (await tables.count()); i++) {
    const table = tables.nth(i)
    if (!(await table.isVisible())) continue
    const scroll = await sidewaysScroll(table)
    if (scroll.hidden && !scroll.barInView) found.push(`table ${i + 1}: columns hidden under the actions, no sideways scrollbar on screen`)
    const rows = table.getByRole('row')
    for (const cut of await cutTexts(rows.first())) found.push(`table ${i + 1}: column title cut: ${cut}`)
    // The header and the first rows: what a user sees first.
    for (let r = 0; r < Math.min(await rows.count(), 4); r++)
      for (const o of await rowOverlaps(rows.nth(r))) found.push(`table ${i + 1} row ${r}: cells overlap: ${o.left} × ${o.right} (${o.pixels} px)`)
  }
  // The filters above a list: no field runs under another, no label is cut.
  const searches = page.locator('main').getByRole('search')
  for (let i = 0; i < (await searches.count()); i++) {
    const search = searches.nth(i)
    for (const o of await boxOverlaps(search.locator('input:visible, select:visible'))) found.push(`filters overlap: ${o}`)
    for (const cut of await cutTexts(search)) found.push(`filter cut: ${cut}`)
  }
  const pagers = page.locator('main').getByRole('navigation', { name: /分页|pag/i })
  for (let i = 0; i < (await pagers.count()); i++) for (const cut of await cutTexts(pagers.nth(i))) found.push(`pagination cut: ${cut}`)
  const headings = await page.locator('h1').evaluateAll((hs) => hs.filter((h) => h.getClientRects().length).map((h) => h.textContent?.trim() ?? ''))
  if (headings.length !== 1) found.push(`${headings.length} h1 (${headings.join(' | ')})`)
  const texts = await shownTexts(page)
  found.push(...textFindings(bilingual ? texts.filter((t) => !t.inCell) : texts, locale))
  found.push(...termFindings(texts, locale))
  return found
}

/**
 * Waits until the page is drawn and its data arrived: more than the breadcrumbs, no spinner, and
 * the same text twice in a row. (Not its h1: a page without one is a finding, not a wait.)
 */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('main > :not(nav)').first()).toBeVisible({ timeout: 20_000 })
  await expect(page.locator('main [role="progressbar"]')).toHaveCount(0, { timeout: 20_000 })
  let last = ''
  await expect
    .poll(
      async () => {
        const now = await page.locator('main').innerText()
        const same = now === last
        last = now
        return same
      },
      { intervals: [250], timeout: 10_000 },
    )
    .toBe(true)
}

/** Signs in (in Chinese, the sign-in helper's labels) and shows `locale`, switched as a user does. */
async function signInShowing(desktop: Desktop, locale: Locale): Promise<void> {
  const { page } = desktop
  await signInAsAdmin(desktop)
  if (locale === 'en') {
    await page.getByRole('button', { name: '切换语言' }).click()
    await page.getByRole('menuitemradio', { name: 'English' }).click()
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  }
}

for (const locale of ['zh-CN', 'en'] as const) {
  test(`every page of the menu at 1280×800 in ${locale}: nothing wider than the window, no raw key, no stray English, no console error, one h1`, async ({ desktop }) => {
    test.setTimeout(360_000)
    const { page } = desktop
    const errors: string[] = []
    page.on('console', (m) => void (m.type() === 'error' && errors.push(`console error: ${m.text().slice(0, 200)}`)))
    page.on('pageerror', (e) => errors.push(`page error: ${e.message.slice(0, 200)}`))
    await signInShowing(desktop, locale)
    await stockTheLists(desktop)
    const pages = pagesOf(await hubOk<MenuItem[]>(desktop, 'platform.menu.list', undefined))
    // Not a vacuous walk: the seeded menu's 56 pages, home included.
    expect(pages.length).toBeGreaterThanOrEqual(56)

    const nav = page.getByRole('navigation', { name: /主导航|Main navigation/ })
    const report: string[] = []
    for (const { path, item } of pages) {
      errors.length = 0
      // The leaf: a group of the same name ("Dashboards") comes before it.
      await nav.getByRole('treeitem', { name: menuName(item, locale), exact: true }).last().click()
      await expect(page).toHaveURL((url) => normalizePath(url.pathname) === path)
      await settled(page)
      const allowed = ALLOWED.filter((a) => a.pages.test(path))
      for (const finding of [...(await inspect(page, locale, BILINGUAL_DATA.has(path))), ...errors]) {
        if (!allowed.some((a) => a.finding.test(finding))) report.push(`${path} (${menuName(item, locale)}): ${finding}`)
      }
    }
    // One list of every page's findings: one run shows all that is left.
    expect(report).toEqual([])
  })
}

test.afterEach(async ({ desktop }) => {
  // The admin's language is kept by the hub for the next spec of this worker: back to Chinese.
  await desktop.handlers['hub.call']({ endpoint: 'platform.me.update', input: { preference: { locale: 'cn' } } }).catch(() => undefined)
})
