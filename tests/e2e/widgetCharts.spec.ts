import { randomBytes } from 'node:crypto'
import { CHART_PALETTE_TOKENS } from '../../src/renderer/pages/dashboard/chartPalette'
import { colourCensus } from './chartPixels'
import type { Page } from '@playwright/test'
import { test, expect, type Desktop } from './harness'
import { openFromMenu } from './navigation'
import { signInAsAdmin } from './signIn'

/**
 * Every chart type of the widget editor drawn in the theme's colours, light and dark (issue 33,
 * item 4: pies drew black slices with empty legend swatches and a clipped second title). The
 * check is on pixels: a screenshot of each preview must hold clearly coloured pixels of several
 * hues, each legend swatch must be coloured, and the slices' fills must be the active theme's own
 * palette values. A saved pie is then placed on a dashboard, where its title shows once.
 */
test.use({ viewport: { width: 1280, height: 800 } })

// Five regions, three numeric columns: three lines, five bars, five slices, a few histogram bins.
const DATA = JSON.stringify([
  { region: 'north', amount: 7, orders: 3, returns: 1 },
  { region: 'south', amount: 5, orders: 6, returns: 2 },
  { region: 'east', amount: 3, orders: 2, returns: 4 },
  { region: 'west', amount: 9, orders: 5, returns: 3 },
  { region: 'centre', amount: 4, orders: 7, returns: 5 },
])
/** Chart type → the fewest distinct hues its preview must show. */
const CHARTS = { line: 3, bar: 3, pie: 3, histogram: 1 } as const

/** The palette tokens' values in the console's provider, as the browser writes a fill (rgb(r, g, b)). */
const paletteFills = (desktop: Desktop) =>
  desktop.page.evaluate((names) => {
    const probe = document.createElement('span')
    document.querySelector('.fui-FluentProvider')!.appendChild(probe)
    const fills = names.map((n) => ((probe.style.color = `var(--${n})`), getComputedStyle(probe).color))
    probe.remove()
    return fills
  }, [...CHART_PALETTE_TOKENS])

test('each chart type of the widget editor draws in the theme colours, light and dark, and a pie tile names itself once', async ({ desktop }) => {
  test.setTimeout(180_000)
  const { page } = desktop
  const suffix = randomBytes(4).toString('hex')
  await signInAsAdmin(desktop)
  await openFromMenu(page, ['仪表盘', '部件'])
  await page.getByRole('button', { name: '新建部件' }).click()
  const editor = page.getByRole('dialog', { name: '新建部件' })
  const title = `Regions ${suffix}`
  await editor.getByLabel('标题').fill(title)
  await editor.getByLabel('数据类型').selectOption('json')
  await editor.getByLabel('JSON 数据').fill(DATA)
  const preview = editor.getByRole('region', { name: '预览结果' })

  const lightFills = await paletteFills(desktop)
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    // The console re-renders in the other theme after the media query's change event: wait for it
    // (a loaded CI run read the palette before it had).
    if (scheme === 'dark') await expect.poll(() => paletteFills(desktop)).not.toEqual(lightFills)
    const fills = await paletteFills(desktop)
    for (const [chartType, hues] of Object.entries(CHARTS)) {
      await test.step(`${chartType}, ${scheme}`, async () => {
        await editor.getByLabel('图表类型').selectOption(chartType)
        await editor.getByRole('button', { name: '预览' }).click()
        // The preview holds only the chart: the whole region is what is read.
        const chart = preview
        await expect(chart.getByRole('figure', { name: title }).locator('svg').first()).toBeVisible()
        await settle(page)
        const census = await colourCensus(page, chart)
        expect(Object.keys(census.hues).length, `${chartType} (${scheme}) hues: ${JSON.stringify(census.hues)}`).toBeGreaterThanOrEqual(hues)
        // Every legend swatch is coloured.
        const legends = chart.locator('button[role="option"]')
        for (let i = 0; i < (await legends.count()); i++) expect((await colourCensus(page, legends.nth(i), 4)).coloured, `legend ${i} of the ${chartType}`).toBeGreaterThan(4)
        if (chartType === 'pie') {
          await expect(legends).toHaveCount(5)
          const drawn = await chart.locator('svg path[id]').evaluateAll((paths) => paths.map((p) => getComputedStyle(p).fill))
          expect(drawn.length).toBe(5)
          for (const fill of drawn) expect(fills).toContain(fill)
          // The editor's title field names the widget; the pie does not draw it again.
          await expect(preview.getByText(title)).toHaveCount(0)
        }
      })
    }
  }

  await editor.getByLabel('图表类型').selectOption('pie')
  await editor.getByRole('button', { name: '保存' }).click()
  await expect(editor).toBeHidden()

  await openFromMenu(page, ['仪表盘', '仪表盘管理'])
  await page.getByRole('button', { name: '新建仪表盘' }).click()
  const settings = page.getByRole('dialog', { name: '新建仪表盘' })
  const boardTitle = `Charts ${suffix}`
  await settings.getByLabel('标题').fill(boardTitle)
  await settings.getByRole('button', { name: '确定' }).click()
  const board = page.getByRole('region', { name: boardTitle })
  await board.getByRole('button', { name: '编辑' }).click()
  await board.getByLabel('选择要添加的部件').selectOption({ label: title })
  await board.getByRole('button', { name: '添加部件' }).click()
  const tile = board.getByRole('region', { name: title })
  const chart = tile.getByRole('figure', { name: title })
  await expect(chart.locator('svg').first()).toBeVisible()
  await settle(page)
  expect(Object.keys((await colourCensus(page, chart)).hues).length).toBeGreaterThanOrEqual(3)
  await expect(tile.getByText(title, { exact: true })).toHaveCount(1)
  await page.emulateMedia({ colorScheme: 'light' })
})

/** No pointer or focus on the chart (its hover card would cover a legend), and its entry animation over. */
async function settle(page: Page): Promise<void> {
  await page.mouse.move(0, 0)
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await page.waitForTimeout(800)
}
