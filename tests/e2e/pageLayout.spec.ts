import { ensureApplication } from './applications'
import { test, expect } from './harness'
import { hubOk } from './hubSetUp'
import { boxOverlaps, cutTexts, shownWhole, sidewaysScroll } from './layoutProbe'
import { signInAsAdmin } from './signIn'

/**
 * Issue 33, item 12: the console at 1280×800 in English, where the words are longest. Lists whose
 * columns pass under the sticky actions show a sideways scrollbar on screen (not only below the
 * fold); the alert records' filter fields do not run under each other; the page-size choice and
 * the column titles are not cut; the home chart's last axis label is drawn whole.
 */
test.use({ viewport: { width: 1280, height: 800 } })

test('at 1280×800 in English: hidden columns can be scrolled to, filters and titles are whole', async ({ desktop }) => {
  test.slow()
  const { page } = desktop
  await signInAsAdmin(desktop)
  await page.getByRole('button', { name: '切换语言' }).click()
  await page.getByRole('menuitemradio', { name: 'English' }).click()
  // Enough rows that a table's own bottom edge is below the fold.
  await ensureApplication(desktop, 'erp')
  const stamp = Date.now().toString(36)
  for (let i = 0; i < 18; i++) {
    await hubOk(desktop, 'datahub.datasource.create', { name: `lay_${stamp}_${i}`, sourceType: '1', dbType: 'postgresql', applicationCode: 'erp', host: '127.0.0.1', port: '1', databaseName: 'x', username: 'x', timeout: '2' })
    await hubOk(desktop, 'platform.employee.create', { username: `lay${stamp}${i}`.slice(0, 20), nickName: `Layout ${i}`, password: 'Lay#Pass12' })
  }

  let hiddenSomewhere = false
  for (const [path, name] of [
    ['/datahub/datasource', 'Data sources list'],
    ['/platform/user', 'Users list'],
    ['/message/notification', 'Notifications'],
  ] as const) {
    await desktop.open(path)
    const table = page.getByRole('table').first()
    await expect(table.getByRole('row').first()).toBeVisible({ timeout: 20_000 })
    const scroll = await sidewaysScroll(table)
    hiddenSomewhere ||= scroll.hidden
    if (scroll.hidden) {
      expect(scroll.barInView, `${path} (${name}): columns hidden under the actions, no sideways scrollbar on screen`).toBe(true)
      // The bar on screen scrolls the table: moved to its end, the last column comes out from under the actions.
      const bar = page.locator('[data-testid="sticky-scrollbar"]')
      await expect(bar, `${path}: a sideways scrollbar kept on screen`).toHaveCount(1)
      await bar.evaluate((b) => (b.scrollLeft = b.scrollWidth))
      await expect.poll(() => table.evaluate((t) => t.parentElement!.scrollLeft + t.parentElement!.clientWidth >= t.parentElement!.scrollWidth - 1), `${path}: scrolled by the bar`).toBe(true)
    }
    expect.soft(await cutTexts(table.getByRole('row').first()), `${path}: column titles cut`).toEqual([])
    const pager = page.getByRole('navigation', { name: /pag/i })
    if (await pager.count()) expect.soft(await cutTexts(pager), `${path}: pagination cut`).toEqual([])
  }

  // Not a vacuous walk: at 1280 px in English at least one of these lists is wider than its panel (the users').
  expect(hiddenSomewhere).toBe(true)

  // The alert records' filter: state, rule and object type side by side, none under another.
  await desktop.open('/alert/record')
  const search = page.getByRole('search')
  await expect(search).toBeVisible({ timeout: 20_000 })
  expect.soft(await boxOverlaps(search.locator('select')), 'alert record filters').toEqual([])
  expect.soft(await cutTexts(search), 'alert record filters cut').toEqual([])
  const incidents = page.getByRole('table').first()
  await expect(incidents).toBeVisible()
  expect.soft(await cutTexts(incidents.getByRole('row').first()), 'alert record column titles').toEqual([])

  // Home: the chart's axis labels are drawn whole, the last one included.
  await desktop.open('/')
  const chart = page.getByTestId('home-chart')
  await expect(chart.locator('svg').first()).toBeVisible({ timeout: 20_000 })
  await chart.scrollIntoViewIfNeeded()
  const ticks = chart.locator('svg .tick text')
  await expect(ticks.first()).toBeVisible()
  for (let i = 0; i < (await ticks.count()); i++) expect.soft(await shownWhole(ticks.nth(i)), `home chart axis label ${await ticks.nth(i).textContent()}`).toBe(true)
})
