#!/usr/bin/env node
/**
 * Login route figures (foundation issue):
 *  - the JavaScript the login route loads (entry + its static imports), gzipped, against a
 *    budget of 350 KiB;
 *  - time from navigation to a usable login form, as a ratio against an empty Vite + React page
 *    measured in the same run (target ≤ 1.2×).
 */
import { build } from 'vite'
import react from '@vitejs/plugin-react'
import { chromium } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { join, resolve } from 'node:path'
import { serveDir } from './staticServer.mjs'

const root = resolve(import.meta.dirname, '..')
const consoleOut = join(root, 'out', 'renderer')
const baselineOut = join(root, '.tmp', 'bench', 'empty-react')
const RUNS = Number(process.env.BENCH_RUNS ?? 9)

await build({ configFile: join(root, 'vite.renderer.config.mts'), logLevel: 'warn' })
await build({ root: join(root, 'bench', 'empty-react'), base: '/', plugins: [react()], logLevel: 'warn', build: { outDir: baselineOut, emptyOutDir: true } })

// What index.html makes the browser fetch before the login form can render.
const html = readFileSync(join(consoleOut, 'index.html'), 'utf8')
const scripts = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1])
const gz = scripts.reduce((n, f) => n + gzipSync(readFileSync(join(consoleOut, f))).length, 0)
console.log(`login route JavaScript: ${(gz / 1024).toFixed(1)} KiB gzipped in ${scripts.length} files (budget 350 KiB) — ${gz / 1024 <= 350 ? 'within' : 'OVER'} budget`)

const consoleSite = await serveDir(consoleOut)
const baselineSite = await serveDir(baselineOut)
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
})

async function timeToReady(url, locator) {
  const context = await browser.newContext({ locale: 'zh-CN' })
  const page = await context.newPage()
  const start = Date.now()
  await page.goto(url)
  await locator(page).waitFor({ state: 'visible' })
  const ms = Date.now() - start
  await context.close()
  return ms
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

const base = []
const app = []
for (let i = 0; i < RUNS; i++) {
  // Alternate so that warm-up and machine noise fall on both sides.
  base.push(await timeToReady(`${baselineSite.url}/`, (p) => p.getByLabel('ready')))
  app.push(await timeToReady(`${consoleSite.url}/login`, (p) => p.locator('input[type="password"]')))
}
const ratio = median(app) / median(base)
console.log(`boot to usable login form: console ${median(app)} ms, empty Vite+React page ${median(base)} ms (medians of ${RUNS}) — ratio ${ratio.toFixed(2)}× (target ≤ 1.20×)`)
await browser.close()
consoleSite.close()
baselineSite.close()
