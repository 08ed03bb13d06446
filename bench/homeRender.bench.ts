/**
 * Home render figures (issue 16): the home page with its chart against the same page without it,
 * alternately in the same run, in Chromium. Times navigation to the page drawn — without the
 * chart: the figures and the last of the 200 topic cards; with it: also the chart's lines, which
 * includes loading its lazily imported charting chunk. Two pages, each measured this way:
 *
 * - the console's home page (the target's figure): the console itself (src/renderer/boot.tsx:
 *   providers, shell, menus, routes), signed in through the renderer tests' fake desktop bridge,
 *   on its home page with a fixed answer of 200 topic cards and the three series
 *   (bench/home-render/console/). Built twice with Vite: as the console is, and with the chart
 *   component replaced by one that draws nothing (console/NoChart.tsx). The shell has already
 *   loaded Fluent's menus, buttons, popovers and tooltips when the home page draws, so the
 *   chart's chunk carries only the charting code — as in the app (`npm run build`).
 * - the overview section alone (OpsOverview.tsx's Overview in Fluent's provider,
 *   bench/home-render/main.tsx), for comparison: there the chart's chunk also carries the Fluent
 *   components the section does not use itself, so its ratio is the chart's cost at its worst.
 *
 * Prints both medians and their ratio for each, against the target of 1.3× for the console's page.
 *
 *   node --import tsx bench/homeRender.bench.ts        (BENCH_RUNS=N to change the run count)
 */
import { dirname, join, resolve } from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { homeAnswer } from './home-render/answer'
// @ts-expect-error the static server is a plain .mjs module shared with the login-route bench
import { serveDir } from './staticServer.mjs'

const root = resolve(__dirname, '..')
const out = join(root, '.tmp', 'bench', 'home-render')
const RUNS = Number(process.env.BENCH_RUNS ?? 9)
const TARGET = 1.3
const HOME_CHART = join(root, 'src', 'renderer', 'pages', 'home', 'ops', 'HomeChart.tsx')

async function main(): Promise<void> {
  // Vite as an ES module (as the login-route bench loads it): its CommonJS entry does not resolve its own client files.
  const { build } = await import('vite')
  const { default: react } = await import('@vitejs/plugin-react')
  const page = join(root, 'bench', 'home-render')
  /** One build of a page into its own folder; `noChart` replaces the home chart by NoChart.tsx. */
  const built = async (pageRoot: string, name: string, noChart = false) => {
    const dir = join(out, name)
    const swap = { name: 'bench:no-chart', enforce: 'pre' as const, resolveId: (id: string, importer?: string) => (noChart && importer && resolve(dirname(importer), id).replace(/\.tsx$/, '') === HOME_CHART.replace(/\.tsx$/, '') ? join(page, 'console', 'NoChart.tsx') : null) }
    await build({ root: pageRoot, base: '/', plugins: [swap, react()], logLevel: 'warn', build: { outDir: dir, emptyOutDir: true, minify: true, chunkSizeWarningLimit: 5000 } })
    return (await serveDir(dir)) as { url: string; close: () => void }
  }
  const consoleWith = await built(join(page, 'console'), 'console-chart')
  const consoleWithout = await built(join(page, 'console'), 'console-no-chart', true)
  const overview = await built(page, 'overview')
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })

  /** Navigation to the page drawn: the last card always, the chart's lines when it has them. */
  async function timeToDrawn(url: string, charts: boolean): Promise<number> {
    const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 800 } })
    const page: Page = await context.newPage()
    const start = Date.now()
    await page.goto(url, { waitUntil: 'commit' })
    await page.getByTestId('home-total-received').waitFor({ state: 'visible' })
    await page.getByText('Home topic 199', { exact: true }).waitFor({ state: 'attached' })
    if (charts) {
      // Drawn: its legend and every point of the four lines (the hour's buckets; the chart draws a point per bucket after the first).
      await page.waitForFunction((points) => {
        const chart = document.querySelector('[data-testid="home-chart"]')
        return chart !== null && chart.querySelectorAll('button').length >= 4 && chart.querySelectorAll('svg path[id^="circle_"]').length >= points
      }, LINES * (homeAnswer().series.hour.length - 1), { polling: 'raf' })
    } else if (await page.getByTestId('home-chart').count()) throw new Error(`${url} drew a chart`)
    const ms = Date.now() - start
    await context.close()
    return ms
  }

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
  /** Medians of both pages of a pair, measured alternately so that warm-up and machine noise fall on both sides. */
  async function pair(withUrl: string, withoutUrl: string): Promise<{ withMs: number; withoutMs: number; ratio: number }> {
    await timeToDrawn(withoutUrl, false)
    await timeToDrawn(withUrl, true)
    const without: number[] = []
    const withCharts: number[] = []
    for (let i = 0; i < RUNS; i++) {
      without.push(await timeToDrawn(withoutUrl, false))
      withCharts.push(await timeToDrawn(withUrl, true))
    }
    return { withMs: median(withCharts), withoutMs: median(without), ratio: median(withCharts) / median(without) }
  }

  const inConsole = await pair(`${consoleWith.url}/`, `${consoleWithout.url}/`)
  const alone = await pair(`${overview.url}/?charts=1`, `${overview.url}/?charts=0`)
  console.log(
    `home page render in the console (shell, menus, 200 topic cards; Chromium): with its chart ${inConsole.withMs} ms, without ${inConsole.withoutMs} ms (medians of ${RUNS}) — ` +
      `ratio ${inConsole.ratio.toFixed(2)}× (target ≤ ${TARGET.toFixed(2)}×) — ${inConsole.ratio <= TARGET ? 'within' : 'OVER'} target`,
  )
  console.log(
    `the overview section alone (for comparison; its chart chunk also carries Fluent parts the shell would have loaded): with its chart ${alone.withMs} ms, without ${alone.withoutMs} ms — ratio ${alone.ratio.toFixed(2)}×`,
  )
  await browser.close()
  for (const site of [consoleWith, consoleWithout, overview]) site.close()
}

/** The chart's lines: received, delivered, failed, retrying. */
const LINES = 4

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
