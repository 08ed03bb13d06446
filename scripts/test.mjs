#!/usr/bin/env node
/**
 * The whole test suite, as the README's second quick-start command (`npm test`) and CI run it:
 * unit + integration tests (vitest) and end-to-end tests (Playwright in Debian's Chromium),
 * inside a private D-Bus session with an unlocked gnome-keyring so the token vault is tested
 * against a real Secret Service. Ends with one line `N passed, N failed`.
 *
 * On a machine without Chromium or a Secret Service the runner names what is missing and how to
 * install it; with CI=true that is a failure, otherwise those parts are skipped.
 *
 * `--only vitest` / `--only e2e` runs one part (the stress run, scripts/test-stress.mjs, uses it);
 * further arguments are file filters handed to vitest / Playwright. Without --only, a path picks
 * its part (`npm test -- tests/integration/alarms` runs vitest on that folder, nothing else).
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')
const ci = process.env.CI === 'true'
const reports = join(root, 'reports')
const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1

const args = process.argv.slice(2).filter((a) => a !== '--inner')
const onlyAt = args.indexOf('--only')
const only = onlyAt >= 0 ? args[onlyAt + 1] : undefined
if (only !== undefined && only !== 'vitest' && only !== 'e2e') {
  console.error(`--only takes vitest or e2e, not ${only}`)
  process.exit(2)
}
const filters = args.filter((_, i) => onlyAt < 0 || (i !== onlyAt && i !== onlyAt + 1))
// `npm test -- <path>` runs one area's tests: a path under tests/e2e (or a *.spec.ts) goes to
// Playwright, any other path to vitest, and a part no path names does not run (Playwright given a
// vitest path finds no test and fails). Options (-t …) go to every part that runs.
const isOption = (a) => a.startsWith('-')
const isE2ePath = (a) => /(^|\/)tests\/e2e(\/|$)/.test(a.replaceAll('\\', '/')) || a.endsWith('.spec.ts')
const paths = filters.filter((a) => !isOption(a))
// With --only, every filter goes to that one part, as given.
const filtersFor = {
  vitest: only ? filters : filters.filter((a) => isOption(a) || !isE2ePath(a)),
  e2e: only ? filters : filters.filter((a) => isOption(a) || isE2ePath(a)),
}
const named = (part) => paths.length === 0 || paths.some((a) => isE2ePath(a) === (part === 'e2e'))
const wants = (part) => (only === undefined ? named(part) : only === part)

if (!process.argv.includes('--inner')) {
  const missing = []
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  if (!existsSync(chromium)) missing.push(['Chromium (end-to-end tests)', 'apt-get install -y chromium fonts-noto-cjk'])
  const keyring = has('dbus-run-session') && has('gnome-keyring-daemon')
  if (!keyring) missing.push(['a Secret Service (keychain tests)', 'apt-get install -y --no-install-recommends gnome-keyring dbus'])
  for (const [what, how] of missing) console.error(`missing: ${what} — install with: ${how}`)
  if (missing.length && ci) {
    console.error('CI=true: missing system packages are a failure, not a skip.')
    console.log('0 passed, 1 failed')
    process.exit(1)
  }
  const env = {
    DH_SKIP_E2E: existsSync(chromium) ? '' : 'chromium',
    DH_SKIP_KEYRING: keyring ? '' : 'gnome-keyring/dbus',
  }
  if (!keyring) process.exit(run(process.execPath, [...process.argv.slice(1), '--inner'], env))
  // A keyring of our own under .tmp, unlocked with a throw-away password (stack.md recipe).
  const kr = join(root, '.tmp', 'kr')
  rmSync(kr, { recursive: true, force: true })
  mkdirSync(join(kr, 'data'), { recursive: true })
  mkdirSync(join(kr, 'run'), { recursive: true, mode: 0o700 })
  // The arguments reach the inner runner as bash's "$@": no shell quoting to get wrong.
  const inner = `eval "$(printf pw | gnome-keyring-daemon --unlock --components=secrets)" >/dev/null; exec "${process.execPath}" scripts/test.mjs --inner "$@"`
  process.exit(
    run('dbus-run-session', ['--', 'bash', '-c', inner, 'bash', ...args], {
      ...env,
      XDG_DATA_HOME: join(kr, 'data'),
      XDG_RUNTIME_DIR: join(kr, 'run'),
    }),
  )
}

// --- inside the session ----------------------------------------------------------------------
rmSync(reports, { recursive: true, force: true })
mkdirSync(reports, { recursive: true })
let passed = 0
let failed = 0
let skipped = 0
let broken = false

/** Wall time of each part, printed at the end: where the suite's time goes. */
const timings = []
const suiteStart = Date.now()
const timed = (name, work) => {
  const start = Date.now()
  const result = work()
  timings.push([name, (Date.now() - start) / 1000])
  return result
}

/**
 * A part run beside others: its output is held and printed in one piece when it ends, so parts
 * running at once do not interleave their lines. Resolves to its exit status.
 */
const runHeld = (name, cmd, args) =>
  new Promise((done) => {
    const start = Date.now()
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: process.env })
    const output = []
    child.stdout.on('data', (chunk) => output.push(chunk))
    child.stderr.on('data', (chunk) => output.push(chunk))
    child.on('close', (status) => {
      timings.push([name, (Date.now() - start) / 1000])
      const text = Buffer.concat(output).toString()
      if (text.trim()) process.stdout.write(`--- ${name} ---\n${text}${text.endsWith('\n') ? '' : '\n'}`)
      done(status ?? 1)
    })
  })

const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    return null
  }
}

// 0. Static checks and the build, at once: each is one process on one core and none reads what
// another writes (tsc -b writes .tmp/tsc, electron-vite writes out/, eslint writes nothing).
// 0a. each runtime type-checked with its own tsconfig, and the import zones;
// 0b. the app's one build (`npm run build`): the packaging check packs it and the end-to-end
// tests serve its renderer, so what is tested is what ships.
// They finish before vitest starts: run beside vitest on two cores they made the whole run
// slower (a clean-clone run: typecheck 200 s, vitest 803 s, total 1536 s, against 86 s, 570 s and
// 1307 s with them before it). A run of one area (`npm test -- <path>`) runs its tests only.
const staticChecks = only === undefined && paths.length === 0 ? [['typecheck', 'npm', ['run', '--silent', 'typecheck']], ['lint', 'npx', ['eslint', '.']]] : []
const [built, ...checks] = await Promise.all([
  runHeld('build', 'npx', ['electron-vite', 'build', '--logLevel', 'warn']).then((status) => status === 0),
  ...staticChecks.map(([name, cmd, cmdArgs]) => runHeld(name, cmd, cmdArgs).then((status) => [name, status])),
])
for (const [name, status] of checks) {
  if (status === 0) passed += 1
  else {
    console.error(`${name} failed`)
    failed += 1
  }
}
if (built) passed += 1
else {
  console.error('npm run build failed')
  failed += 1
}

// 1. Unit and integration tests.
let vitest = null
if (wants('vitest')) {
  const vitestStatus = timed('vitest', () =>
    run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${join(reports, 'vitest.json')}`, ...filtersFor.vitest], { DH_PACKAGING_PREBUILT: built ? '1' : '' }),
  )
  vitest = readJson(join(reports, 'vitest.json'))
  const before = failed
  if (vitest) {
    passed += vitest.numPassedTests
    failed += vitest.numFailedTests
    skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0)
    // A suite that failed to load counts as a failure even though none of its tests ran.
    failed += vitest.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length
  }
  if (!vitest || (vitestStatus !== 0 && failed === before)) broken = true
}

// 2. End to end: the built renderer in Chromium, the real main-process handlers, a real hub.
if (wants('e2e') && process.env.DH_SKIP_E2E) {
  console.error(`end-to-end tests skipped: ${process.env.DH_SKIP_E2E} is missing`)
} else if (wants('e2e') && !built) {
  console.error('end-to-end tests not run: the build failed')
} else if (wants('e2e')) {
  const pwStatus = timed('e2e', () => run('npx', ['playwright', 'test', ...filtersFor.e2e], { PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'playwright.json') }))
  const pw = readJson(join(reports, 'playwright.json'))
  if (pw) {
    passed += pw.stats.expected + (pw.stats.flaky ?? 0)
    failed += pw.stats.unexpected
    skipped += pw.stats.skipped
    if (pw.errors?.length) failed += pw.errors.length
  }
  if (!pw || (pwStatus !== 0 && pw.stats.unexpected === 0 && !pw.errors?.length)) broken = true
}

// Where the time went: each part, and within vitest the test files that took longest.
const slowest = (vitest?.testResults ?? [])
  .map((f) => [relative(root, f.name), (f.endTime - f.startTime) / 1000])
  .sort((a, b) => b[1] - a[1])
  .slice(0, 8)
console.log(`timings: ${timings.map(([n, s]) => `${n} ${s.toFixed(0)} s`).join(', ')}; total ${((Date.now() - suiteStart) / 1000).toFixed(0)} s (wall)`)
if (slowest.length) console.log(`slowest vitest files: ${slowest.map(([f, s]) => `${f} ${s.toFixed(0)} s`).join(', ')}`)

if (broken && failed === 0) failed = 1
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed > 0 ? 1 : 0)
