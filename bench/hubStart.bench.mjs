#!/usr/bin/env node
/**
 * How soon the standalone hub answers (issue 38): the built JavaScript (`node out/main/hub.js`,
 * from `npm run build`) against the source through tsx (`npm run hub`), taken in turn in this
 * process so a shared machine's noise falls on both. Each start is timed from spawn to the first
 * answer of GET /api/health, on a new data folder (migrations and the first admin) and again on
 * that folder (what a restarted service does). Target: the built hub listening in ≤ 1 s.
 *
 *   npm run build && npm run bench -- hubStart        # BENCH_RUNS=5 by default
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')
const built = join(root, 'out/main/hub.js')
if (!existsSync(built)) {
  console.error('out/main/hub.js is missing: run `npm run build` first')
  process.exit(2)
}
const runs = Number(process.env.BENCH_RUNS ?? 5)
// The built hub runs from another folder, as a service does; tsx is found from the repository.
const ways = {
  built: { args: [built], cwd: tmpdir() },
  source: { args: ['--import', 'tsx', join(root, 'src/hub/cli.ts')], cwd: root },
}

const freePort = () =>
  new Promise((done) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address()
      s.close(() => done(port))
    })
  })

/** Milliseconds from spawn to the first health answer; the hub is stopped afterwards. */
async function start({ args, cwd }, dataDir) {
  const port = await freePort()
  const began = performance.now()
  const child = spawn(process.execPath, [...args, '--port', String(port), '--data-dir', dataDir], { cwd, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, HUB_ADMIN_PASSWORD: 'Bench#Pass1' } })
  let stderr = ''
  child.stderr.on('data', (c) => (stderr += c))
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the hub exited (${child.exitCode}): ${stderr.trim()}`)
      const answered = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false)
      if (answered) return performance.now() - began
      if (performance.now() - began > 60_000) throw new Error('no answer in 60 s')
      await new Promise((r) => setTimeout(r, 10))
    }
  } finally {
    child.kill('SIGTERM')
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)))
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const times = { built: { fresh: [], again: [] }, source: { fresh: [], again: [] } }
for (let i = 0; i < runs; i++) {
  for (const way of i % 2 ? ['source', 'built'] : ['built', 'source']) {
    const dir = mkdtempSync(join(tmpdir(), 'dh-hubstart-'))
    try {
      times[way].fresh.push(await start(ways[way], dir))
      times[way].again.push(await start(ways[way], dir))
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
}
for (const start of ['fresh', 'again']) {
  const b = median(times.built[start])
  const s = median(times.source[start])
  console.log(`hub start, ${start === 'fresh' ? 'new data folder' : 'existing data folder'}: built ${b.toFixed(0)} ms, source (tsx) ${s.toFixed(0)} ms, built/source ${(b / s).toFixed(2)}× (median of ${runs})`)
}
const worst = Math.max(median(times.built.fresh), median(times.built.again))
console.log(`built hub listening in ${worst.toFixed(0)} ms (target ≤ 1000 ms): ${worst <= 1000 ? 'met' : 'not met'}`)
