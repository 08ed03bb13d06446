#!/usr/bin/env node
/**
 * The test suite on a busy machine (issue 20): a test that passes only when the CPU is idle fails
 * CI on a timing accident. Each run keeps the cores busy with spinning processes while vitest
 * runs, then runs the end-to-end suite twice; every part runs through scripts/test.mjs (its
 * private D-Bus session and keyring included), so what passes here is what `npm test` runs.
 *
 *   npm run test:stress                      # one run: vitest beside 2 spinners, e2e twice
 *   npm run test:stress -- --runs 3          # three runs in a row
 *   npm run test:stress -- src/renderer      # vitest on a path only
 *   npm run test:stress -- --no-e2e --spinners 3 src/renderer
 *
 * Prints `stress vitest: N passed, N failed` (and `stress e2e …`) per part and ends with the
 * totals as `N passed, N failed`; exits non-zero when anything failed.
 */
import { spawn } from 'node:child_process'
import { resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')
const argv = process.argv.slice(2)
const option = (name, fallback) => {
  const at = argv.indexOf(name)
  if (at < 0) return fallback
  const value = Number(argv[at + 1])
  if (!Number.isInteger(value) || value < 0) {
    console.error(`${name} takes a whole number`)
    process.exit(2)
  }
  argv.splice(at, 2)
  return value
}
const runs = option('--runs', 1)
const spinners = option('--spinners', 2)
const e2eRuns = argv.includes('--no-e2e') ? 0 : option('--e2e', 2)
const filters = argv.filter((a) => a !== '--no-e2e')

/** One part through scripts/test.mjs; its output passes through, its last summary line counts. */
function part(only, extra) {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['scripts/test.mjs', '--only', only, ...extra], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] })
    let summary = null
    let tail = ''
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk)
      tail += chunk.toString()
      const lines = tail.split('\n')
      tail = lines.pop() ?? ''
      for (const line of lines) {
        const m = /^(\d+) passed, (\d+) failed/.exec(line)
        if (m) summary = { passed: Number(m[1]), failed: Number(m[2]) }
      }
    })
    // No summary line (the runner crashed): one failure, not a silent pass.
    child.on('close', (status) => done(summary ?? { passed: 0, failed: Math.max(1, status ?? 1) }))
  })
}

/** CPU hogs beside the tests, as other jobs on a shared CI machine are. */
function spin(n) {
  return Array.from({ length: n }, () => spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }))
}

const total = { passed: 0, failed: 0 }
const lines = []
const report = (label, r) => {
  total.passed += r.passed
  total.failed += r.failed
  const line = `stress ${label}: ${r.passed} passed, ${r.failed} failed`
  lines.push(line)
  console.log(line)
}

const children = new Set()
const stopAll = () => children.forEach((c) => c.kill('SIGKILL'))
process.on('SIGINT', () => (stopAll(), process.exit(130)))
process.on('SIGTERM', () => (stopAll(), process.exit(143)))

for (let i = 1; i <= runs; i++) {
  const of = runs > 1 ? ` (run ${i}/${runs})` : ''
  const hogs = spin(spinners)
  hogs.forEach((h) => children.add(h))
  const vitest = await part('vitest', filters)
  for (const h of hogs) {
    h.kill('SIGKILL')
    children.delete(h)
  }
  report(`vitest${of} beside ${spinners} spinners`, vitest)
  for (let k = 1; k <= e2eRuns; k++) report(`e2e${of} ${k}/${e2eRuns}`, await part('e2e', []))
}

// All parts together at the end: the vitest lines are far above by then.
if (lines.length > 1) console.log(`\nsummary:\n${lines.join('\n')}`)
console.log(`${total.passed} passed, ${total.failed} failed`)
process.exit(total.failed > 0 ? 1 : 0)
