#!/usr/bin/env node
/**
 * Login route figures (foundation issue):
 *  - the JavaScript the login route loads (login-shell.js, the entry, the boot chunk it imports
 *    after the first frame and everything that chunk imports statically), gzipped, against a
 *    budget of 200 KiB (issue 36);
 *  - time from navigation to a usable login form, as a ratio against an empty Vite + React page
 *    measured in the same run (target ≤ 1.2×). The first usable form is the login shell
 *    (index.html + public/login-shell.js: typing and Enter work and carry over to the console,
 *    tests/e2e/loginShell.spec.ts); for context the time until the console's own form has taken
 *    over is printed too.
 */
import { build } from 'vite'
import react from '@vitejs/plugin-react'
import { chromium } from '@playwright/test'
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { join, resolve } from 'node:path'
import { serveDir } from './staticServer.mjs'

const root = resolve(import.meta.dirname, '..')
const consoleOut = join(root, 'out', 'renderer')
const baselineOut = join(root, '.tmp', 'bench', 'empty-react')
const RUNS = Number(process.env.BENCH_RUNS ?? 9)

// With a manifest: the login route's JavaScript is the entry plus the boot chunk it imports after
// the first frame (src/renderer/main.tsx) and that chunk's static imports.
// The app's own build (`npm run build`), as it ships, with a manifest of its chunks.
const appBuild = spawnSync('npx', ['electron-vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit', env: { ...process.env, DH_RENDERER_MANIFEST: '1' } })
if (appBuild.status !== 0) throw new Error('npm run build failed')
await build({ root: join(root, 'bench', 'empty-react'), base: '/', plugins: [react()], logLevel: 'warn', build: { outDir: baselineOut, emptyOutDir: true } })

// What index.html makes the browser fetch before the login form can render.
const html = readFileSync(join(consoleOut, 'index.html'), 'utf8')
const manifest = JSON.parse(readFileSync(join(consoleOut, '.vite', 'manifest.json'), 'utf8'))
const closure = (key, seen = new Set()) => {
  if (seen.has(key) || !manifest[key]) return seen
  seen.add(key)
  for (const dep of manifest[key].imports ?? []) closure(dep, seen)
  return seen
}
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry)
// boot.tsx's chunk is named 'boot' (scripts/loginRouteChunk.ts puts the login route in it).
const bootKey = (manifest[entryKey].dynamicImports ?? []).find((k) => k.endsWith('boot.tsx') || manifest[k].name === 'boot')
if (!bootKey) throw new Error('no boot chunk among the entry\'s dynamic imports: the figure would leave the login route out')
const chain = new Set([...closure(entryKey), ...(bootKey ? closure(bootKey) : [])])
const scripts = [
  ...[...html.matchAll(/<script[^>]*src="\/?([^"]+\.js)"/g)].map((m) => m[1]).filter((f) => !f.startsWith('assets/')),
  ...[...chain].map((k) => manifest[k].file),
]
const gz = scripts.reduce((n, f) => n + gzipSync(readFileSync(join(consoleOut, f))).length, 0)
console.log(`login route JavaScript: ${(gz / 1024).toFixed(1)} KiB gzipped in ${scripts.length} files (budget 200 KiB, issue 36) — ${gz / 1024 <= 200 ? 'within' : 'OVER'} budget`)

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
  // 'commit': the clock stops when the form is usable, not when every script has loaded.
  await page.goto(url, { waitUntil: 'commit' })
  await locator(page).waitFor({ state: 'visible' })
  const ms = Date.now() - start
  await context.close()
  return ms
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

const base = []
const app = []
const takeover = []
for (let i = 0; i < RUNS; i++) {
  // Alternate so that warm-up and machine noise fall on both sides.
  base.push(await timeToReady(`${baselineSite.url}/`, (p) => p.getByLabel('ready')))
  app.push(await timeToReady(`${consoleSite.url}/login`, (p) => p.locator('input[type="password"]').first()))
  takeover.push(await timeToReady(`${consoleSite.url}/login`, (p) => p.locator('#root input[type="password"]')))
}
const ratio = median(app) / median(base)
console.log(`boot to usable login form: console ${median(app)} ms, empty Vite+React page ${median(base)} ms (medians of ${RUNS}) — ratio ${ratio.toFixed(2)}× (target ≤ 1.20×) — ${ratio <= 1.2 ? 'within' : 'OVER'} target`)
console.log(`  context: the console's own (React) login form has taken over after ${median(takeover)} ms (${(median(takeover) / median(base)).toFixed(2)}× the empty page)`)
await browser.close()
consoleSite.close()
baselineSite.close()
