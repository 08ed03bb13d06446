/**
 * Home render figures (issue 16): the home overview (OpsOverview.tsx's Overview, drawn from a
 * fixed answer of 200 topic cards and the three series, bench/home-render/) built with Vite as
 * the console builds it, opened in Chromium with its chart and without, alternately in the same
 * run. Times navigation to the page drawn — without the chart: the figures and the cards; with
 * it: also the chart's lines, which includes loading its lazily imported charting chunk — and
 * prints both medians and their ratio against the target of 1.3×.
 *
 *   node --import tsx bench/homeRender.bench.ts        (BENCH_RUNS=N to change the run count)
 */
import { join, resolve } from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { homeAnswer } from './home-render/answer'
// @ts-expect-error the static server is a plain .mjs module shared with the login-route bench
import { serveDir } from './staticServer.mjs'

const root = resolve(__dirname, '..')
const out = join(root, '.tmp', 'bench', 'home-render')
const RUNS = Number(process.env.BENCH_RUNS ?? 9)
const TARGET = 1.3

async function main(): Promise<void> {
  // Vite as an ES module (as the login-route bench loads it): its CommonJS entry does not resolve its own client files.
  const { build } = await import('vite')
  const { default: react } = await import('@vitejs/plugin-react')
  await build({ root: join(root, 'bench', 'home-render'), base: '/', plugins: [react()], logLevel: 'warn', build: { outDir: out, emptyOutDir: true, minify: true } })
  const site = (await serveDir(out)) as { url: string; close: () => void }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })

  /** Navigation to the page drawn: the last card always, the chart's lines when it has them. */
  async function timeToDrawn(charts: boolean): Promise<number> {
    const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 800 } })
    const page: Page = await context.newPage()
    const start = Date.now()
    await page.goto(`${site.url}/?charts=${charts ? 1 : 0}`, { waitUntil: 'commit' })
    await page.getByTestId('home-total-received').waitFor({ state: 'visible' })
    await page.getByText('Home topic 199', { exact: true }).waitFor({ state: 'attached' })
    if (charts) {
      // Drawn: its legend and every point of the four lines (the hour's buckets; the chart draws a point per bucket after the first).
      await page.waitForFunction((points) => {
        const chart = document.querySelector('[data-testid="home-chart"]')
        return chart !== null && chart.querySelectorAll('button').length >= 4 && chart.querySelectorAll('svg path[id^="circle_"]').length >= points
      }, LINES * (homeAnswer().series.hour.length - 1), { polling: 'raf' })
    }
    const ms = Date.now() - start
    await context.close()
    return ms
  }

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
  await timeToDrawn(false)
  await timeToDrawn(true)
  const without: number[] = []
  const withCharts: number[] = []
  for (let i = 0; i < RUNS; i++) {
    // Alternate so that warm-up and machine noise fall on both sides.
    without.push(await timeToDrawn(false))
    withCharts.push(await timeToDrawn(true))
  }
  const ratio = median(withCharts) / median(without)
  console.log(
    `home page render (200 topic cards, Chromium): with its chart ${median(withCharts)} ms, without ${median(without)} ms (medians of ${RUNS}) — ` +
      `ratio ${ratio.toFixed(2)}× (target ≤ ${TARGET.toFixed(2)}×) — ${ratio <= TARGET ? 'within' : 'OVER'} target`,
  )
  await browser.close()
  site.close()
}

/** The chart's lines: received, delivered, failed, retrying. */
const LINES = 4

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
